import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { TestApp } from './app.js';
import { createPostgresDatabase } from './database.js';

/** Whether the multi-process services are configured; REQUIRE_SERVICES=1 turns a missing one into a failure. */
export function clusterServices(): { available: boolean; required: boolean } {
  const available = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
  return { available, required: process.env.REQUIRE_SERVICES === '1' };
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
  const pgDb = await createPostgresDatabase();
  const apps: TestApp[] = [];
  const dirs: string[] = [];
  try {
    // One after the other, so only the first runs the migrations.
    for (let i = 0; i < count; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-cluster-'));
      dirs.push(dataDir);
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        DATABASE_URL: pgDb.url,
        REDIS_URL: redisUrl,
        ...env,
      });
      const built = await buildApp(config);
      await built.listen(0, '127.0.0.1');
      const { port } = built.app.server.address() as AddressInfo;
      apps.push({ ...built, url: `http://127.0.0.1:${port}`, apiPrefix: config.API_PREFIX, stop: built.close });
    }
  } catch (error) {
    await Promise.all(apps.map((a) => a.close()));
    await pgDb.drop();
    throw error;
  }
  return {
    apps,
    async stop() {
      await Promise.all(apps.map((a) => a.close()));
      await pgDb.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
