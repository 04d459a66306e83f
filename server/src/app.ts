import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountRoutes } from './accounts/routes.js';
import { chatRoutes } from './chats/routes.js';
import type { Config } from './config.js';
import { conversationRoutes } from './conversation/routes.js';
import { createDb, type Db, migrateToLatest } from './db/database.js';
import { feedbackRoutes } from './feedback/routes.js';
import { installErrorHandler } from './lib/error-handler.js';
import { newId } from './lib/ids.js';
import { installInputGuard } from './lib/input-guard.js';
import { installSecurityHeaders } from './lib/security-headers.js';
import { personaRoutes } from './personas/routes.js';
import { RedisLink } from './realtime/redis-health.js';
import { createServices, type Services } from './services.js';
import { systemRoutes } from './system/routes.js';
import { serveWeb } from './web/static.js';

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  /** Starts listening (and attaches Socket.IO to the same HTTP server). */
  listen: (port?: number, host?: string) => Promise<string>;
  close: () => Promise<void>;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** An existing database (tests share one); otherwise opened from config and closed on close(). */
  db?: Db;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the built web app is: next to the server's sources or its bundle, unless configured. */
export const defaultWebDist = (): string => path.resolve(here, '../../web/dist');

/** Builds the whole app: plugins, then services, then features. Tests build exactly this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.query.token', '*.password', '*.verifyCode'],
    },
    genReqId: () => newId(),
    // A hop count trusts that many proxies in front; a list trusts those addresses; never everyone.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });

  const ownsDb = !options.db;
  const db = options.db ?? createDb(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    if (ownsDb) await db.destroy();
    throw error;
  }
  let redis: RedisLink | undefined;
  if (config.REDIS_URL) {
    try {
      redis = await RedisLink.open(config.REDIS_URL, {
        prefix: config.REDIS_PREFIX,
        log: app.log,
        bootTimeoutMs: config.REDIS_BOOT_TIMEOUT_SECONDS * 1000,
      });
    } catch (error) {
      if (ownsDb) await db.destroy();
      throw error;
    }
  }
  const services = createServices(config, db, app.log, redis);
  app.decorate('services', services);
  await services.personas.seedCatalog();
  await services.conversation.recoverInterrupted();
  services.conversation.startSweeper();

  installErrorHandler(app);
  const webDist = config.API_PREFIX !== '' ? (config.WEB_DIST_DIR ?? defaultWebDist()) : undefined;
  installSecurityHeaders(app, config, webDist);
  installInputGuard(app);
  await app.register(rateLimit, { global: false });

  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(personaRoutes);
      await api.register(accountRoutes);
      await api.register(chatRoutes);
      await api.register(conversationRoutes);
      await api.register(feedbackRoutes);
    },
    { prefix: config.API_PREFIX },
  );

  if (webDist !== undefined) await serveWeb(app, webDist, config.API_PREFIX);
  else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.', code: 'not-found' }),
    );
  }

  await app.ready();
  await services.realtime.attach(app.server, {
    redis,
    publicUrl: config.PUBLIC_URL,
    maxSocketsPerUser: config.MAX_SOCKETS_PER_USER,
  });
  services.conversation.listenToCluster();

  let closed = false;
  return {
    app,
    services,
    async listen(port = config.PORT, host = config.HOST) {
      return app.listen({ port, host });
    },
    async close() {
      if (closed) return;
      closed = true;
      await services.conversation.shutdown();
      await services.realtime.close();
      await app.close();
      await redis?.close();
      if (ownsDb) await db.destroy();
    },
  };
}
