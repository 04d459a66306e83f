import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  adminChannelRoutes,
  newAdminSecret,
  removeChannelFile,
  subscribeAdminEvents,
  writeChannelFile,
} from './admin/channel.js';
import type { Config } from './config.js';
import { createDb, type Db, migrateToLatest } from './db/database.js';
import { installErrorHandler } from './lib/error-handler.js';
import { armFailpoints } from './lib/failpoints.js';
import { newId } from './lib/ids.js';
import { installInputGuard } from './lib/input-guard.js';
import { redisRateLimitStore } from './lib/rate-limit-store.js';
import { requestIdMixin, runWithRequestId } from './lib/request-context.js';
import { installSecurityHeaders } from './lib/security-headers.js';
import { type AppModules, composeModules } from './modules.js';
import { RedisLink } from './realtime/redis-health.js';
import { isPrivateNetworkAddress } from './skills/http/address-policy.js';
import { Housekeeping } from './system/housekeeping.js';
import { installMetrics, listenMetrics, Metrics, replyObserver } from './system/metrics.js';
import { systemRoutes } from './system/routes.js';
import { installHttpTracing, QueryTracingPlugin, replyTracer } from './system/tracing.js';
import { installCors } from './web/cors.js';
import { serveWeb } from './web/static.js';

export interface BuiltApp {
  app: FastifyInstance;
  /** The composed feature modules (services, repositories, the event bus). */
  services: AppModules;
  /** Starts listening (and attaches Socket.IO to the same HTTP server). */
  listen: (port?: number, host?: string) => Promise<string>;
  /** The process's metrics when METRICS_TOKEN or METRICS_PORT is set. */
  metrics?: Metrics;
  /** The port of the METRICS_PORT listener once listening. */
  readonly metricsPort?: number;
  close: () => Promise<void>;
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** An existing database (tests share one); otherwise opened from config and closed on close(). */
  db?: Db;
  /** Trace HTTP routes, sends and queries (default: when OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  tracing?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the built web app is: next to the server's sources or its bundle, unless configured. */
export const defaultWebDist = (): string => path.resolve(here, '../../web/dist');

/** The largest JSON body any route takes, in bytes. */
export const JSON_BODY_LIMIT = 65_536;

/** Builds the whole app: plugins, then the feature modules, then their routes. Tests build exactly this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  // Crash tests arm their failpoints here (config refuses them in production).
  if (config.FAILPOINTS.length > 0) armFailpoints(config.FAILPOINTS);
  const logger =
    options.logger && typeof options.logger === 'object'
      ? { mixin: requestIdMixin, ...options.logger }
      : (options.logger ?? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.query.token', '*.password', '*.verifyCode'],
          // Every line written while a request or socket event is handled carries its reqId.
          mixin: requestIdMixin,
        });
  const app = Fastify({
    logger,
    genReqId: () => newId(),
    // A hop count trusts that many proxies in front, each only on a private-network address (a
    // client connecting directly from the internet is never a proxy, finding N8); a list trusts
    // those addresses; never everyone.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (address: string, hop: number) =>
              hop < hops && isPrivateNetworkAddress(address)
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    // Every JSON body the API takes is small (the longest is 10,000 characters of feedback): a 1 MB
    // body is refused (413) from its Content-Length before it is read or parsed (finding N1). Uploads
    // are multipart, with their own limits; the Stripe webhook sets its own.
    bodyLimit: JSON_BODY_LIMIT,
  });

  const ownsDb = !options.db;
  // The server's SQLite checkpoints run on a worker thread, off the event loop (db/checkpointer.ts).
  const db =
    options.db ??
    createDb(config.database, {
      backgroundCheckpoints: (message) => app.log.warn({ error: message }, 'SQLite checkpoint failed'),
    });
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
  const tracing = options.tracing ?? config.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
  const modules = composeModules(config, tracing ? db.withPlugin(new QueryTracingPlugin()) : db, app.log, redis);
  if (tracing) modules.realtime.observe(replyTracer());
  const metrics = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined ? new Metrics() : undefined;
  if (metrics) observeWithMetrics(metrics, modules);
  let metricsListener: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  await modules.personas.seedCatalog();
  await modules.conversation.recoverInterrupted();
  modules.conversation.startSweeper();

  if (tracing) installHttpTracing(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    runWithRequestId(request.id, done);
  });
  installErrorHandler(app, (dependency) => metrics?.dependencyErrors.inc({ dependency }));
  if (metrics) installMetrics(app, metrics, config.METRICS_TOKEN);
  installCors(app, config.CORS_ORIGINS);
  const webDist = config.API_PREFIX !== '' ? (config.WEB_DIST_DIR ?? defaultWebDist()) : undefined;
  installSecurityHeaders(app, config, webDist);
  installInputGuard(app);
  // With Redis the per-route limits count across every server process (on the one Redis link,
  // under its prefix); in memory otherwise. While Redis is away a limit is skipped, not a 500.
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisRateLimitStore(redis.client, redis.key('rate-limit', '')), skipOnError: true } : {}),
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, { supportedClientRange: config.SUPPORTED_CLIENT_RANGE, db, redis });
      for (const routes of modules.routes) await api.register(routes);
    },
    { prefix: config.API_PREFIX },
  );
  // The admin CLI reaches this process over Redis pub/sub (below), or without Redis through a
  // loopback route whose secret only this process's DATA_DIR holds (admin/channel.ts).
  const adminSecret = redis ? undefined : newAdminSecret();
  if (adminSecret) await app.register(adminChannelRoutes(adminSecret, modules.events));

  if (webDist !== undefined) await serveWeb(app, webDist, config.API_PREFIX);
  else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.', code: 'not-found' }),
    );
  }

  await app.ready();
  await modules.realtime.attach(app.server, {
    redis,
    publicUrl: config.PUBLIC_URL,
    maxSocketsPerUser: config.MAX_SOCKETS_PER_USER,
  });
  modules.conversation.listenToCluster();
  const unsubscribeAdmin = redis ? await subscribeAdminEvents(redis, modules.events, app.log) : undefined;
  // The console dashboard's closed days: now, then after each local midnight (in the background).
  modules.dashboardDays.start();
  // Clean-ups: unsent uploads past their time (N13), deleted personas no chat uses (L5).
  const housekeeping = new Housekeeping(
    [
      { name: 'unsent-uploads', run: () => modules.files.sweepUnsent() },
      { name: 'deleted-personas', run: () => modules.creator.purgeDeleted() },
    ],
    app.log,
  );
  housekeeping.start();
  modules.archives.startSweeper();
  if (metrics) {
    const realtime = modules.realtime;
    metrics.socketCounts = (): Record<string, number> =>
      realtime.attached ? { session: realtime.session.sockets.size, voice: realtime.voice.sockets.size } : {};
    if (redis) {
      for (const client of [redis.client, redis.subscriber])
        client.on('error', () => metrics.dependencyErrors.inc({ dependency: 'redis' }));
    }
  }

  if (metrics && config.METRICS_PORT !== undefined)
    metricsListener = await listenMetrics(metrics, config.METRICS_PORT, config.METRICS_TOKEN);

  let closed = false;
  let channelWritten = false;
  return {
    app,
    services: modules,
    metrics,
    get metricsPort() {
      return metricsListener?.port;
    },
    async listen(port = config.PORT, host = config.HOST) {
      const address = await app.listen({ port, host });
      if (!adminSecret) return address;
      try {
        writeChannelFile(config.DATA_DIR, (app.server.address() as AddressInfo).port, adminSecret);
        channelWritten = true;
      } catch (error) {
        app.log.warn({ err: error }, 'could not write the admin channel file; admin grants reach devices on reload');
      }
      return address;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (channelWritten && adminSecret) removeChannelFile(config.DATA_DIR, adminSecret);
      await unsubscribeAdmin?.();
      await metricsListener?.close();
      await modules.conversation.shutdown();
      await modules.dashboardDays.stop();
      await housekeeping.stop();
      await modules.archives.stop();
      await modules.realtime.close();
      await app.close();
      await modules.skills.close();
      await modules.imageProxy.close();
      await redis?.close();
      if (ownsDb) await db.destroy();
    },
  };
}

/** Feeds the metrics from the modules' own hooks: events sent to users, the ledger, webhooks. */
function observeWithMetrics(metrics: Metrics, modules: AppModules): void {
  modules.realtime.observe(replyObserver(metrics));
  modules.credits.onLedger = (amount, reason) => metrics.ledger(amount, reason);
  if (modules.stripeWebhook) {
    modules.stripeWebhook.onOutcome = (type, outcome) => metrics.webhookEvents.inc({ type, outcome });
  }
}
