import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthModal } from '../auth/auth-modal';
import { useSessionEndRedirect } from '../auth/use-session-end-redirect';
import { useAppStore } from '../store/app-store';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { routeFor } from './routes';
import { Sidebar } from './sidebar';
import { SubscribeModal } from './subscribe-modal';
import { Toaster } from './toaster';
import { UpdatePrompt } from './update-prompt';
import { useAuthGate } from './use-auth-gate';
import { useNavigationEffects } from './use-navigation-effects';
import { useSessionConnection } from './use-session-connection';
import { useStartup } from './use-startup';
import { useThemeClass } from './use-theme-class';
import { VersionWarning } from './version-warning';
import { ViewTransition } from './view-transition';

const HelpFlyout = lazy(() => import('../help/help-flyout'));

export function AppLayout() {
  useStartup();
  useNavigationEffects();
  useAuthGate();
  useThemeClass();
  useSessionConnection();
  useSessionEndRedirect();
  const { pathname } = useLocation();
  const serverOnline = useAppStore((s) => s.serverOnline);
  const helpOpen = useAppStore((s) => s.activeHelpDoc !== null);
  const isChat = routeFor(pathname).name === 'chat';

  return (
    <div className="flex h-full">
      <Sidebar />
      <div className="flex min-h-full min-w-0 flex-1 flex-col">
        <Header />
        <VersionWarning />
        <main id="main" className="relative flex-1 overflow-x-clip">
          <ViewTransition>
            <Outlet />
          </ViewTransition>
        </main>
        {isChat ? null : <Footer />}
      </div>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpFlyout />
        </Suspense>
      ) : null}
      <AuthModal />
      <SubscribeModal />
      <Toaster />
      <UpdatePrompt />
      {serverOnline === false ? <OfflineNotice /> : null}
    </div>
  );
}
