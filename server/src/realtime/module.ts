import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../lib/events.js';
import { type Authenticate, Realtime, type SocketIdentity } from './realtime.js';

/**
 * Realtime: the Socket.IO server. It is given the authenticate function (accounts sits above it)
 * and is the one place that turns domain news into what devices see: `credits.changed` →
 * `updateCredits`, `user.changed`, the `chat.*` and `message.created` / `message.updated` and `memory.changed`
 * events in the user's room (every tab of that user, on every process with Redis), `personas.changed`
 * to every client, and `session.revoked` → those sessions' sockets get `authError` and
 * disconnect. Features announce news on the bus (after their commit), never to sockets.
 */
export function createRealtimeModule<P extends SocketIdentity>({
  authenticate,
  log,
  events,
}: {
  authenticate: Authenticate<P>;
  log: FastifyBaseLogger;
  events: EventBus;
}) {
  const realtime = new Realtime<P>(authenticate, log);
  /**
   * The user's room, or nothing when no Socket.IO server is attached (the admin CLI). `local`: every
   * process got the event (the admin channel), so each reaches only its own sockets.
   */
  const roomOf = (userId: string, local?: true) =>
    realtime.attached ? (local ? realtime.toUserHere(userId) : realtime.toUser(userId)) : undefined;
  const room = (userId: string) => roomOf(userId);
  events.on('credits.changed', ({ userId, credits, local }) => {
    roomOf(userId, local)?.emit('updateCredits', { credits });
  });
  events.on('user.changed', ({ userId, user, local }) => {
    roomOf(userId, local)?.emit('user.changed', { user });
  });
  events.on('chat.created', ({ userId, chat, socketId }) => {
    if (socketId) {
      if (realtime.attached) realtime.session.to(socketId).emit('chat.created', { chat });
      return;
    }
    room(userId)?.emit('chat.created', { chat });
  });
  events.on('chat.renamed', ({ userId, chatId, name }) => {
    room(userId)?.emit('chat.renamed', { chatId, name });
  });
  events.on('chat.updated', ({ userId, chatId, updatedFields }) => {
    room(userId)?.emit('chat.updated', { chatId, updatedFields });
  });
  events.on('chat.deleted', ({ userId, chatId }) => {
    room(userId)?.emit('chat.deleted', { chatId });
  });
  events.on('message.created', ({ userId, chatId, message }) => {
    room(userId)?.emit('message.created', { chatId, message });
  });
  events.on('message.updated', ({ userId, chatId, message }) => {
    room(userId)?.emit('message.updated', { chatId, message });
  });
  events.on('memory.changed', ({ userId }) => {
    room(userId)?.emit('memory.changed', {});
  });
  events.on('folders.changed', ({ userId, folders }) => {
    room(userId)?.emit('folders.changed', { folders });
  });
  events.on('file.updated', ({ userId, file }) => {
    room(userId)?.emit('file.updated', { file });
  });
  events.on('personas.changed', () => {
    if (realtime.attached) realtime.session.emit('personas.changed', {});
  });
  events.on('session.revoked', ({ sessionIds, local }) => realtime.disconnectSessions(sessionIds, local === true));
  return { realtime };
}
