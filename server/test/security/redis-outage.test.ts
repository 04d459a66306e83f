import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { TestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { runServerProcessToExit, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { startTcpProxy, type TcpProxy, viaProxy } from '@neura/test-kit/server/tcp-proxy';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { describeWithServices, servicesAvailable } from '../helpers/services-env.js';
import { connectSocket, nextEvent } from '../helpers/socket.js';

const count = (text: string, needle: string) => text.split(needle).length - 1;

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeWithServices('F1/F7/F12: a Redis outage between the app and Redis', () => {
  let drop: () => Promise<void>;
  let proxy: TcpProxy;
  let a: ServerProcess;
  let b: ServerProcess;
  let emitter: PortedApp;
  let user: TestUser;
  let redisUrl: string;
  const prefix = `sec${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const services = servicesAvailable();
    if (!services) throw new Error('unreachable: guarded by describeWithServices');
    redisUrl = services.redisUrl;
    const target = new URL(redisUrl);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const db = await createPostgresDatabase({ migrated: true });
    drop = db.drop;
    const env = { DATABASE_URL: db.url, REDIS_PREFIX: prefix };
    // A reaches Redis through the proxy the test cuts; B and the emitter reach it directly.
    a = await startServerProcess({ entry: 'source', env: { ...env, REDIS_URL: viaProxy(redisUrl, proxy) } });
    b = await startServerProcess({ entry: 'source', env: { ...env, REDIS_URL: redisUrl } });
    emitter = withTestPort(
      await buildApp(
        loadConfig({
          ...env,
          REDIS_URL: redisUrl,
          LOG_LEVEL: 'silent',
          DATA_DIR: path.join(os.tmpdir(), 'neura-test-data-unused'),
        }),
      ),
    );
    user = await emitter.seed.user();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), emitter?.close()]);
    await proxy?.close();
    await drop?.();
  });

  it('should stay up through a cut, keep serving, log once per change and resume cross-process events', async () => {
    const onA = connectSocket(a.url, user.token);
    await nextEvent(onA, 'ready');
    const other = await emitter.seed.user({ email: `other-${prefix}@example.com` });
    const otherOnA = connectSocket(a.url, other.token);
    await nextEvent(otherOnA, 'ready');

    proxy.cut();
    // Emits that publish to Redis while it is away: a chat created, a logout that ends sockets.
    const created = await new Promise<{ id?: string }>((resolve) =>
      onA.emit('createChat', 'default', (r) => resolve(r as { id?: string })),
    );
    expect(created.id).toEqual(expect.any(String));
    const logout = await fetch(`${a.url}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(logout.status).toBe(200);
    await until(() => a.output().includes('Redis connection lost'), 20_000, 'the outage to be noticed');
    // Readiness tells load balancers: still serving (200), without cross-process events.
    const health = async () => {
      const res = await fetch(`${a.url}/api/`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await health()).toMatchObject({
      status: 200,
      body: { message: 'OK', status: 'degraded', database: 'up', redis: 'down' },
    });
    // The crash of F1 came ~7 s after such an emit: keep using the process for longer than that.
    const end = Date.now() + 10_000;
    while (Date.now() < end) {
      const res = await fetch(`${a.url}/api/users/me`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(a.exitCode()).toBeNull();

    proxy.restore();
    await until(() => a.output().includes('Redis connection restored'), 30_000, 'Redis to come back');
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ready', database: 'up', redis: 'up' } });
    // Cross-process events reach A again (emitted on another process).
    let got = false;
    onA.on('updateCredits', () => {
      got = true;
    });
    await until(
      () => {
        emitter.drive.realtime.toUser(user.id).emit('updateCredits', { credits: 7 });
        return got;
      },
      20_000,
      'a cross-process event after the outage',
    );
    expect(count(a.output(), 'Redis connection lost')).toBe(1);
    expect(count(a.output(), 'Redis connection restored')).toBe(1);
    expect(a.exitCode()).toBeNull();
    onA.close();
    otherOnA.close();
  }, 120_000);

  it('should keep deployments with different REDIS_PREFIX apart on one Redis', async () => {
    const foreign = withTestPort(
      await buildApp(
        loadConfig({
          REDIS_URL: redisUrl,
          REDIS_PREFIX: `${prefix}-other`,
          DATABASE_URL: (emitter.config.database as { url: string }).url,
          LOG_LEVEL: 'silent',
          DATA_DIR: path.join(os.tmpdir(), 'neura-test-data-unused'),
        }),
      ),
    );
    try {
      const onB = connectSocket(b.url, user.token);
      await nextEvent(onB, 'ready');
      let leaked = false;
      onB.on('updateCredits', ({ credits }) => {
        if (credits === 999) leaked = true;
      });
      foreign.drive.realtime.toUser(user.id).emit('updateCredits', { credits: 999 });
      // Same-prefix event sent after the foreign one: once it arrives, the foreign one had its chance.
      const same = nextEvent<{ credits: number }>(onB, 'updateCredits', 10_000);
      emitter.drive.realtime.toUser(user.id).emit('updateCredits', { credits: 5 });
      expect(await same).toEqual({ credits: 5 });
      expect(leaked).toBe(false);
      onB.close();
    } finally {
      await foreign.close();
    }
  }, 60_000);

  it('should exit non-zero naming REDIS_URL when Redis is unreachable at boot', async () => {
    const dead = await startTcpProxy('127.0.0.1', 1);
    dead.cut();
    try {
      const { code, output } = await runServerProcessToExit({
        REDIS_URL: `redis://127.0.0.1:${dead.port}`,
        REDIS_BOOT_TIMEOUT_SECONDS: '2',
      });
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(output).toContain('REDIS_URL');
    } finally {
      await dead.close();
    }
  }, 90_000);
});
