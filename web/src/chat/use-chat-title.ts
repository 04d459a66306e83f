import { useEffect, useState } from 'react';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import { useChats } from '../store/chats';
import { fetchChat } from './chat-api';

/**
 * The header shows the chat's name: from the chat list, else fetched once; follows renames. A
 * draft chat (`chatId` null) shows `draftName` (the persona's name).
 */
export function useChatTitle(chatId: string | null, draftName?: string): void {
  const listed = useChats((s) => s.chats.find((c) => c.id === chatId)?.name);
  const [own, setOwn] = useState<{ chatId: string; name: string } | null>(null);
  const name = chatId === null ? draftName : (listed ?? (own?.chatId === chatId ? own.name : undefined));

  useEffect(() => {
    if (listed !== undefined || chatId === null) return;
    let cancelled = false;
    fetchChat(chatId)
      .then((chat) => {
        if (!cancelled) setOwn({ chatId, name: chat.name });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [chatId, listed]);

  // The route sets its generic title on navigation (a layout effect, before this one); the name
  // wins once known. The title is read, not subscribed to: the page does not render again for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another chat of the same name (`chatId`) had the route's title set again.
  useEffect(() => {
    const { viewTitle, setViewTitle } = useAppStore.getState();
    if (name && viewTitle !== name) setViewTitle(name);
  }, [name, chatId]);

  useSessionEvent('chat.renamed', ({ chatId: id, name: newName }) => {
    if (id !== chatId) return;
    // The list itself follows chat.renamed in the chat sync; this covers a chat not in the list.
    setOwn({ chatId: id, name: newName });
  });
}
