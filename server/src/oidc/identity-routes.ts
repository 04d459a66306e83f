import type { FastifyPluginAsync } from 'fastify';
import type { RecentAuth } from '../accounts/recent-auth.js';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import type { LinkedIdentities } from './identities.js';

/** `GET /users/me/identities` and `DELETE /users/me/identities/{id}` (a recent proof first). */
export const identityRoutes =
  (d: { auth: Authenticator; identities: LinkedIdentities; recentAuth: RecentAuth }): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, d.auth);
    app.get('/users/me/identities', async (request) => d.identities.list(signedIn(request).user.id));
    app.delete<{ Params: { id: string } }>('/users/me/identities/:id', async (request) => {
      const principal = signedIn(request);
      await d.recentAuth.require(principal);
      await d.identities.unlink(principal.user.id, request.params.id);
      return { success: true };
    });
  };
