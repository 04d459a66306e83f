import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../auth/logout';

/** Ends the session on this device (revoking the token on the server unless it is gone already). */
export async function endSession(options: { revoke: boolean }): Promise<void> {
  await logout({ callServer: options.revoke });
}

/** Logout with a pending flag for the settings button: POST /users/logout, clear the session, go to /. */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const run = useCallback(async () => {
    setPending(true);
    try {
      await endSession({ revoke: true });
      navigate('/');
    } finally {
      setPending(false);
    }
  }, [navigate]);
  return { logout: run, pending };
}
