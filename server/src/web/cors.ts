import { CLIENT_VERSION_HEADER, RECAPTCHA_HEADER } from '@neura/contract';
import type { FastifyInstance } from 'fastify';

/**
 * Cross-origin API calls from the native app (docs/NATIVE.md): Capacitor serves the web app from
 * `https://localhost` (Android) and `capacitor://localhost` (iOS) and talks to the API host. Those
 * origins, plus `CORS_ORIGINS`, get CORS headers; nobody else does. The API uses bearer tokens,
 * never cookies, so no credentials are allowed.
 */
export const NATIVE_APP_ORIGINS = ['https://localhost', 'capacitor://localhost'] as const;

export function installCors(app: FastifyInstance, extraOrigins: readonly string[]): void {
  const allowed = new Set<string>([...NATIVE_APP_ORIGINS, ...extraOrigins.map((o) => new URL(o).origin)]);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header(
        'Access-Control-Allow-Headers',
        ['Authorization', 'Content-Type', CLIENT_VERSION_HEADER, RECAPTCHA_HEADER].join(', '),
      );
      reply.header('Access-Control-Max-Age', '600');
      return reply.code(204).send();
    }
  });
}
