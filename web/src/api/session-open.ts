import { SESSION_NAMESPACE, type SessionClientEvents, type SessionServerEvents, SOCKET_OPTIONS } from '@neura/contract';
import { io, type Socket } from 'socket.io-client';
import { dispatchChats } from '../store/chats';
import { clearSession } from '../store/session';
import { dispatchUser } from '../store/user';
import { apiBase, socketOrigin } from './base-url';

export type SessionSocket = Socket<SessionServerEvents, SessionClientEvents>;

/** What session-socket.ts gives the socket: the socket it holds now, and its disconnect. */
interface Holder {
  current: () => SessionSocket | null;
  disconnect: () => void;
}

/** Same-origin deployments mount Socket.IO at /socket.io next to the API prefix. */
const SOCKET_PATH = '/socket.io';

/**
 * The session socket of a token with its handlers (SPEC.md §4 Session), loaded with socket.io-client
 * by connectSession (session-socket.ts, which holds the socket) when someone signs in: on ready the
 * user (with credits, flags and Pro status) and the chats are loaded; on authError the session is
 * cleared; on
 * serverUnavailable (a transient server failure) the token is kept and the socket connects again,
 * backing off. A socket that session-socket.ts has let go of (a disconnect) does nothing more.
 */
export function openSessionSocket(token: string, holder: Holder): SessionSocket {
  const s: SessionSocket = io(`${socketOrigin(apiBase())}${SESSION_NAMESPACE}`, {
    path: SOCKET_PATH,
    // The browser's IANA zone on every connect: the spending limits count its day (issue #49).
    query: { token, ...timeZoneQuery() },
    transports: ['websocket', 'polling'],
    timeout: SOCKET_OPTIONS.timeout,
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_OPTIONS.reconnectionDelayMax,
    randomizationFactor: SOCKET_OPTIONS.randomizationFactor,
    reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
  });
  const retry = reconnector(s, holder);
  s.on('ready', ({ user, chats }) => {
    retry.reset();
    dispatchUser({ type: 'loaded', user });
    dispatchChats({ type: 'loaded', chats });
  });
  s.on('updateCredits', ({ credits }) => dispatchUser({ type: 'credits', credits }));
  // Pro bought, renewed or ended (on this device or another): every tab shows it at once.
  s.on('user.changed', ({ user }) => dispatchUser({ type: 'loaded', user }));
  s.on('updateChats', ({ chats }) => dispatchChats({ type: 'loaded', chats }));
  s.on('serverUnavailable', retry.later);
  s.on('authError', () => {
    holder.disconnect();
    clearSession();
  });
  // A hidden tab says so (on every connect too): the server pushes a finished reply only when no tab is seen.
  s.on('connect', () => {
    if (document.visibilityState === 'hidden') reportVisibility();
  });
  current = holder.current;
  if (!watchingVisibility) {
    watchingVisibility = true;
    document.addEventListener('visibilitychange', reportVisibility);
  }
  return s;
}

/** `{ timeZone }` when the browser knows its zone. */
function timeZoneQuery(): { timeZone?: string } {
  // Temporal's answer where the browser has it: building the first Intl.DateTimeFormat loads the
  // locale's data, a task of its own of 100+ ms at 4× CPU in the middle of opening a chat (issue #50
  // item 3); Temporal.Now reads the same host zone without it.
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  const timeZone = temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZone ? { timeZone } : {};
}

/** The server could not check the token (database away): connect again later, backing off. */
function reconnector(s: SessionSocket, holder: Holder) {
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    reset: () => {
      retries = 0;
    },
    later: () => {
      clearTimeout(timer);
      const delay = Math.min(SOCKET_OPTIONS.reconnectionDelay * 2 ** retries, SOCKET_OPTIONS.reconnectionDelayMax);
      retries++;
      timer = setTimeout(() => {
        if (holder.current() === s && !s.connected) s.connect();
      }, delay);
    },
  };
}

let watchingVisibility = false;
let current: Holder['current'] = () => null;
function reportVisibility(): void {
  const socket = current();
  if (socket?.connected) socket.emit('visibility', { hidden: document.visibilityState === 'hidden' });
}
