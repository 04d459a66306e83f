import { Link, useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { routeFor } from './routes';
import { texts } from './texts';

const NEW_CHAT_ROUTES = new Set(['home', 'chats', 'create', 'settings']);

/** Header: the left button of SPEC.md §2, the view title and the credits badge. */
export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useAppStore((s) => s.viewTitle);
  const credits = useAppStore((s) => s.credits);
  const token = useAppStore((s) => s.token);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const route = routeFor(pathname);

  let left: { label: string; onClick: () => void; icon: string };
  if (route.name === 'chat') left = { label: texts.nav.chats, onClick: () => navigate('/chats'), icon: '‹' };
  else if (NEW_CHAT_ROUTES.has(route.name))
    left = { label: texts.nav.newChat, onClick: () => setActiveModal('newchat'), icon: '+' };
  else left = { label: texts.nav.back, onClick: () => navigate(-1), icon: '‹' };

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-surface/95 px-3 backdrop-blur">
      <button
        type="button"
        onClick={left.onClick}
        aria-label={left.label}
        data-testid="header-left"
        className="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-surface-3"
      >
        <span aria-hidden="true">{left.icon}</span>
      </button>
      <h1 className="min-w-0 flex-1 truncate text-center text-lg font-semibold" data-testid="view-title">
        {title}
      </h1>
      {token ? (
        <Link
          to="/settings/credits"
          data-testid="credits-badge"
          aria-label={`${texts.nav.credits}: ${credits ?? '…'}`}
          className="rounded-full bg-surface-3 px-3 py-1 text-sm font-medium"
        >
          {credits ?? '…'}
        </Link>
      ) : (
        <span className="w-10" aria-hidden="true" />
      )}
    </header>
  );
}
