import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BuiltApp, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createPostgresDatabase, testDbKind } from './database.js';

export interface TestApp extends BuiltApp {
  /** http://127.0.0.1:<port> once listening. */
  url: string;
  apiPrefix: string;
  stop: () => Promise<void>;
}

/**
 * Builds the real app on a fresh database (a temp SQLite file, or a fresh PostgreSQL database in
 * the PostgreSQL run) and listens on a random port, so HTTP via inject and real sockets both work.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-test-'));
  let dropDb: (() => Promise<void>) | undefined;
  const dbEnv: Record<string, string> = {};
  if (testDbKind() === 'postgres') {
    const pgDb = await createPostgresDatabase();
    dbEnv.DATABASE_URL = pgDb.url;
    dropDb = pgDb.drop;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...dbEnv,
    ...env,
  });
  const built = await buildApp(config);
  await built.listen(0, '127.0.0.1');
  const { port } = built.app.server.address() as AddressInfo;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    apiPrefix: config.API_PREFIX,
    async stop() {
      await built.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
