import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageViews } from '../analytics/use-page-views';
import { useSessionEndRedirect } from '../auth/use-session-end-redirect';
import { useAppStore } from '../store/app-store';
import { StoreBanner } from '../store-banner/store-banner';
import { withMarkdown } from '../ui/lazy-markdown';
import { Toaster } from '../ui/toaster';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { routeFor } from './routes';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';
import { SubscribeModal } from './subscribe-modal';
import { UpdatePrompt } from './update-prompt';
import { useAuthGate } from './use-auth-gate';
import { useNavigationEffects } from './use-navigation-effects';
import { useSessionConnection } from './use-session-connection';
import { useStartup } from './use-startup';
import { useThemeClass } from './use-theme-class';
import { VersionWarning } from './version-warning';
import { ViewTransition } from './view-transition';

// The flyout shows markdown: its renderer loads with it (a module graph of its own, see ui/lazy-markdown).
const HelpFlyout = lazy(() => withMarkdown(import('../help/help-flyout')));

const AuthModal = lazy(() => import('../auth/auth-modal').then((m) => ({ default: m.AuthModal })));

/**
 * The auth modal's pages load the first time it opens (signed-in visits never need them), and
 * stay mounted afterwards so its closing animation plays.
 */
function LazyAuthModal() {
  const open = useAppStore((s) => s.activeModal === 'auth');
  const [wanted, setWanted] = useState(open);
  const { pathname } = useLocation();
  const token = useAppStore((s) => s.token);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal gated={routeFor(pathname).auth && !token} />
    </Suspense>
  );
}

export function AppLayout() {
  useStartup();
  useNavigationEffects();
  useAuthGate();
  useThemeClass();
  useSessionConnection();
  useSessionEndRedirect();
  usePageViews();
  const { pathname } = useLocation();
  const serverOnline = useAppStore((s) => s.serverOnline);
  const helpOpen = useAppStore((s) => s.activeHelpDoc !== null);
  const routeName = routeFor(pathname).name;
  const isChat = routeName === 'chat';
  // The chat and the chat list fill the screen exactly (their own lists scroll): the column is one
  // screen tall and whatever sits above the page (store banner, version warning) takes its share,
  // so the composer is never pushed below the fold.
  const fill = isChat || routeName === 'chats';

  return (
    <div className="flex h-full">
      <SkipLink toComposer={isChat} />
      <Sidebar />
      <div className={`flex min-w-0 flex-1 flex-col ${fill ? 'h-dvh' : 'min-h-full'}`}>
        <StoreBanner />
        <Header />
        <VersionWarning />
        <main
          id="main"
          tabIndex={-1}
          className={`relative flex-1 focus:outline-none overflow-x-clip ${fill ? 'flex min-h-0 flex-col' : ''}`}
        >
          <ViewTransition fill={fill}>
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
      <LazyAuthModal />
      <SubscribeModal />
      <Toaster />
      <UpdatePrompt />
      {serverOnline === false ? <OfflineNotice /> : null}
    </div>
  );
}
