import { lazy, memo, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePageViews } from '../analytics/use-page-views';
import { useSessionEndRedirect } from '../auth/use-session-end-redirect';
import { endFirstPaint } from '../personas/first-paint';
import { useUpdateAvailable } from '../pwa/update-available';
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
import { useAuthGate } from './use-auth-gate';
import { useKeyboardScroll } from './use-keyboard-scroll';
import { useNavigationEffects } from './use-navigation-effects';
import { useSessionConnection } from './use-session-connection';
import { useStartup } from './use-startup';
import { useThemeClass } from './use-theme-class';
import { VersionWarning } from './version-warning';
import { ViewTransition } from './view-transition';

// The flyout shows markdown: its renderer loads with it (a module graph of its own, see ui/lazy-markdown).
const HelpFlyout = lazy(() => withMarkdown(import('../help/help-flyout')));

/** "Update available" loads once a new version waits. */
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

// The shell's heavy parts (they take no props) render again for their own state only, not with every
// render of the layout (its store values change while a page mounts, and a store's change is
// rendered synchronously: with the sidebar's chat list and the chat runtime inside, 100-300 ms at
// 4× CPU; docs/PERFORMANCE.md "Slow phones").
const ShellSidebar = memo(Sidebar);
const ShellHeader = memo(Header);

const SubscribeModal = lazy(() => import('./subscribe-modal').then((m) => ({ default: m.SubscribeModal })));

/** The subscribe modal loads the first time it opens and stays mounted afterwards (its closing animation). */
function LazySubscribeModal() {
  const open = useAppStore((s) => s.activeModal === 'subscribe');
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeModal />
    </Suspense>
  );
}

/** The auth modal's chunk (the start-up asks for it before the first render when it opens at once). */
export const loadAuthModal = () => import('../auth/auth-modal').then((m) => ({ default: m.AuthModal }));
const AuthModal = lazy(loadAuthModal);

/**
 * The auth modal's pages load the first time it opens (signed-in visits never need them), and
 * stay mounted afterwards so its closing animation plays.
 */
function LazyAuthModal() {
  const open = useAppStore((s) => s.activeModal === 'auth');
  const [wanted, setWanted] = useState(open);
  const { pathname } = useLocation();
  const token = useAppStore((s) => s.token);
  const browsing = useAppStore((s) => s.browsing);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  // A visitor the modal was put in front of may browse instead: on a page for signed-in users
  // that means Explore; on the sign-in entry (Explore itself), staying.
  const route = routeFor(pathname);
  const browse = token ? undefined : route.auth ? 'leave' : route.entry && !browsing ? 'stay' : undefined;
  return (
    <Suspense fallback={null}>
      <AuthModal browse={browse} />
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
  // Only its answer "offline" changes the shell: the usual answer renders nothing again (issue #50).
  const offline = useAppStore((s) => s.serverOnline === false);
  const helpOpen = useAppStore((s) => s.activeHelpDoc !== null);
  const updateWaiting = useUpdateAvailable((s) => s.waiting !== null);
  const routeName = routeFor(pathname).name;
  const isChat = routeName === 'chat';
  // A fixed-height shell (every width): the window never scrolls, so the sidebar, the header and
  // the phone's tab bar hold still; only the main column scrolls. The chat and the chat list fill
  // it exactly (their own lists scroll), so the composer is never pushed below the fold.
  const fill = isChat || routeName === 'chats';
  const main = useRef<HTMLElement>(null);
  // A new page starts at its top (the column is kept from page to page). Not on the first page: the
  // column starts there, and writing scrollTop would lay the whole app out during the first commit.
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (main.current) main.current.scrollTop = 0;
  }, [pathname]);
  useKeyboardScroll(main);
  // The server's first paint is of Explore: another page, or the offline notice, shows at once.
  useLayoutEffect(() => {
    if (routeName !== 'home' || offline) endFirstPaint();
  }, [routeName, offline]);

  return (
    <div className="flex h-dvh overflow-hidden">
      <SkipLink toComposer={isChat} />
      <ShellSidebar />
      <div className="flex h-full min-w-0 flex-1 flex-col">
        <StoreBanner />
        <ShellHeader />
        <VersionWarning />
        {/* The scrolling column is a tab stop of its own (the keyboard scrolls it, also on a page
            with nothing else to focus); a filled page's own lists scroll instead. */}
        <main
          id="main"
          ref={main}
          tabIndex={fill ? -1 : 0}
          className={`relative min-h-0 flex-1 overflow-x-clip ${fill ? 'flex flex-col focus:outline-none' : 'overflow-y-auto overscroll-y-contain focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent'}`}
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
      <LazySubscribeModal />
      <Toaster />
      {updateWaiting ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
      {offline ? <OfflineNotice /> : null}
    </div>
  );
}
