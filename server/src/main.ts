import cluster from 'node:cluster';
import { firstStartBanner } from './accounts/invite-service.js';
import { type BuiltApp, buildApp } from './app.js';
import { runPrimary } from './cluster/primary.js';
import { serveAsWorker } from './cluster/worker.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { RedisUnreachableError } from './realtime/redis-health.js';
import { startTracing } from './system/tracing-sdk.js';

/**
 * Loads config, builds, listens, and shuts down gracefully. Nothing else. With CLUSTER_WORKERS > 1
 * this process becomes the primary of a Node cluster (cluster/primary.ts) and each worker builds
 * the same app (cluster/worker.ts).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.CLUSTER_WORKERS > 1 && cluster.isPrimary) {
    await runPrimary(config);
    return;
  }

  const tracing = startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });
  const built = await buildApp(config);
  const { app } = built;
  if (cluster.isWorker) {
    // The first worker runs alone at start-up (cluster/primary.ts), so the invite is made once.
    serveAsWorker(built, (publicUrl) => {
      if (cluster.worker?.id === 1) void printFirstStartInvite(built, config, publicUrl);
    });
  } else {
    const address = await built.listen();
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    app.log.info(`Neura is running at ${publicUrl} (listening on ${address})`);
    await printFirstStartInvite(built, config, publicUrl);
  }

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight work');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await built.close();
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function printFirstStartInvite(built: BuiltApp, config: Config, publicUrl: string): Promise<void> {
  if (config.REGISTRATION !== 'invite') return;
  const code = await built.services.invites.firstStartInvite();
  if (code) process.stdout.write(`${firstStartBanner(code, publicUrl)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof RedisUnreachableError ? error.message : error);
  process.exit(1);
});
