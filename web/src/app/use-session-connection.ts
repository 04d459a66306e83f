import { useEffect } from 'react';
import { connectSession, disconnectSession } from '../api/session-socket';
import { useAppStore } from '../store/app-store';

/** With a token the user is connected to the session socket; without one, disconnected. */
export function useSessionConnection(): void {
  const token = useAppStore((s) => s.token);
  const online = useAppStore((s) => s.serverOnline);
  useEffect(() => {
    if (token && online) connectSession(token);
    else if (!token) disconnectSession();
  }, [token, online]);
}
