import { type ServerInfo, UNAVAILABLE_MESSAGE } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database.js';
import type { RedisLink } from '../realtime/redis-health.js';
import { SERVER_VERSION, SUPPORTED_CLIENT_RANGE } from '../version.js';
import { checkHealth, type Health } from './health.js';

export interface SystemRouteOptions {
  supportedClientRange?: string;
  db: Db;
  redis?: RedisLink;
}

export const systemRoutes: FastifyPluginAsync<SystemRouteOptions> = async (app, options) => {
  const info = {
    version: SERVER_VERSION,
    supportedClientRange: options.supportedClientRange ?? SUPPORTED_CLIENT_RANGE,
  };

  /** SPEC's root call (`message: "OK"` when healthy) and the readiness check: 503 without the database. */
  app.get('/', async (_request, reply): Promise<(ServerInfo & Health) | object> => {
    const health = await checkHealth(options.db, options.redis);
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
