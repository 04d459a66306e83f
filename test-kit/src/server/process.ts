import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROCESS_FAULT_MESSAGE } from '../../../server/src/system/process-faults.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundle = path.join(repoRoot, 'server/dist/main.js');
/** Set by bundle-setup.ts: this test run's bundle of the current sources, used for `entry: 'source'`. */
export const SOURCE_BUNDLE_ENV = 'NEURA_TEST_SOURCE_BUNDLE';
/** The same for the admin CLI (server/src/admin/main.ts). */
export const ADMIN_SOURCE_BUNDLE_ENV = 'NEURA_TEST_ADMIN_SOURCE_BUNDLE';
/** How to run the server's (or the admin CLI's) current sources: the run's bundle of them when there is one, else tsx. */
export const fromSource = (entry: 'main' | 'admin' = 'main'): string[] => {
  const runBundle = process.env[entry === 'main' ? SOURCE_BUNDLE_ENV : ADMIN_SOURCE_BUNDLE_ENV];
  return runBundle && fs.existsSync(runBundle)
    ? [runBundle]
    : ['--import', 'tsx', path.join(repoRoot, entry === 'main' ? 'server/src/main.ts' : 'server/src/admin/main.ts')];
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Rebuilds server/dist (main.js and admin.js) from the sources, as `npm run build -w server` does. */
export function buildServer(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(repoRoot, 'server'), stdio: 'ignore' });
}

export interface ServerProcessOptions {
  /** Environment on top of this process's; PORT, HOST and DATA_DIR are set unless given here. */
  env?: Record<string, string>;
  /**
   * `bundle` (default): server/dist/main.js, exactly what `npm start` runs (build it first).
   * `source`: the current sources of server/src/main.ts, for tests that must not depend on a build
   * (under vitest the run's own bundle of them, bundle-setup.ts; elsewhere through tsx).
   */
  entry?: 'bundle' | 'source';
  /** Another bundle than server/dist/main.js (e.g. a build of an older commit, for before/after benchmarks). */
  bundlePath?: string;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  startTimeoutMs?: number;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** The OS process id (benchmarks read its CPU time and memory from /proc). */
  pid: number | undefined;
  /** The app's DATA_DIR (its SQLite file is neura.db there, unless DATABASE_URL points elsewhere). */
  dataDir: string;
  /** stdout and stderr so far. */
  output: () => string;
  /** SIGTERM, wait for the exit, remove the temp data dir. */
  stop: () => Promise<void>;
  /** null while the process runs. */
  exitCode: () => number | null;
  /** Ends the process with a signal and waits for it (e.g. 'SIGKILL' for a crash). */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** Resolves when the process has exited by itself or been killed: its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the server (from source, as `entry: 'source'`) until it exits by itself; resolves with its exit code and output. */
export async function runServerProcessToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-proc-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, fromSource(), {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { code, output: log };
}

/**
 * The server as its own OS process, started as `npm start` starts it (node, cwd at the repo root,
 * configured by env), on a free port and a temp data dir; resolves once GET /api/ answers.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const { env = {}, entry = 'bundle', nodeArgs = [], startTimeoutMs = 45_000 } = options;
  const bundleFile = options.bundlePath ?? bundle;
  if (entry === 'bundle' && !fs.existsSync(bundleFile))
    throw new Error('The app is not built: run `npm run build` first');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const ownDataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'neura-proc-'));
  const dataDir = env.DATA_DIR ?? (ownDataDir as string);
  const args = entry === 'bundle' ? [...nodeArgs, bundleFile] : [...nodeArgs, ...fromSource()];
  let log = '';
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    // A bug that left an error unhandled in the server fails the test that ran it (issue #39).
    if (log.includes(PROCESS_FAULT_MESSAGE)) throw new Error(`the server process logged a process fault:\n${log}`);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server process exited early:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/api/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server process did not start in ${startTimeoutMs} ms:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  return { url, port, pid: child.pid, dataDir, output: () => log, stop, exitCode: () => child.exitCode, kill, exited };
}
