import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AccountStatus } from '../chats/account-status';
import { openChatId } from '../chats/chat-paths';
import { NewChatButton } from '../chats/new-chat-button';
import { useAppStore } from '../store/app-store';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';

// Signed-in only: loaded once there is a token, so visitors never download the chat list (with its
// virtualizer), the New Chat modal or the chat menus (docs/PERFORMANCE.md "Bundle").
// Both wait for the texts of folders and temporary chats (issue #49), a part of their own.
const organiseReady = () => import('../chats/organise-ready').then((m) => m.organiseTextsReady);
// The list itself is mounted at desktop widths only (chats/sidebar-chat-list.tsx).
const SidebarChatList = lazy(() =>
  Promise.all([import('../chats/sidebar-chat-list'), organiseReady()]).then(([m]) => ({ default: m.SidebarChatList })),
);
/** Log out (signed in only): the auth client comes with it. */
const LogoutButton = lazy(() => import('../auth/logout-button').then((m) => ({ default: m.LogoutButton })));
/** New Chat signed in: the chat operations load with the first click (the chat list preloads them). */
const startNewChat = (navigate: (to: string) => void) =>
  void import('../chats/chat-actions').then((m) => m.startChat(null, navigate));
const ChatsRuntime = lazy(() =>
  Promise.all([import('../chats/chats-runtime'), organiseReady()]).then(([m]) => ({ default: m.ChatsRuntime })),
);

/**
 * The desktop sidebar (SPEC.md §2, shown at ≥ 1024 px): New Chat, search and the chat list with
 * its menu, Home, Settings or Login, Purchase, the Pro or Insider label, the connection status
 * and Terms / Privacy. Signed in, it also mounts the app-wide chat runtime (sync, New Chat modal,
 * menus), which works at every width.
 */
export function Sidebar() {
  const token = useAppStore((s) => s.token);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasActiveChat = openChatId(pathname) !== null;

  return (
    <>
      {token ? (
        <Suspense fallback={null}>
          <ChatsRuntime />
        </Suspense>
      ) : null}
      <aside
        aria-label="Sidebar"
        className="hidden h-full w-72 shrink-0 flex-col gap-3 border-e border-border bg-surface-2 p-3 lg:flex"
      >
        <NewChatButton onClick={() => (token ? startNewChat(navigate) : setActiveModal('auth'))} />
        {token ? (
          <Suspense fallback={<div className="flex-1" />}>
            <SidebarChatList />
          </Suspense>
        ) : (
          <div className="flex flex-1 flex-col gap-3 p-1">
            <p className="text-sm text-muted" data-testid="sidebar-logged-out">
              {texts.nav.loggedOutPrompt}
            </p>
            <Button
              onClick={() => setActiveModal('auth')}
              className="rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-surface-3"
            >
              {texts.nav.loginSignup}
            </Button>
          </div>
        )}
        <nav aria-label="Account" className="flex flex-col gap-1 border-t border-border pt-3 text-sm">
          <Link to="/" className="rounded-md px-2 py-1.5 hover:bg-surface-3">
            {texts.nav.home}
          </Link>
          {token ? (
            <>
              <Link to="/settings" className="rounded-md px-2 py-1.5 hover:bg-surface-3">
                {texts.nav.settings}
              </Link>
              <Suspense fallback={null}>
                <LogoutButton className="rounded-md px-2 py-1.5 text-start hover:bg-surface-3" />
              </Suspense>
            </>
          ) : (
            <Button
              className="rounded-md px-2 py-1.5 text-start hover:bg-surface-3"
              onClick={() => setActiveModal('auth')}
            >
              {texts.nav.login}
            </Button>
          )}
          <Link to="/settings/credits" className="rounded-md px-2 py-1.5 hover:bg-surface-3">
            {texts.nav.purchase}
          </Link>
          <AccountStatus className="px-2 py-1.5" onlineText={hasActiveChat ? undefined : texts.nav.assistantOnline} />
          <span className="flex gap-3 px-2 text-xs text-muted">
            <Link to="/terms" className="hover:text-fg">
              {texts.nav.terms}
            </Link>
            <Link to="/privacy" className="hover:text-fg">
              {texts.nav.privacy}
            </Link>
          </span>
          <p className="px-2 text-xs text-muted" data-testid="copyright">
            {texts.nav.copyright}
          </p>
        </nav>
      </aside>
    </>
  );
}
