import fs from 'node:fs';
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
import type { AppJobs } from './jobs/module.js';
import { installErrorHandler } from './lib/error-handler.js';
import { armFailpoints } from './lib/failpoints.js';
import { newId } from './lib/ids.js';
import { installInputGuard } from './lib/input-guard.js';
import { Lifecycle, type LifecyclePart } from './lib/lifecycle.js';
import { named } from './lib/plugin-name.js';
import { redisRateLimitStore } from './lib/rate-limit-store.js';
import { requestIdMixin, runWithRequestId } from './lib/request-context.js';
import { installSecurityHeaders } from './lib/security-headers.js';
import { type AppModules, composeModules } from './modules.js';
import { warmArt } from './personas/art-raster.js';
import { RedisLink } from './realtime/redis-health.js';
import { nativeAssociationRoutes } from './security/native-association.js';
import { isPrivateNetworkAddress } from './skills/http/address-policy.js';
import { installMetrics, listenMetrics, Metrics, replyObserver } from './system/metrics.js';
import { systemRoutes } from './system/routes.js';
import { installHttpTracing, QueryTracingPlugin, replyTracer } from './system/tracing.js';
import { installCors } from './web/cors.js';
import { serveWeb } from './web/static.js';

export interface BuiltApp {
  app: FastifyInstance;
  /** The composed feature modules (services, repositories, the event bus); tests go through the test kit's port. */
  services: AppModules;
  /** Starts listening (and attaches Socket.IO to the same HTTP server). */
  listen: (port?: number, host?: string) => Promise<string>;
  /** The process's metrics when METRICS_TOKEN or METRICS_PORT is set. */
  metrics?: Metrics;
  /** The job registry (tests run its rounds with `runDue`, or stop it). */
  jobs: AppJobs;
  /** The derived boot order, and what started and stopped (tests check the order). */
  lifecycle: Lifecycle;
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
  const metrics = config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined ? new Metrics() : undefined;
  const traced = tracing ? db.withPlugin(new QueryTracingPlugin()) : db;
  const modules = composeModules(config, traced, app.log, redis, metrics);
  if (tracing) modules.realtime.observe(replyTracer());
  if (metrics) modules.realtime.observe(replyObserver(metrics));

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
    named('api', async (api) => {
      await api.register(named('system routes', systemRoutes), {
        supportedClientRange: config.SUPPORTED_CLIENT_RANGE,
        db,
        redis,
      });
      for (const [i, routes] of modules.routes.entries()) await api.register(named(`api routes ${i + 1}`, routes));
    }),
    { prefix: config.API_PREFIX },
  );
  // Native passkeys: apple-app-site-association and assetlinks.json at the site's root.
  await app.register(named('native association routes', nativeAssociationRoutes(config)));
  // The admin CLI reaches this process over Redis pub/sub (below), or without Redis through a
  // loopback route whose secret only this process's DATA_DIR holds (admin/channel.ts).
  const adminSecret = redis ? undefined : newAdminSecret();
  if (adminSecret) await app.register(named('admin channel', adminChannelRoutes(adminSecret, modules.events)));

  if (webDist !== undefined) await serveWeb(app, webDist, config.API_PREFIX, () => modules.personas.catalog());
  else {
    app.setNotFoundHandler(async (_request, reply) =>
      reply.code(404).send({ message: 'Not found.', code: 'not-found' }),
    );
  }

  // Explore shows the catalog's art as WebP (personas/art-raster.ts): drawn once after start when
  // the web app is served, one at a time, so the first visitor does not wait for all of it at once.
  const artStop = new AbortController();
  let artWarmup: Promise<void> | undefined;
  const webServed = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));
  let metricsListener: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  let unsubscribeAdmin: (() => Promise<void>) | undefined;
  // The order is derived from what each part needs (lib/lifecycle.ts): the modules' parts, then
  // the app's own; everything needs the database and Redis, so those stop last.
  const lifecycle = new Lifecycle(
    onStorage([
      { name: 'db', stop: () => (ownsDb ? db.destroy() : undefined) },
      { name: 'redis', stop: () => redis?.close() },
      ...modules.parts,
      { name: 'http', after: ['skills', 'media'], start: () => app.ready(), stop: () => app.close() },
      {
        name: 'realtime',
        after: ['http'],
        start: () =>
          modules.realtime.attach(app.server, {
            redis,
            publicUrl: config.PUBLIC_URL,
            maxSocketsPerUser: config.MAX_SOCKETS_PER_USER,
          }),
        stop: () => modules.realtime.close(),
      },
      {
        // What the admin CLI changes reaches this process's sockets (over Redis; the loopback route otherwise).
        name: 'admin-channel',
        after: ['realtime'],
        start: async () => {
          if (redis) unsubscribeAdmin = await subscribeAdminEvents(redis, modules.events, app.log);
        },
        stop: () => unsubscribeAdmin?.(),
      },
      {
        name: 'persona-art',
        after: ['personas'],
        start: () => {
          if (webServed) artWarmup = warmArt(() => modules.personas.catalogArt(), artStop.signal);
        },
        stop: () => {
          artStop.abort();
          return artWarmup;
        },
      },
      {
        name: 'metrics',
        start: async () => {
          if (metrics && config.METRICS_PORT !== undefined)
            metricsListener = await listenMetrics(metrics, config.METRICS_PORT, config.METRICS_TOKEN);
        },
        stop: () => metricsListener?.close(),
      },
    ]),
  );
  await lifecycle.start();
  if (metrics) {
    const realtime = modules.realtime;
    metrics.socketCounts = (): Record<string, number> =>
      realtime.attached ? { session: realtime.session.sockets.size, voice: realtime.voice.sockets.size } : {};
    if (redis) {
      for (const client of [redis.client, redis.subscriber])
        client.on('error', () => metrics.dependencyErrors.inc({ dependency: 'redis' }));
    }
  }

  let closed = false;
  let channelWritten = false;
  return {
    app,
    services: modules,
    jobs: modules.jobs,
    lifecycle,
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
      await lifecycle.stop();
    },
  };
}

/** Every part but the storage ones needs the database and Redis: they start first and stop last. */
function onStorage(parts: LifecyclePart[]): LifecyclePart[] {
  const storage = ['db', 'redis'];
  return parts.map((p) => (storage.includes(p.name) ? p : { ...p, after: [...storage, ...(p.after ?? [])] }));
}
