import { useLocation, useNavigate } from 'react-router';
import { useSessionEvent } from '../api/use-session-event';
import { dispatchChats, useChats } from '../store/chats';
import { appTexts } from '../texts/app-texts';
import { showToast } from '../ui/toast-store';
import { openChatId } from './chat-actions';
import { chatFields } from './chat-list-state';
import { useChatUiStore } from './chat-ui-store';
import { reloadChatList } from './chats-api';
import { refetchFolders, setFolders } from './queries/folders';

/**
 * Cross-session sync of SPEC.md §4: chat.created / renamed / updated / deleted keep this session in
 * step with the user's others. chat.deleted of the open chat goes home; chat.updated of an unknown
 * chat refetches the list. A rename is typed out in the list.
 */
export function useChatSync(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useSessionEvent('chat.created', ({ chat }) => dispatchChats({ type: 'upserted', chat }));

  useSessionEvent('chat.renamed', ({ chatId, name }) => {
    const ui = useChatUiStore.getState();
    const current = useChats.getState().chats.find((c) => c.id === chatId);
    ui.setRenaming(chatId, false);
    if (!current) return;
    if (current.name !== name) ui.markTyping(chatId);
    dispatchChats({ type: 'patched', chatId, fields: { name } });
  });

  useSessionEvent('chat.updated', ({ chatId, updatedFields }) => {
    if (!useChats.getState().chats.some((c) => c.id === chatId)) {
      reloadChatList().catch((error: unknown) => console.error('Failed to refetch chats', error));
      return;
    }
    dispatchChats({ type: 'patched', chatId, fields: chatFields(updatedFields) });
  });

  useSessionEvent('folders.changed', ({ folders }) => setFolders(folders));
  // A (re)connected session may have missed folders.changed: the list is read again.
  useSessionEvent('ready', () => void refetchFolders());

  useSessionEvent('chat.deleted', ({ chatId }) => {
    dispatchChats({ type: 'removed', chatId });
    if (openChatId(pathname) === chatId) {
      showToast({ severity: 'info', message: appTexts.chats.deletedElsewhere });
      navigate('/');
    }
  });
}
