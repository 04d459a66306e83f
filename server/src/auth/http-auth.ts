import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Authenticator, Principal } from './authenticate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in: set by `requireAuth` (always) or `identifyIfSignedIn` (when a valid token came). */
    principal: Principal | null;
  }
}

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
};

/** Makes every route of the plugin `app` need a valid bearer token (401 otherwise); sets `request.principal`. */
export function requireAuth(app: FastifyInstance, auth: Authenticator): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  app.addHook('preHandler', async (request) => {
    const token = bearer(request);
    if (!token) throw new AppError('auth:required', 'You need to be signed in to do that.');
    const principal = await auth.fromToken(token);
    if (!principal) throw new AppError('auth:invalid-token', 'Your session has expired. Please sign in again.');
    request.principal = principal;
  });
}

/** For public routes that remember who sent them: sets `request.principal` when a valid token came. */
export function identifyIfSignedIn(app: FastifyInstance, auth: Authenticator): void {
  if (!app.hasRequestDecorator('principal')) app.decorateRequest('principal', null);
  app.addHook('preHandler', async (request) => {
    request.principal = (await auth.fromToken(bearer(request))) ?? null;
  });
}

/** The principal of a route behind `requireAuth` (the hook guarantees it). */
export function signedIn(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('auth:required', 'You need to be signed in to do that.');
  return request.principal;
}
