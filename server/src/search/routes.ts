import { searchQuerySchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { SearchService } from './service.js';

/** `GET /users/me/search?q=&limit=&offset=&folder=`: the signed-in user's messages only. */
export const searchRoutes =
  (auth: Authenticator, search: SearchService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);
    app.get('/users/me/search', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) => {
      const { q, limit, offset, folder } = parse(searchQuerySchema, request.query);
      return search.search(signedIn(request).user.id, q, limit, offset, folder);
    });
  };
