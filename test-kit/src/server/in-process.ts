import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BuildOptions, type BuiltApp, buildApp } from '../../../server/src/app.js';
import { type Config, loadConfig } from '../../../server/src/config.js';
import { createDb } from '../../../server/src/db/database.js';
import { copyMigratedSqlite, createPostgresDatabase, testDbKind } from './database.js';
import { type TestPort, testPort } from './test-port.js';

/**
 * The server in this process, built exactly as main.ts builds it (`buildApp`), for integration
 * tests and in-process benchmarks, with the test port (`seed`, `db`, `read`, `admin`, `drive`;
 * test-port.ts) on it. For the server as its own OS process see process.ts.
 */
export interface TestApp extends BuiltApp, TestPort {
  /** http://127.0.0.1:<port> once listening. */
  url: string;
  apiPrefix: string;
  stop: () => Promise<void>;
}

/** Builds the app on `config` and listens on a free loopback port; `stop` closes it. */
export async function listenApp(config: Config, options: BuildOptions = {}): Promise<TestApp> {
  const built = await buildApp(config, options);
  await built.listen(0, '127.0.0.1');
  const { port } = built.app.server.address() as AddressInfo;
  return {
    ...built,
    ...testPort(built),
    url: `http://127.0.0.1:${port}`,
    apiPrefix: config.API_PREFIX,
    stop: built.close,
  };
}

/** A temp data dir and the quiet test config on it; `env` wins. */
function testConfig(dataDir: string, env: Record<string, string>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...env,
  });
}

/**
 * A namespace of its own on the shared Redis (REDIS_PREFIX): test files run at once (and several
 * checkouts' runs) then never share limits, locks or events through the default prefix.
 */
export const testRedisPrefix = () => `test-${randomBytes(5).toString('hex')}`;

export interface TestAppOptions {
  /**
   * Every statement the app runs, as SQL text (Kysely's query log), once it has run: e.g. to count
   * a send's. A promise returned holds the statement's caller until it settles (a rejection fails
   * the statement): a test sees what does not wait for it, or makes it fail.
   */
  onStatement?: (sql: string) => void | Promise<void>;
}

/**
 * The real app on a fresh database (a temp SQLite file, or a fresh PostgreSQL database in the
 * PostgreSQL run; DATABASE_URL in `env` wins) listening on a random port, so HTTP via inject and
 * real sockets both work. Under vitest the fresh database is a copy of the run's migrated template
 * (template-setup.ts): the boot's `migrateToLatest` then finds nothing to do.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-test-'));
  const pgDb =
    testDbKind() === 'postgres' && !env.DATABASE_URL ? await createPostgresDatabase({ migrated: true }) : undefined;
  const config = testConfig(dataDir, {
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(env.REDIS_URL ? { REDIS_PREFIX: testRedisPrefix() } : {}),
    ...env,
  });
  // The run's migrated template (template-setup.ts), for the fresh file in the test kit's data dir;
  // a test that names its own DATA_DIR checks what the app makes there itself (e.g. file modes).
  if (config.database.kind === 'sqlite' && !env.DATABASE_URL && !env.DATA_DIR) copyMigratedSqlite(config.database.file);
  const { onStatement } = options;
  const db = onStatement ? createDb(config.database, { log: (event) => onStatement(event.query.sql) }) : undefined;
  const app = await listenApp(config, db ? { db } : {});
  return {
    ...app,
    async stop() {
      await app.close();
      await db?.destroy();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestCluster {
  apps: TestApp[];
  stop: () => Promise<void>;
}

/**
 * N app instances as N processes would run them: one fresh PostgreSQL database (TEST_DATABASE_URL
 * server) and one Redis (TEST_REDIS_URL) shared, each listening on its own port.
 */
export async function startTestCluster(count = 2, env: Record<string, string> = {}): Promise<TestCluster> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!process.env.TEST_DATABASE_URL || !redisUrl) {
    throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL are needed for the multi-process tests');
  }
  const pgDb = await createPostgresDatabase({ migrated: true });
  const prefix = testRedisPrefix();
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  const stop = async () => {
    await Promise.all(apps.map((a) => a.close()));
    await pgDb.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // One after the other, so only the first runs the migrations.
    for (let i = 0; i < count; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-cluster-'));
      dirs.push(dataDir);
      apps.push(
        await listenApp(
          testConfig(dataDir, { DATABASE_URL: pgDb.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ...env }),
        ),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { apps, stop };
}
