import { useAppStore } from './app-store';
import { dispatchChats } from './chats';
import { dispatchMessages } from './messages';
import { dispatchUser } from './user';

/** Logout of SPEC.md §4 on this device: forgets the token, the user (credits, Pro, flags), the chats and their messages. */
export function clearSession(): void {
  useAppStore.getState().setToken(null);
  dispatchUser({ type: 'cleared' });
  dispatchChats({ type: 'cleared' });
  dispatchMessages({ type: 'cleared' });
}
