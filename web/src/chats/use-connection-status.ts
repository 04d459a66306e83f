import { useEffect, useState } from 'react';
import { getSessionSocket, onSessionSocket, type SessionSocket } from '../api/session-socket';

export type ConnectionStatus = 'online' | 'connecting' | 'offline';

/** The session socket's state: online once connected, connecting while (re)trying, offline without one. */
export function useConnectionStatus(): ConnectionStatus {
  const [status, setStatus] = useState<ConnectionStatus>(() => {
    const s = getSessionSocket();
    return s ? (s.connected ? 'online' : 'connecting') : 'offline';
  });
  useEffect(() => {
    let current: SessionSocket | null = null;
    const onConnect = () => setStatus('online');
    const onDisconnect = () => setStatus('connecting');
    const attach = (s: SessionSocket | null) => {
      current?.off('connect', onConnect);
      current?.off('disconnect', onDisconnect);
      current = s;
      setStatus(s ? (s.connected ? 'online' : 'connecting') : 'offline');
      s?.on('connect', onConnect);
      s?.on('disconnect', onDisconnect);
    };
    attach(getSessionSocket());
    const unsubscribe = onSessionSocket(attach);
    return () => {
      unsubscribe();
      current?.off('connect', onConnect);
      current?.off('disconnect', onDisconnect);
    };
  }, []);
  return status;
}
