import type { FastifyPluginAsync } from 'fastify';
import type { SkillRegistry } from './registry.js';

/** GET /skills: `[{ id, available, cost }]`, public like the persona catalog it explains. */
export const skillRoutes =
  (skills: SkillRegistry): FastifyPluginAsync =>
  async (app) => {
    app.get('/skills', async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return skills.list();
    });
  };
