import { Outlet, useLocation } from 'react-router';
import { AuthModal } from '../auth/auth-modal';
import { useAppStore } from '../store/app-store';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { routeFor } from './routes';
import { useAuthGate } from './use-auth-gate';
import { useRouteTitle } from './use-route-title';
import { useStartup } from './use-startup';
import { useThemeClass } from './use-theme-class';

export function AppLayout() {
  useStartup();
  useRouteTitle();
  useAuthGate();
  useThemeClass();
  const { pathname } = useLocation();
  const serverOnline = useAppStore((s) => s.serverOnline);
  const isChat = routeFor(pathname).name === 'chat';

  return (
    <div className="flex min-h-full flex-col">
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {isChat ? null : <Footer />}
      <AuthModal />
      {serverOnline === false ? <OfflineNotice /> : null}
    </div>
  );
}
