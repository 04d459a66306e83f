import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CHANNEL_FILE, ADMIN_CREDITS_PATH, ADMIN_SECRET_HEADER } from '../src/admin/channel.js';
import { type BuiltApp, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { describeWithServices, servicesAvailable } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run admin -- <args>` as the operator would: its own OS process on the app's data. */
function runAdminProcess(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/admin/main.ts'), ...args], {
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

/** The CLI compiles the server through tsx on start: slow on a loaded machine, so these tests get room. */
const CLI_TEST_TIMEOUT = 120_000;

/** The env the admin CLI needs to work on the same data as a test app. */
function adminEnvOf(t: TestApp): Record<string, string> {
  const { config } = t.services;
  return {
    DATA_DIR: config.DATA_DIR,
    ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
  };
}

describe('admin grant while the server runs (one process, no Redis)', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it(
    'should deliver updateCredits with the new balance to every open session of the user',
    async () => {
      const user = await createTestUser(t.services, { credits: 4 });
      const first = connectSocket(t.url, user.token);
      const second = connectSocket(t.url, user.token);
      sockets.push(first, second);
      await Promise.all([nextEvent(first, 'ready'), nextEvent(second, 'ready')]);
      const gotFirst = nextEvent<{ credits: number }>(first, 'updateCredits', CLI_TEST_TIMEOUT);
      const gotSecond = nextEvent<{ credits: number }>(second, 'updateCredits', CLI_TEST_TIMEOUT);

      const run = await runAdminProcess(['users', 'grant-credits', user.email, '7'], adminEnvOf(t));

      expect(run.output).toContain(`${user.email} now has 11 credits.`);
      expect(run.code).toBe(0);
      expect(await gotFirst).toEqual({ credits: 11 });
      expect(await gotSecond).toEqual({ credits: 11 });
    },
    CLI_TEST_TIMEOUT,
  );

  it('should keep the channel file readable by its owner only', () => {
    const mode = fs.statSync(path.join(t.services.config.DATA_DIR, ADMIN_CHANNEL_FILE)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('should refuse the admin channel without the secret and accept it with the secret', async () => {
    const user = await createTestUser(t.services);
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const url = `${t.url}${ADMIN_CREDITS_PATH}`;
    const body = JSON.stringify({ userId: user.id, credits: 99 });
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: 'not-the-secret' },
      body,
    });
    expect(wrong.status).toBe(404);
    const missing = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(missing.status).toBe(404);

    const { secret } = JSON.parse(fs.readFileSync(path.join(t.services.config.DATA_DIR, ADMIN_CHANNEL_FILE), 'utf8'));
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: secret },
      body: JSON.stringify({ userId: user.id, credits: -1 }),
    });
    expect(bad.status).toBe(400);
    const got = nextEvent<{ credits: number }>(socket, 'updateCredits');
    const right = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: secret },
      body,
    });
    expect(right.status).toBe(200);
    expect(await got).toEqual({ credits: 99 });
  });
});

describe('admin grant with no server running', () => {
  let built: BuiltApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admin-'));
    built = await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  });
  afterAll(async () => {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'should store the grant in the ledger and the balance',
    async () => {
      const user = await createTestUser(built.services, { credits: 1 });
      const run = await runAdminProcess(['users', 'grant-credits', user.email, '5'], { DATA_DIR: dataDir });
      expect(run.output).toContain(`${user.email} now has 6 credits.`);
      expect(run.code).toBe(0);
      expect((await built.services.users.findById(user.id))?.credits).toBe(6);
      const ledger = await built.services.db
        .selectFrom('credit_ledger')
        .select(['amount', 'reason'])
        .where('user_id', '=', user.id)
        .execute();
      expect(ledger).toEqual([{ amount: 5, reason: 'admin-grant' }]);
    },
    CLI_TEST_TIMEOUT,
  );
});

describeWithServices('admin grant on PostgreSQL + Redis with two server processes', () => {
  let drop: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;
  let seeder: BuiltApp;
  let env: Record<string, string>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const services = servicesAvailable();
    if (!services) throw new Error('unreachable: guarded by describeWithServices');
    const db = await createPostgresDatabase();
    drop = db.drop;
    env = { DATABASE_URL: db.url, REDIS_URL: services.redisUrl };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    seeder = await buildApp(
      loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'neura-admin-unused') }),
    );
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([a?.stop(), b?.stop(), seeder?.close()]);
    await drop?.();
  });

  it(
    'should deliver updateCredits with the new balance to the user’s sessions on both processes',
    async () => {
      const user = await createTestUser(seeder.services, { credits: 10 });
      const other = await createTestUser(seeder.services, { credits: 10 });
      const onA = connectSocket(a.url, user.token);
      const onB = connectSocket(b.url, user.token);
      const otherOnB = connectSocket(b.url, other.token);
      sockets.push(onA, onB, otherOnB);
      await Promise.all([nextEvent(onA, 'ready'), nextEvent(onB, 'ready'), nextEvent(otherOnB, 'ready')]);
      const seenByOther: unknown[] = [];
      otherOnB.on('updateCredits', (payload) => seenByOther.push(payload));
      const gotA = nextEvent<{ credits: number }>(onA, 'updateCredits', CLI_TEST_TIMEOUT);
      const gotB = nextEvent<{ credits: number }>(onB, 'updateCredits', CLI_TEST_TIMEOUT);

      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admin-cli-'));
      const run = await runAdminProcess(['users', 'grant-credits', user.email, '15'], { ...env, DATA_DIR: dataDir });
      fs.rmSync(dataDir, { recursive: true, force: true });

      expect(run.output).toContain(`${user.email} now has 25 credits.`);
      expect(run.code).toBe(0);
      expect(await gotA).toEqual({ credits: 25 });
      expect(await gotB).toEqual({ credits: 25 });
      expect(seenByOther).toEqual([]);
    },
    CLI_TEST_TIMEOUT,
  );
});
