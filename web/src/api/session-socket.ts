import { SESSION_NAMESPACE, type SessionClientEvents, type SessionServerEvents, SOCKET_OPTIONS } from '@neura/contract';
import { io, type Socket } from 'socket.io-client';
import { dispatchChats } from '../store/chats';
import { clearSession } from '../store/session';
import { dispatchUser } from '../store/user';
import { apiBase, socketOrigin } from './base-url';

export type SessionSocket = Socket<SessionServerEvents, SessionClientEvents>;

let socket: SessionSocket | null = null;
let socketToken: string | null = null;
const listeners = new Set<(s: SessionSocket | null) => void>();

function socketPath(): string {
  // Same-origin deployments mount Socket.IO at /socket.io next to the API prefix.
  return '/socket.io';
}

/**
 * Connects the session socket for a token (SPEC.md §4 Session): on ready the user (with credits,
 * flags and Pro status) and the chats are loaded; on authError the session is cleared.
 */
export function connectSession(token: string): SessionSocket {
  if (socket && socketToken === token) return socket;
  disconnectSession();
  const s: SessionSocket = io(`${socketOrigin(apiBase())}${SESSION_NAMESPACE}`, {
    path: socketPath(),
    query: { token },
    transports: ['websocket', 'polling'],
    timeout: SOCKET_OPTIONS.timeout,
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_OPTIONS.reconnectionDelayMax,
    randomizationFactor: SOCKET_OPTIONS.randomizationFactor,
    reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
  });
  s.on('ready', ({ user, chats }) => {
    dispatchUser({ type: 'loaded', user });
    dispatchChats({ type: 'loaded', chats });
  });
  s.on('updateCredits', ({ credits }) => dispatchUser({ type: 'credits', credits }));
  s.on('updateChats', ({ chats }) => dispatchChats({ type: 'loaded', chats }));
  s.on('authError', () => {
    disconnectSession();
    clearSession();
  });
  socket = s;
  socketToken = token;
  for (const l of listeners) l(s);
  return s;
}

export function disconnectSession(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  socketToken = null;
  for (const l of listeners) l(null);
}

export function getSessionSocket(): SessionSocket | null {
  return socket;
}

/** Subscribes to socket (re)creation; returns an unsubscribe function. */
export function onSessionSocket(listener: (s: SessionSocket | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
