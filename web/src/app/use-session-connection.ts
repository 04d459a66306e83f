import { useEffect } from 'react';
import { fetchPersonas } from '../api/personas';
import { connectSession, disconnectSession } from '../api/session-socket';
import { useSessionEvent } from '../api/use-session-event';
import { useAppStore } from '../store/app-store';
import { setPersonas } from '../store/personas';

/**
 * With a token the user is connected to the session socket; without one, disconnected. While
 * connected, the server's `requestData` (a skill needs the device location) is answered here, and
 * a catalog the operator changed (`personas.changed`) is fetched again (Explore and New Chat follow).
 */
export function useSessionConnection(): void {
  const token = useAppStore((s) => s.token);
  // Only with a token: a visitor's shell does not render again when the server check answers (issue #50).
  const online = useAppStore((s) => !!s.token && !!s.serverOnline);
  useEffect(() => {
    if (token && online) void connectSession(token);
    else if (!token) disconnectSession();
  }, [token, online]);
  // The device-location skill's code (geolocation, its texts) loads with the first request.
  useSessionEvent(
    'requestData',
    (payload, ack) => void import('../skills/request-data').then((m) => m.answerRequestData(payload, ack)),
  );
  useSessionEvent('personas.changed', () => {
    fetchPersonas()
      .then(setPersonas)
      .catch((error: unknown) => console.error('Failed to reload personas', error));
  });
}
