import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  inviteCode: string | undefined;
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the built app the way `npm start` runs it (server/dist/main.js) on a random port and a temp data dir. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const main = path.join(repoRoot, 'server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('The app is not built: run `npm run build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-e2e-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`app did not start in 30 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // The first-start invite is printed right after listening.
  for (let i = 0; i < 25 && !/invite code is\s+[A-Z0-9-]{24}/.test(log); i++)
    await new Promise((r) => setTimeout(r, 100));
  const inviteCode = /invite code is\s+([A-Z0-9]{4}(?:-[A-Z0-9]{4}){4})/.exec(log)?.[1];
  return {
    url,
    port,
    dataDir,
    inviteCode,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
