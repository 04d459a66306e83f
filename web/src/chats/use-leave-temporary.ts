import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { callSession } from '../api/call-session';
import { dispatchChats, useChats } from '../store/chats';
import { openChatId } from './chat-actions';

/**
 * A temporary chat is deleted as soon as its user leaves it (issue #49): when the open chat was a
 * temporary one and the address moves elsewhere. A chat left by closing the tab: its `pagehide`
 * (use-end-temporary-on-hide.ts), or the server's grace once no socket holds it.
 */
export function useLeaveTemporary(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const left = previous.current;
    const now = openChatId(pathname);
    previous.current = now;
    if (!left || left === now) return;
    const chat = useChats.getState().chats.find((c) => c.id === left);
    if (!chat?.temporary) return;
    dispatchChats({ type: 'removed', chatId: left });
    callSession('deleteChat', left).catch((error: unknown) =>
      console.error('Failed to delete a temporary chat', error),
    );
  }, [pathname]);
}
