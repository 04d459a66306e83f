import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { listenApp, startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CHANNEL_FILE,
  ADMIN_EVENTS_CHANNEL,
  ADMIN_EVENTS_PATH,
  ADMIN_SECRET_HEADER,
} from '../src/admin/channel.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { adminEnvOf, CLI_TEST_TIMEOUT, runAdminProcess } from './helpers/admin.js';
import { describeWithRedis, redisAvailable } from './helpers/services-env.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

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
      const user = await t.seed.user({ credits: 4 });
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
    const mode = fs.statSync(path.join(t.config.DATA_DIR, ADMIN_CHANNEL_FILE)).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it(
    'should deliver user.changed when the CLI gives Pro',
    async () => {
      const user = await t.seed.user();
      const socket = connectSocket(t.url, user.token);
      sockets.push(socket);
      await nextEvent(socket, 'ready');
      const changed = nextEvent<{ user: { isPro: boolean } }>(socket, 'user.changed', CLI_TEST_TIMEOUT);
      const run = await runAdminProcess(['users', 'set-pro', user.email, '--days', '30'], adminEnvOf(t));
      expect(run.code).toBe(0);
      expect((await changed).user).toMatchObject({ isPro: true });
    },
    CLI_TEST_TIMEOUT,
  );

  it('should refuse the admin channel without the secret and accept it with the secret', async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const url = `${t.url}${ADMIN_EVENTS_PATH}`;
    const body = JSON.stringify({ event: 'credits.changed', payload: { userId: user.id, credits: 99 } });
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: 'not-the-secret' },
      body,
    });
    expect(wrong.status).toBe(404);
    const missing = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(missing.status).toBe(404);

    const { secret } = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, ADMIN_CHANNEL_FILE), 'utf8'));
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: secret },
      body: JSON.stringify({ event: 'credits.changed', payload: { userId: user.id, credits: -1 } }),
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
  let built: PortedApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admin-'));
    built = withTestPort(await buildApp(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })));
  });
  afterAll(async () => {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'should store the grant in the ledger and the balance',
    async () => {
      const user = await built.seed.user({ credits: 1 });
      const run = await runAdminProcess(['users', 'grant-credits', user.email, '5'], { DATA_DIR: dataDir });
      expect(run.output).toContain(`${user.email} now has 6 credits.`);
      expect(run.code).toBe(0);
      expect((await built.read.user(user.id))?.credits).toBe(6);
      const ledger = await built.read.ledger(user.id);
      expect(ledger.map(({ amount, reason }) => ({ amount, reason }))).toEqual([{ amount: 5, reason: 'admin-grant' }]);
    },
    CLI_TEST_TIMEOUT,
  );
});

describeWithRedis('admin channel over Redis pub/sub', () => {
  let t: TestApp;
  let dataDir: string;
  let publisher: ReturnType<typeof createClient>;
  const prefix = `test-admin-${randomBytes(4).toString('hex')}`;
  const lines: Array<{ level: number; msg?: string; reason?: string; channel?: string }> = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const redisUrl = redisAvailable() as string;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admin-redis-'));
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
        done();
      },
    });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
    });
    t = await listenApp(config, { logger: { level: 'warn', stream } });
    publisher = createClient({ url: redisUrl });
    await publisher.connect();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await publisher?.close();
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const channel = () => `${prefix}:${ADMIN_EVENTS_CHANNEL}`;
  const device = async (credits = 3) => {
    const user = await t.seed.user({ credits });
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    return { user, socket };
  };

  it('should write no channel file and have no loopback route', async () => {
    expect(fs.existsSync(path.join(dataDir, ADMIN_CHANNEL_FILE))).toBe(false);
    const res = await fetch(`${t.url}${ADMIN_EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_SECRET_HEADER]: 'anything' },
      body: JSON.stringify({ event: 'credits.changed', payload: { userId: 'x', credits: 1 } }),
    });
    expect(res.status).toBe(404);
  });

  it(
    'should deliver a grant the CLI made to the user’s open devices',
    async () => {
      const { user, socket } = await device(4);
      const got = nextEvent<{ credits: number }>(socket, 'updateCredits', CLI_TEST_TIMEOUT);
      const run = await runAdminProcess(['users', 'grant-credits', user.email, '7'], adminEnvOf(t));
      expect(run.output).toContain(`${user.email} now has 11 credits.`);
      expect(run.code).toBe(0);
      expect(await got).toEqual({ credits: 11 });
    },
    CLI_TEST_TIMEOUT,
  );

  it('should log and ignore malformed messages and keep listening', async () => {
    const { user, socket } = await device();
    const seen: unknown[] = [];
    socket.on('updateCredits', (payload) => seen.push(payload));
    const before = lines.length;
    await publisher.publish(channel(), 'not json {');
    await publisher.publish(channel(), JSON.stringify({ event: 'chat.deleting', payload: { userId: user.id } }));
    await publisher.publish(
      channel(),
      JSON.stringify({ event: 'credits.changed', payload: { userId: user.id, credits: -5 } }),
    );
    // Published after the malformed ones on the same connection, so it arrives after them.
    const got = nextEvent<{ credits: number }>(socket, 'updateCredits');
    await publisher.publish(
      channel(),
      JSON.stringify({ event: 'credits.changed', payload: { userId: user.id, credits: 5 } }),
    );
    expect(await got).toEqual({ credits: 5 });
    expect(seen).toEqual([{ credits: 5 }]);
    const warned = lines.slice(before).filter((l) => l.msg === 'admin channel: ignored a malformed message');
    expect(warned.map((l) => ({ level: l.level, channel: l.channel }))).toEqual(
      Array.from({ length: 3 }, () => ({ level: 40, channel: channel() })),
    );
    expect(warned[0]?.reason).toBe('not JSON');
    expect(warned[1]?.reason).toMatch(/^event: /);
    expect(warned[2]?.reason).toMatch(/^payload\.credits: /);
  });

  it('should deliver user changes and end revoked sessions published on the channel', async () => {
    const { user, socket } = await device();
    const changed = nextEvent<{ user: { email: string } }>(socket, 'user.changed');
    // The user as clients see it, the way the CLI's services present it.
    const me = await fetch(`${t.url}/api/users/me`, { headers: { authorization: `Bearer ${user.token}` } });
    const current = (await me.json()) as { email: string };
    await publisher.publish(
      channel(),
      JSON.stringify({ event: 'user.changed', payload: { userId: user.id, user: current } }),
    );
    expect(await changed).toEqual({ user: current });

    const ended = nextEvent(socket, 'authError');
    const gone = nextEvent(socket, 'disconnect');
    await publisher.publish(
      channel(),
      JSON.stringify({ event: 'session.revoked', payload: { sessionIds: [user.sessionId] } }),
    );
    await ended;
    await gone;
  });
});
