import { SESSION_NAMESPACE, type SessionClientEvents, type SessionServerEvents, SOCKET_OPTIONS } from '@neura/contract';
import type { Socket } from 'socket.io-client';
import { dispatchChats } from '../store/chats';
import { clearSession } from '../store/session';
import { dispatchUser } from '../store/user';
import { apiBase, socketOrigin } from './base-url';

export type SessionSocket = Socket<SessionServerEvents, SessionClientEvents>;

let socket: SessionSocket | null = null;
let socketToken: string | null = null;
/** Bumped by every connect and disconnect, so a socket.io-client load that finishes late is dropped. */
let generation = 0;
let pendingSocket: Promise<SessionSocket | null> = Promise.resolve(null);
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;

/** The server could not check the token (database away): keep it and connect again, backing off. */
function reconnectLater(s: SessionSocket): void {
  clearTimeout(retryTimer);
  const delay = Math.min(SOCKET_OPTIONS.reconnectionDelay * 2 ** retries, SOCKET_OPTIONS.reconnectionDelayMax);
  retries++;
  retryTimer = setTimeout(() => {
    if (socket === s && !s.connected) s.connect();
  }, delay);
}
const listeners = new Set<(s: SessionSocket | null) => void>();

function socketPath(): string {
  // Same-origin deployments mount Socket.IO at /socket.io next to the API prefix.
  return '/socket.io';
}

/**
 * Connects the session socket for a token (SPEC.md §4 Session): on ready the user (with credits,
 * flags and Pro status) and the chats are loaded; on authError the session is cleared; on
 * serverUnavailable (a transient server failure) the token is kept and the socket connects again.
 * socket.io-client is loaded here, the first time someone signs in, not with the first route
 * (docs/PERFORMANCE.md "Bundle"); resolves with the socket, or null when a later connect or a
 * disconnect came first.
 */
export async function connectSession(token: string): Promise<SessionSocket | null> {
  if (socketToken === token) return socket ?? pendingSocket;
  disconnectSession();
  socketToken = token;
  const mine = ++generation;
  pendingSocket = import('socket.io-client').then(({ io }) => (mine === generation ? open(io, token) : null));
  return pendingSocket;
}

function open(io: typeof import('socket.io-client').io, token: string): SessionSocket {
  const s: SessionSocket = io(`${socketOrigin(apiBase())}${SESSION_NAMESPACE}`, {
    path: socketPath(),
    // The browser's IANA zone on every connect: the spending limits count its day (issue #49).
    query: { token, ...timeZoneQuery() },
    transports: ['websocket', 'polling'],
    timeout: SOCKET_OPTIONS.timeout,
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_OPTIONS.reconnectionDelayMax,
    randomizationFactor: SOCKET_OPTIONS.randomizationFactor,
    reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
  });
  s.on('ready', ({ user, chats }) => {
    retries = 0;
    dispatchUser({ type: 'loaded', user });
    dispatchChats({ type: 'loaded', chats });
  });
  s.on('updateCredits', ({ credits }) => dispatchUser({ type: 'credits', credits }));
  // Pro bought, renewed or ended (on this device or another): every tab shows it at once.
  s.on('user.changed', ({ user }) => dispatchUser({ type: 'loaded', user }));
  s.on('updateChats', ({ chats }) => dispatchChats({ type: 'loaded', chats }));
  s.on('serverUnavailable', () => reconnectLater(s));
  s.on('authError', () => {
    disconnectSession();
    clearSession();
  });
  // A hidden tab says so (on every connect too): the server pushes a finished reply only when no tab is seen.
  s.on('connect', () => {
    if (document.visibilityState === 'hidden') reportVisibility();
  });
  if (!watchingVisibility) {
    watchingVisibility = true;
    document.addEventListener('visibilitychange', reportVisibility);
  }
  socket = s;
  for (const l of listeners) l(s);
  return s;
}

/** `{ timeZone }` when the browser knows its zone. */
function timeZoneQuery(): { timeZone?: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? { timeZone } : {};
}

let watchingVisibility = false;
function reportVisibility(): void {
  if (socket?.connected) socket.emit('visibility', { hidden: document.visibilityState === 'hidden' });
}

export function disconnectSession(): void {
  clearTimeout(retryTimer);
  retries = 0;
  generation++;
  socketToken = null;
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
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
