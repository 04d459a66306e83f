/**
 * Start-up: how long a process takes before it can work (issue #50 item 4: the test suites start
 * hundreds of servers and admin CLIs; an operator waits for each CLI command).
 *
 *   npm run build && node --import tsx bench/startup.ts
 *
 * 1. The server: `node server/dist/main.js` (SQLite, sandbox payments, an already migrated DATA_DIR)
 *    from its spawn to its "is running at" line.
 * 2. The admin CLI: `node server/dist/admin.js` (its usage) from spawn to exit.
 * Runs alternate between the bundles when STARTUP_BASE names another build's directory (a copy of
 * `server/dist` of an older commit placed in `server/`, e.g. `server/dist-base`, so its packages
 * resolve): each figure then has a before and an after. Prints min / median / max over STARTUP_RUNS
 * (default 15) and the load average; asserts nothing.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '@neura/test-kit/server/process';
import { loadAverage, report } from './lib/report.js';

const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
const builds: Array<{ name: string; dir: string }> = [{ name: 'current', dir: path.join(repoRoot, 'server/dist') }];
if (process.env.STARTUP_BASE) builds.unshift({ name: 'base', dir: path.resolve(process.env.STARTUP_BASE) });

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? Number.NaN;
const fmt = (v: number[]) => `${Math.min(...v).toFixed(0)} / ${median(v).toFixed(0)} / ${Math.max(...v).toFixed(0)} ms`;

/** ms from spawn until `ready(output)` holds, or until the process exits when `ready` is undefined. */
function timeProcess(args: string[], env: Record<string, string>, ready?: (output: string) => boolean) {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(performance.now() - started);
    };
    const timer = setTimeout(() => finish(new Error(`no start within 60 s: ${output.slice(-500)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (ready?.(output)) finish();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      ready || code !== 0 ? finish(new Error(`exited (${code}) before it was ready: ${output.slice(-500)}`)) : finish(),
    );
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-startup-bench-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    PUBLIC_URL: 'http://localhost:1',
  };
  const running = (output: string) => output.includes('is running at');
  try {
    // The first start migrates the database; every measured start finds it migrated.
    for (const build of builds) await timeProcess([path.join(build.dir, 'main.js')], env, running);
    const server = new Map<string, number[]>(builds.map((b) => [b.name, []]));
    const admin = new Map<string, number[]>(builds.map((b) => [b.name, []]));
    console.log(
      `${RUNS} runs each, ${builds.map((b) => b.name).join(' / ')} in turn; load average before ${loadAverage()}`,
    );
    for (let i = 0; i < RUNS; i++) {
      for (const build of builds) {
        server.get(build.name)?.push(await timeProcess([path.join(build.dir, 'main.js')], env, running));
        admin.get(build.name)?.push(await timeProcess([path.join(build.dir, 'admin.js')], env));
      }
    }
    const lines = [
      '| build | server: spawn → listening (min / median / max) | admin CLI usage: spawn → exit |',
      '|---|---|---|',
      ...builds.map((b) => `| ${b.name} | ${fmt(server.get(b.name) ?? [])} | ${fmt(admin.get(b.name) ?? [])} |`),
    ];
    console.log(lines.join('\n'));
    console.log(`load average after ${loadAverage()}`);
    report(`${lines.join('\n')}\n\n${RUNS} runs each, alternated; load average ${loadAverage()}.`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
