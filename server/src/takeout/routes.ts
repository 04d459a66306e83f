import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import type { ArchiveService } from './service.js';

/** "Download my data" (issue #30): start, poll the progress, download. */
export const archiveRoutes =
  (auth: Authenticator, archives: ArchiveService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.post(
      '/users/me/archive',
      { config: { rateLimit: { max: 10, timeWindow: '1 hour' } } },
      async (request, reply) => reply.code(202).send(archives.start(signedIn(request).user.id)),
    );

    app.get<{ Params: { id: string } }>('/users/me/archive/:id', async (request) =>
      archives.status(signedIn(request).user.id, request.params.id),
    );

    app.get<{ Params: { id: string } }>('/users/me/archive/:id/download', async (request, reply) => {
      const file = archives.download(signedIn(request).user.id, request.params.id);
      return reply
        .header('Content-Type', 'application/gzip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.bytes);
    });
  };
