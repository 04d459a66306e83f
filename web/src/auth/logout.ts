import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { disconnectSession } from '../api/session-socket';
import { useAppStore } from '../store/app-store';
import { clearSession } from '../store/session';
import { logoutCall } from './auth-api';

/**
 * Logout of SPEC.md §4: ends the session on the server (best effort), disconnects the socket and
 * clears token, user, flags, credits, Pro status and chats. `useSessionEndRedirect` then goes to /.
 * After deleting the account the session is gone already: `logout({ callServer: false })`.
 */
export async function logout(options: { callServer?: boolean } = {}): Promise<void> {
  if (options.callServer !== false && useAppStore.getState().token) {
    try {
      await logoutCall();
    } catch (error) {
      console.warn('Logout call failed; clearing the local session anyway', error);
    }
  }
  disconnectSession();
  clearSession();
}

/** `const doLogout = useLogout()` in any component (e.g. settings): logs out and goes to /. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    navigate('/');
  }, [navigate]);
}
