import type { SessionClientEvents, SessionServerEvents } from '@neura/contract';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<SessionServerEvents, SessionClientEvents>;

/** A real socket.io-client connection to a namespace, with the token in the handshake query. */
export function connectSocket(baseUrl: string, token: string | undefined, namespace = '/session'): TestSocket {
  return io(`${baseUrl}${namespace}`, {
    query: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves with the first payload of an event, or rejects after a timeout. */
// biome-ignore lint/suspicious/noExplicitAny: typed event maps differ per namespace; tests pick the payload type.
type AnySocket = { once: (event: any, listener: (payload: any) => void) => unknown };

export function nextEvent<T = unknown>(socket: AnySocket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${event}"`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
