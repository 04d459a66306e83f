import { useAppStore } from './app-store';
import { dispatchChats } from './chats';
import { dispatchUser } from './user';

/**
 * Logout of SPEC.md §4 on this device: forgets the token, the user (credits, Pro, flags) and the
 * chats. The messages store forgets its chats on the same token change (see messages.ts).
 */
export function clearSession(): void {
  useAppStore.getState().setToken(null);
  dispatchUser({ type: 'cleared' });
  dispatchChats({ type: 'cleared' });
}
