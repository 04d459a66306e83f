import type { FastifyPluginAsync } from 'fastify';
import { presentUser } from './present-user.js';

/** Account calls. GET /users/me and POST /users/logout (ARCHITECTURE.md §3). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { auth, sessions, realtime } = app.services;

  app.get('/users/me', async (request) => {
    const { user } = await auth.fromRequest(request);
    return presentUser(user);
  });

  app.post('/users/logout', async (request, reply) => {
    const { sessionId } = await auth.fromRequest(request);
    await sessions.revoke(sessionId);
    realtime.disconnectSessions([sessionId]);
    return reply.code(200).send({ success: true });
  });
};
