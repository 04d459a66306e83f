import type { Namespace } from 'socket.io';
import { type SocketData, userRoom } from './socket-types.js';

/** One connected tab of a user: when it said it was hidden (unset while it is seen). */
export interface Presence {
  hiddenSince?: number;
}

/**
 * The user's sockets in `namespace` on every process (the Redis adapter asks the others), each
 * with its `hiddenSince` (the `visibility` event, notifications/). Redis away: this process's only.
 */
export async function presenceIn(namespace: Namespace, userId: string): Promise<Presence[]> {
  const room = userRoom(userId);
  const sockets = await namespace
    .in(room)
    .fetchSockets()
    .catch(() => namespace.local.in(room).fetchSockets());
  return sockets.map((s) => ({ hiddenSince: (s.data as SocketData).hiddenSince }));
}

/** The data of the user's sockets in `namespace` on every process; throws when the others cannot be asked. */
export async function socketDataOf(namespace: Namespace, userId: string): Promise<SocketData[]> {
  const sockets = await namespace.in(userRoom(userId)).fetchSockets();
  return sockets.map((s) => s.data as SocketData);
}
