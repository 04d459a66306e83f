import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { DocumentService } from './service.js';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** `GET /files/{id}/meta`: the owner's document (status, pages, error); anyone else gets a 404. */
export const documentRoutes =
  (auth: Authenticator, documents: DocumentService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);
    app.get('/files/:id/meta', async (request) => {
      const { id } = parse(idParams, request.params);
      return documents.meta(signedIn(request).user.id, id);
    });
  };
