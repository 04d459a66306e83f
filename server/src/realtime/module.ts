import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../lib/events.js';
import { type Authenticate, Realtime, type SocketIdentity } from './realtime.js';

/**
 * Realtime: the Socket.IO server. It is given the authenticate function (accounts sits above it)
 * and turns domain events into what devices see: `credits.changed` → `updateCredits` in the
 * user's room, `session.revoked` → those sessions' sockets get `authError` and disconnect.
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
  // `local`: every process got the event (the admin channel); each reaches its own sockets.
  const to = (userId: string, local: true | undefined) =>
    local ? realtime.toUserHere(userId) : realtime.toUser(userId);
  events.on('credits.changed', ({ userId, credits, local }) => {
    if (realtime.attached) to(userId, local).emit('updateCredits', { credits });
  });
  events.on('user.changed', ({ userId, user, local }) => {
    if (realtime.attached) to(userId, local).emit('user.changed', { user });
  });
  events.on('session.revoked', ({ sessionIds, local }) => realtime.disconnectSessions(sessionIds, local === true));
  return { realtime };
}
