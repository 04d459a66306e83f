import { firstStartBanner } from './accounts/invite-service.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { RedisUnreachableError } from './realtime/redis-health.js';

/** Loads config, builds, listens, and shuts down gracefully. Nothing else. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const built = await buildApp(config);
  const { app } = built;
  const address = await built.listen();
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  app.log.info(`Neura is running at ${publicUrl} (listening on ${address})`);
  if (config.REGISTRATION === 'invite') {
    const code = await built.services.invites.firstStartInvite();
    if (code) process.stdout.write(`${firstStartBanner(code, publicUrl)}\n`);
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
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof RedisUnreachableError ? error.message : error);
  process.exit(1);
});
