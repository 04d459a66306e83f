import { type ServerInfo, UNAVAILABLE_MESSAGE } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { SERVER_VERSION, SUPPORTED_CLIENT_RANGE } from '../version.js';
import { checkHealth, type Health } from './health.js';

export const systemRoutes: FastifyPluginAsync = async (app) => {
  const info = { version: SERVER_VERSION, supportedClientRange: SUPPORTED_CLIENT_RANGE };

  /** SPEC's root call (`message: "OK"` when healthy) and the readiness check: 503 without the database. */
  app.get('/', async (_request, reply): Promise<(ServerInfo & Health) | object> => {
    const health = await checkHealth(app.services.db, app.services.redis);
    if (health.status === 'live') {
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ message: UNAVAILABLE_MESSAGE, code: 'unavailable', ...info, ...health });
    }
    return { message: 'OK', ...info, ...health };
  });

  /** Liveness: the process answers (restart it only when this fails). */
  app.get('/health/live', async () => ({ status: 'live' }));
};
