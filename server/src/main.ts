import { firstStartBanner } from './accounts/invite-service.js';
import { type BuiltApp, buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { RedisUnreachableError } from './realtime/redis-health.js';
import { installProcessFaultHandlers } from './system/process-faults.js';
import { startTracing } from './system/tracing-sdk.js';

/**
 * Loads config, builds, listens, and shuts down gracefully. Nothing else. Several processes are
 * several of these, each on its own PORT behind a load balancer, sharing REDIS_URL
 * (docs/DEPLOYMENT.md, "Several processes").
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

  const tracing = await startTracing({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
  });
  const built = await buildApp(config);
  const { app } = built;
  const address = await built.listen();
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  app.log.info(`Neura is running at ${publicUrl} (listening on ${address})`);
  await printFirstStartInvite(built, config, publicUrl);

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
      process.exit(process.exitCode ?? 0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A bug's unhandled rejection is logged and counted, and the process keeps serving; an uncaught
  // exception drains it and exits 1 for the supervisor to restart (system/process-faults.ts).
  installProcessFaultHandlers({
    log: app.log,
    count: (kind) => built.metrics?.processFaults.inc({ kind }),
    restart: () => {
      process.exitCode = 1;
      void shutdown('uncaughtException');
    },
  });
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
