import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

/** GET /personas: the published catalog; public (start-up loads it before sign-in), with an ETag. */
export const personaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/personas', async (request, reply) => {
    const { personas } = app.services;
    const etag = `"${createHash('sha1')
      .update(await personas.catalogTag())
      .digest('base64url')}"`;
    reply.header('ETag', etag).header('Cache-Control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return personas.listPublished();
  });
};
