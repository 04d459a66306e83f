import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api/http';
import { disconnectSession } from '../api/session-socket';
import { useAppStore } from '../store/app-store';

/** Ends the session on this device: revokes the token, forgets it locally and goes to /. */
export async function endSession(options: { revoke: boolean }): Promise<void> {
  if (options.revoke) {
    // Signed out locally even when the server cannot be told (the token then expires unused).
    await api('/users/logout', { method: 'POST' }).catch((error: unknown) =>
      console.warn('Logout request failed', error),
    );
  }
  disconnectSession();
  useAppStore.getState().clearSession();
}

/** Logout (SPEC.md §4 Session): POST /users/logout, clear the session, go to /. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await endSession({ revoke: true });
      navigate('/');
    } finally {
      setPending(false);
    }
  }, [navigate]);
  return { logout, pending };
}
