import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { fromSource } from '@neura/test-kit/server/process';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The CLI starts from source (the run's bundle under vitest, else tsx): slow on a loaded machine, so its tests get room. */
export const CLI_TEST_TIMEOUT = 120_000;

/** Runs `npm run admin -- <args>` as the operator would: its own OS process on the app's data. */
export function runAdminProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  delete base.REDIS_PREFIX;
  const child = spawn(process.execPath, [...fromSource('admin'), ...args], {
    cwd: repoRoot,
    env: { ...base, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code: code ?? 1, output })));
}

/** The env the admin CLI needs to work on the same data (database, DATA_DIR, Redis) as a test app. */
export function adminEnvOf(t: TestApp): Record<string, string> {
  const { config } = t;
  return {
    DATA_DIR: config.DATA_DIR,
    ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
    ...(config.REDIS_URL ? { REDIS_URL: config.REDIS_URL, REDIS_PREFIX: config.REDIS_PREFIX } : {}),
  };
}
