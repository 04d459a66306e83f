import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import type { Authenticator } from './authenticate.js';
import { requireAuth, signedIn } from './http-auth.js';

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do that.';

/**
 * Every route of the plugin `app` needs a signed-in user (401 otherwise) whose role is `admin`
 * (403 otherwise). The role is read from the database on each request, so a role taken away
 * applies at once.
 */
export function requireAdmin(app: FastifyInstance, auth: Authenticator): void {
  requireAuth(app, auth);
  app.addHook('preHandler', async (request) => {
    if (signedIn(request).user.role !== 'admin') throw new AppError('forbidden', ADMIN_ONLY_MESSAGE);
  });
}
