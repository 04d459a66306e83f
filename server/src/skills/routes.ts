import type { FastifyPluginAsync } from 'fastify';

/** GET /skills: `[{ id, available, cost }]`, public like the persona catalog it explains. */
export const skillRoutes: FastifyPluginAsync = async (app) => {
  app.get('/skills', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.services.skills.list();
  });
};
