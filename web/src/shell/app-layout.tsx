import { Outlet, useLocation } from 'react-router';
import { AuthModal } from '../auth/auth-modal';
import { useSessionEndRedirect } from '../auth/use-session-end-redirect';
import { useAppStore } from '../store/app-store';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { routeFor } from './routes';
import { Sidebar } from './sidebar';
import { Toaster } from './toaster';
import { useAuthGate } from './use-auth-gate';
import { useRouteTitle } from './use-route-title';
import { useSessionConnection } from './use-session-connection';
import { useStartup } from './use-startup';
import { useThemeClass } from './use-theme-class';

export function AppLayout() {
  useStartup();
  useRouteTitle();
  useAuthGate();
  useThemeClass();
  useSessionConnection();
  useSessionEndRedirect();
  const { pathname } = useLocation();
  const serverOnline = useAppStore((s) => s.serverOnline);
  const isChat = routeFor(pathname).name === 'chat';

  return (
    <div className="flex h-full">
      <Sidebar />
      <div className="flex min-h-full min-w-0 flex-1 flex-col">
        <Header />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        {isChat ? null : <Footer />}
      </div>
      <AuthModal />
      <Toaster />
      {serverOnline === false ? <OfflineNotice /> : null}
    </div>
  );
}
