import { useEffect } from 'react';
import { apiFetch } from '../api/http';
import { dispatchChats } from '../store/chats';

/**
 * A temporary chat is deleted as soon as its user leaves it (issue #49), also by closing the tab or
 * reloading the page: on `pagehide` the open temporary chat's delete goes out as a keepalive
 * request, which the browser finishes after the page is gone. (Leaving inside the app:
 * use-leave-temporary.ts; a chat whose page never said goodbye: the server's 24 h job.)
 */
export function useEndTemporaryOnPageHide(chatId: string, temporary: boolean): void {
  useEffect(() => {
    if (!temporary) return;
    const end = () => {
      dispatchChats({ type: 'removed', chatId });
      apiFetch(`/users/me/chats/${encodeURIComponent(chatId)}`, { method: 'DELETE', keepalive: true }).catch(
        (error: unknown) => console.error('Failed to delete a temporary chat', error),
      );
    };
    window.addEventListener('pagehide', end);
    return () => window.removeEventListener('pagehide', end);
  }, [chatId, temporary]);
}
