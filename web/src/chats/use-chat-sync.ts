import { useLocation, useNavigate } from 'react-router';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import { openChatId } from './chat-actions';
import { chatFields, patchChat, removeChat, upsertChat } from './chat-list-state';
import { useChatUiStore } from './chat-ui-store';
import { reloadChatList } from './chats-api';

/**
 * Cross-session sync of SPEC.md §4: chat.created / renamed / updated / deleted keep this session in
 * step with the user's others. chat.deleted of the open chat goes home; chat.updated of an unknown
 * chat refetches the list. A rename is typed out in the list.
 */
export function useChatSync(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const set = useAppStore.setState;

  useSessionEvent('chat.created', ({ chat }) => set((s) => ({ chats: upsertChat(s.chats, chat) })));

  useSessionEvent('chat.renamed', ({ chatId, name }) => {
    const ui = useChatUiStore.getState();
    const current = useAppStore.getState().chats.find((c) => c.id === chatId);
    ui.setRenaming(chatId, false);
    if (!current) return;
    if (current.name !== name) ui.markTyping(chatId);
    set((s) => ({ chats: patchChat(s.chats, chatId, { name }) }));
  });

  useSessionEvent('chat.updated', ({ chatId, updatedFields }) => {
    if (!useAppStore.getState().chats.some((c) => c.id === chatId)) {
      reloadChatList().catch((error: unknown) => console.error('Failed to refetch chats', error));
      return;
    }
    set((s) => ({ chats: patchChat(s.chats, chatId, chatFields(updatedFields)) }));
  });

  useSessionEvent('chat.deleted', ({ chatId }) => {
    set((s) => ({ chats: removeChat(s.chats, chatId) }));
    if (openChatId(pathname) === chatId) navigate('/');
  });
}
