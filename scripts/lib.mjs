// Helpers for the repo scripts: Node built-ins only, since they run before dependencies exist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(cmd, args, options) {
  const code = run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && newestMtime(lock) <= newestMtime(marker)) return;
  // `npm ci`: exactly the lock file (complete for every platform; scripts/lockfile.test.mjs).
  console.log('› Installing dependencies (npm ci, from package-lock.json)…');
  must(npm, ['ci', '--no-audit', '--no-fund']);
}

/** Builds a workspace when its output is missing or older than its sources. */
export function ensureBuilt(workspace, output, sources) {
  const out = path.join(root, output);
  const newestSource = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (fs.existsSync(out) && newestMtime(out) >= newestSource) return;
  console.log(`› Building ${workspace}…`);
  must(npm, ['run', 'build', '-w', workspace]);
}

export function ensureAppBuilt() {
  ensureBuilt('web', 'web/dist/index.html', [
    'web/src',
    'web/public',
    'web/index.html',
    'web/vite.config.ts',
    'contract/src',
    'CHANGELOG.md',
  ]);
  ensureBuilt('server', 'server/dist/main.js', ['server/src', 'server/build.mjs', 'contract/src']);
}

export { npm };
