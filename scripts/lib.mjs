// Helpers for the repo scripts: Node built-ins only, since they run before dependencies exist.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs the steps, at most `concurrency` at once (in the order given: put the longest first); each
 * step's output is held and printed whole when it ends. Resolves once all have ended, or exits
 * with the first failure's code after the running ones end (nothing new starts after a failure).
 */
export async function mustAll(steps, concurrency) {
  const queue = [...steps];
  let failure;
  const next = async () => {
    for (let step = queue.shift(); step && !failure; step = queue.shift()) {
      const started = Date.now();
      const { code, output } = await spawnHeld(step.cmd, step.args);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`› ${step.title} (${seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) failure ??= { step, code };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, next));
  if (failure) {
    console.error(
      `\n✖ ${failure.step.title}: ${failure.step.cmd} ${failure.step.args.join(' ')} failed (exit ${failure.code})`,
    );
    process.exit(failure.code || 1);
  }
}

function spawnHeld(cmd, args) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
    });
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
