import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_SOURCE_BUNDLE_ENV, repoRoot, SOURCE_BUNDLE_ENV } from './process.js';

/**
 * Vitest global setup of the integration projects: the server bundled once from the current
 * sources for this run (server/dist/test-run-<pid>-<random>.js and its -admin.js, next to main.js), so tests
 * that start it (or the admin CLI) as its own process from source (`entry: 'source'`,
 * `runAdminProcess`) start a bundle instead of compiling every file through tsx on each start —
 * the same code, half the start-up CPU. Made once per vitest run, however many projects list it.
 */
export default function setup(): () => void {
  // Both integration projects list this setup (vitest runs them one after the other): one bundle
  // serves both, removed by the setup that made it.
  const made = process.env[SOURCE_BUNDLE_ENV];
  if (made?.includes(`test-run-${process.pid}-`) && fs.existsSync(made)) return () => {};
  const name = `test-run-${process.pid}-${randomBytes(3).toString('hex')}`;
  execFileSync(process.execPath, ['build.mjs', '--test-run', name], {
    cwd: path.join(repoRoot, 'server'),
    stdio: 'ignore',
  });
  const file = path.join(repoRoot, 'server/dist', `${name}.js`);
  const admin = path.join(repoRoot, 'server/dist', `${name}-admin.js`);
  process.env[SOURCE_BUNDLE_ENV] = file;
  process.env[ADMIN_SOURCE_BUNDLE_ENV] = admin;
  return () => {
    for (const f of [file, admin]) for (const g of [f, `${f}.map`]) fs.rmSync(g, { force: true });
  };
}
