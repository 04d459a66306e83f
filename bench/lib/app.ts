import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';

/** The real app on a temp SQLite file (or DATABASE_URL / REDIS_URL from env), listening on a free port. */
export async function startBenchApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-bench-'));
  const built = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none'), ...env }),
  );
  await built.listen(0, '127.0.0.1');
  const { port } = built.app.server.address() as AddressInfo;
  return {
    ...built,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await built.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
