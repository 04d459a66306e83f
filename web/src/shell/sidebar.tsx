import { Link } from 'react-router';
import { LogoutButton } from '../auth/logout-button';
import { useAppStore } from '../store/app-store';
import { texts } from './texts';

/** The desktop sidebar (≥ 1024 px). Its chat list and menus come with the personas-and-chats issue. */
export function Sidebar() {
  const token = useAppStore((s) => s.token);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  return (
    <aside
      aria-label="Sidebar"
      className="hidden w-72 shrink-0 flex-col gap-2 border-r border-border bg-surface-2 p-3 lg:flex"
    >
      <button
        type="button"
        onClick={() => setActiveModal(token ? 'newchat' : 'auth')}
        className="rounded-lg bg-accent px-3 py-2 font-medium text-accent-fg"
      >
        {texts.nav.newChat}
      </button>
      {token ? null : <p className="text-sm text-muted">{texts.nav.loggedOutPrompt}</p>}
      <nav className="mt-auto flex flex-col gap-1 text-sm">
        <Link to="/">{texts.nav.home}</Link>
        {token ? (
          <>
            <Link to="/settings">{texts.nav.settings}</Link>
            <LogoutButton />
          </>
        ) : (
          <button type="button" className="text-left" onClick={() => setActiveModal('auth')}>
            {texts.nav.loginSignup}
          </button>
        )}
        <Link to="/settings/credits">{texts.nav.purchase}</Link>
        <span className="flex gap-3 text-muted">
          <Link to="/terms">{texts.nav.terms}</Link>
          <Link to="/privacy">{texts.nav.privacy}</Link>
        </span>
      </nav>
    </aside>
  );
}
