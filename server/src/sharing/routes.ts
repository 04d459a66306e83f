import { exportQuerySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { identifyIfSignedIn, requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError } from '../errors.js';
import { parse } from '../lib/validate.js';
import type { SharingService } from './service.js';

const writeLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const readLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** The owner's side: make, list and revoke links; export a chat (ARCHITECTURE.md §3, issue #30). */
export const sharingOwnerRoutes =
  (auth: Authenticator, sharing: SharingService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.post<{ Params: { id: string } }>('/users/me/chats/:id/share', { config: writeLimit }, async (request, reply) =>
      reply.code(201).send(await sharing.share(signedIn(request).user.id, request.params.id)),
    );

    app.get('/users/me/shares', async (request) => sharing.list(signedIn(request).user.id));

    app.delete<{ Params: { id: string } }>('/users/me/shares/:id', async (request) => {
      await sharing.revoke(signedIn(request).user.id, request.params.id);
      return { success: true };
    });

    app.get<{ Params: { id: string } }>('/users/me/chats/:id/export', { config: readLimit }, async (request, reply) => {
      const { format } = parse(exportQuerySchema, request.query);
      const file = await sharing.export(signedIn(request).user.id, request.params.id, format);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    });
  };

/** The reader's side, without auth: the snapshot and its files; `DELETE` revokes for the signed-in owner. */
export const sharingPublicRoutes =
  (auth: Authenticator, sharing: SharingService): FastifyPluginAsync =>
  async (app) => {
    identifyIfSignedIn(app, auth);
    app.addHook('onSend', async (_request, reply) => {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
    });

    app.get<{ Params: { id: string } }>('/share/:id', { config: readLimit }, async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await sharing.read(request.params.id)),
    );

    app.get<{ Params: { id: string; fileId: string } }>(
      '/share/:id/files/:fileId',
      { config: readLimit },
      async (request, reply) => {
        const file = await sharing.readFile(request.params.id, request.params.fileId);
        return reply
          .header('Content-Type', file.row.mime_type)
          .header('Content-Length', String(file.bytes.length))
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', 'inline')
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(file.bytes);
      },
    );

    app.delete<{ Params: { id: string } }>('/share/:id', async (request) => {
      if (!request.principal) throw new AppError('auth:required', 'Sign in to remove a link.');
      await sharing.revoke(request.principal.user.id, request.params.id);
      return { success: true };
    });
  };
