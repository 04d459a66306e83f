import { io, type Socket } from 'socket.io-client';

/**
 * Opens one /session socket per user on the WebSocket transport (as the apps connect), calls
 * `listen` on each, records which socket carries each of the user's chats, and resolves once every
 * socket has had `ready`.
 */
export async function connectUsers(
  url: string,
  users: Array<{ token: string; chatIds: string[] }>,
  listen: (socket: Socket) => void,
  into: { sockets: Socket[]; socketOf: Map<string, Socket> },
): Promise<void> {
  for (const user of users) {
    const socket = io(`${url}/session`, { query: { token: user.token }, transports: ['websocket'], forceNew: true });
    listen(socket);
    into.sockets.push(socket);
    for (const chatId of user.chatIds) into.socketOf.set(chatId, socket);
  }
  await Promise.all(into.sockets.map((s) => new Promise((r) => s.once('ready', r))));
}
