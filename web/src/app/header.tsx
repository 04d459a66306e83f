import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppStore } from '../store/app-store';
import { useChats } from '../store/chats';
import { selectCredits, useUser } from '../store/user';
import { texts } from '../texts/texts';
import { Button } from '../ui/button';
import { headerLeftAction } from './header-left';

/** The chat's editable name (signed in, on a chat page): its rename code loads with the chat pages. */
const ChatTitle = lazy(() => import('../chats/chat-title').then((m) => ({ default: m.ChatTitle })));

const LEFT = {
  'to-chats': {
    get label() {
      return texts.nav.chats;
    },
    icon: '‹',
  },
  'new-chat': {
    get label() {
      return texts.nav.newChat;
    },
    icon: '+',
  },
  back: { label: texts.nav.back, icon: '‹' },
} as const;

/** Header: the left button of SPEC.md §2, the view title, the credits badge and the help button. */
export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useAppStore((s) => s.viewTitle);
  const credits = useUser(selectCredits);
  const token = useAppStore((s) => s.token);
  const setActiveModal = useAppStore((s) => s.setActiveModal);
  const action = headerLeftAction(pathname);
  // On a chat page the title is the chat's name, and clicking it renames the chat (SPEC.md §4).
  const chatId = action === 'to-chats' ? (pathname.split('/')[2] ?? null) : null;
  const chatListed = useChats((s) => chatId !== null && s.chats.some((c) => c.id === chatId));

  const onLeft = () => {
    if (action === 'to-chats') navigate('/chats');
    else if (action === 'new-chat') setActiveModal(token ? 'newchat' : 'auth');
    else if (window.history.state && (window.history.state as { idx?: number }).idx) navigate(-1);
    else navigate('/');
  };

  return (
    <header className="relative z-30 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface/95 px-2 backdrop-blur">
      <Button
        onClick={onLeft}
        aria-label={LEFT[action].label}
        data-testid="header-left"
        data-action={action}
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-2xl hover:bg-surface-3"
      >
        <span aria-hidden="true">{LEFT[action].icon}</span>
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-center text-lg font-semibold" data-testid="view-title">
        {chatId && chatListed ? (
          <Suspense fallback={title}>
            <ChatTitle chatId={chatId} />
          </Suspense>
        ) : (
          title
        )}
      </h1>
      {token ? (
        <Link
          to="/settings/credits"
          data-testid="credits-badge"
          aria-label={texts.header.creditsBadge(credits)}
          data-empty={credits === 0 ? 'true' : undefined}
          className={`credits-badge flex h-8 min-w-10 shrink-0 items-center justify-center gap-1 rounded-full px-3 text-sm font-medium ${credits === 0 ? 'border border-danger bg-danger/15 text-danger' : 'bg-surface-3'}`}
        >
          {credits ?? '…'}
        </Link>
      ) : null}
      <Button
        onClick={() => void import('../help/help-actions').then((m) => m.openHelpDoc())}
        aria-label={texts.help.open}
        data-testid="help-button"
        className="box-border flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-border text-base leading-none font-semibold hover:bg-surface-3"
      >
        <span aria-hidden="true">?</span>
      </Button>
    </header>
  );
}
