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
  events.on('credits.changed', ({ userId, credits }) => {
    if (realtime.attached) realtime.toUser(userId).emit('updateCredits', { credits });
  });
  events.on('user.changed', ({ userId, user }) => {
    if (realtime.attached) realtime.toUser(userId).emit('user.changed', { user });
  });
  events.on('session.revoked', ({ sessionIds }) => realtime.disconnectSessions(sessionIds));
  return { realtime };
}
