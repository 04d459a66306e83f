import type { SessionSocket } from './session-open';

export type { SessionSocket };

let socket: SessionSocket | null = null;
let socketToken: string | null = null;
/** Bumped by every connect and disconnect, so a socket.io-client load that finishes late is dropped. */
let generation = 0;
let pendingSocket: Promise<SessionSocket | null> = Promise.resolve(null);
const listeners = new Set<(s: SessionSocket | null) => void>();
/**
 * Whether the page has connected or disconnected the session socket yet. A signed-in page connects
 * only once the server has answered its start-up check (use-session-connection.ts); a message sent
 * from a chat that showed before that waits for the connection instead of being refused.
 */
let begun = false;
let begin: () => void = () => undefined;
const begins = new Promise<void>((resolve) => {
  begin = resolve;
});
function markBegun(): void {
  begun = true;
  begin();
}

/**
 * Connects the session socket for a token (SPEC.md §4 Session; the socket's handlers are in
 * session-open.ts). socket.io-client and the handlers load here, the first time someone signs in,
 * not with the first route (docs/PERFORMANCE.md "Bundle", "First route"); resolves with the socket,
 * or null when a later connect or a disconnect came first.
 */
export async function connectSession(token: string): Promise<SessionSocket | null> {
  markBegun();
  if (socketToken === token) return socket ?? pendingSocket;
  disconnectSession();
  socketToken = token;
  const mine = ++generation;
  pendingSocket = import('./session-open').then(({ openSessionSocket }) => {
    if (mine !== generation) return null;
    const s = openSessionSocket(token, { current: getSessionSocket, disconnect: disconnectSession });
    socket = s;
    for (const l of listeners) l(s);
    return s;
  });
  return pendingSocket;
}

export function disconnectSession(): void {
  markBegun();
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

/**
 * The session socket once connected. A connection being made (socket.io-client loading just after
 * sign-in or a page load, the handshake, a reconnect) is waited for until `waitMs` have passed: a
 * message sent from a chat that has just opened goes once the socket is up instead of being
 * refused; so is the page's first connection, not asked for yet while the app starts (`begun`). Null
 * when there is none by then (signed out, offline, the server unreachable).
 */
export async function connectedSession(waitMs: number): Promise<SessionSocket | null> {
  if (socket?.connected) return socket;
  if (!socketToken && begun) return null;
  const deadline = Date.now() + waitMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeLeft = () =>
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
    });
  try {
    if (!begun) {
      await Promise.race([begins, timeLeft()]);
      clearTimeout(timer);
      if (!socketToken) return null;
    }
    const s = socket ?? (await Promise.race([pendingSocket, timeLeft()]));
    clearTimeout(timer);
    // Not trying to connect (disconnected on purpose, or refused by the server's auth).
    if (!s?.active) return s?.connected ? s : null;
    if (!s.connected) {
      let connected = () => {};
      const up = new Promise<void>((resolve) => {
        connected = resolve;
        s.once('connect', connected);
      });
      await Promise.race([up, timeLeft()]);
      s.off('connect', connected);
    }
    return s.connected ? s : null;
  } finally {
    clearTimeout(timer);
  }
}

/** Subscribes to socket (re)creation; returns an unsubscribe function. */
export function onSessionSocket(listener: (s: SessionSocket | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
