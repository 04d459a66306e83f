import { useEffect } from 'react';
import { callSession } from '../api/call-session';
import { apiFetch } from '../api/http';
import { useSessionEvent } from '../api/use-session-event';
import { dispatchChats } from '../store/chats';

/** Tells the server this tab holds the temporary chat (not connected: the next `ready` does it). */
function hold(chatId: string): void {
  callSession('temporaryChat', { chatId }).catch(() => undefined);
}

/**
 * A temporary chat is deleted as soon as its user leaves it (issue #49), also by closing the tab or
 * reloading the page: on `pagehide` the open temporary chat's delete goes out as a keepalive
 * request, which the browser finishes after the page is gone. A tab that dies without `pagehide`
 * (crashed, killed): while the chat is open, this tab's socket holds it (`temporaryChat`, again on
 * every reconnect), and the server deletes it TEMPORARY_CHAT_GRACE_MS after no socket holds it.
 * (Leaving inside the app: use-leave-temporary.ts; the last resort: the server's 24 h job.)
 */
export function useEndTemporaryOnPageHide(chatId: string, temporary: boolean): void {
  useEffect(() => {
    if (!temporary) return;
    hold(chatId);
    const end = () => {
      dispatchChats({ type: 'removed', chatId });
      apiFetch(`/users/me/chats/${encodeURIComponent(chatId)}`, { method: 'DELETE', keepalive: true }).catch(
        (error: unknown) => console.error('Failed to delete a temporary chat', error),
      );
    };
    window.addEventListener('pagehide', end);
    return () => window.removeEventListener('pagehide', end);
  }, [chatId, temporary]);
  // `ready` follows every (re)connect: the new socket holds the chat again (a network blip keeps it).
  useSessionEvent('ready', () => {
    if (temporary) hold(chatId);
  });
}
