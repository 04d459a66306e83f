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
      async (request, reply) => reply.code(202).send(await archives.start(signedIn(request).user.id)),
    );

    app.get<{ Params: { id: string } }>('/users/me/archive/:id', async (request) =>
      archives.status(signedIn(request).user.id, request.params.id),
    );

    // Streamed from its file; deleted once sent whole (an interrupted download can be tried again
    // until the archive expires). No HEAD route: a HEAD must not count as the download.
    app.get<{ Params: { id: string } }>(
      '/users/me/archive/:id/download',
      { exposeHeadRoute: false },
      async (request, reply) => {
        const userId = signedIn(request).user.id;
        const { id } = request.params;
        const file = await archives.open(userId, id);
        reply.raw.once('finish', () => {
          void archives
            .downloaded(userId, id)
            .catch((error) => request.log.warn({ err: error }, 'archive not deleted'));
        });
        return reply
          .header('Content-Type', 'application/gzip')
          .header('Content-Length', file.size)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    );
  };
