import { useEffect } from 'react';
import { connectSession, disconnectSession } from '../api/session-socket';
import { useSessionEvent } from '../api/use-session-event';
import { answerRequestData } from '../skills/request-data';
import { useAppStore } from '../store/app-store';

/**
 * With a token the user is connected to the session socket; without one, disconnected. While
 * connected, the server's `requestData` (a skill needs the device location) is answered here.
 */
export function useSessionConnection(): void {
  const token = useAppStore((s) => s.token);
  const online = useAppStore((s) => s.serverOnline);
  useEffect(() => {
    if (token && online) void connectSession(token);
    else if (!token) disconnectSession();
  }, [token, online]);
  useSessionEvent('requestData', (payload, ack) => void answerRequestData(payload, ack));
}
