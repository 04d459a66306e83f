import type { SessionServerEvents } from '@neura/contract';
import { useEffect, useRef } from 'react';
import { getSessionSocket, onSessionSocket, type SessionSocket } from './session-socket';

/** Listens to a /session event for as long as the component is mounted, across reconnects. */
export function useSessionEvent<E extends keyof SessionServerEvents>(event: E, handler: SessionServerEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = ((...args: unknown[]) => (ref.current as (...a: unknown[]) => void)(...args)) as never;
    let current: SessionSocket | null = null;
    const attach = (s: SessionSocket | null) => {
      current?.off(event, listener);
      current = s;
      current?.on(event, listener);
    };
    attach(getSessionSocket());
    const unsubscribe = onSessionSocket(attach);
    return () => {
      unsubscribe();
      current?.off(event, listener);
    };
  }, [event]);
}
