import os from 'node:os';
import path from 'node:path';
import type { TestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { testRedisPrefix } from '@neura/test-kit/server/in-process';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { describeWithServices, servicesAvailable } from './helpers/services-env.js';
import { connectSocket, nextEvent } from './helpers/socket.js';

describeWithServices('two server processes on PostgreSQL + Redis', () => {
  let drop: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;
  let emitter: PortedApp;
  let user: TestUser;

  beforeAll(async () => {
    const services = servicesAvailable();
    if (!services) throw new Error('unreachable: guarded by describeWithServices');
    const db = await createPostgresDatabase();
    drop = db.drop;
    const env = { DATABASE_URL: db.url, REDIS_URL: services.redisUrl, REDIS_PREFIX: testRedisPrefix() };
    // Process A migrates first; B and the in-test emitter then share the same schema.
    a = await startServerProcess({ env, entry: 'source' });
    b = await startServerProcess({ env, entry: 'source' });
    emitter = withTestPort(
      await buildApp(
        loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'neura-test-data-unused') }),
      ),
    );
    user = await emitter.seed.user();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), emitter?.close()]);
    await drop?.();
  });

  it('should deliver an event emitted to a user room on one process to that user on another', async () => {
    const onA = connectSocket(a.url, user.token);
    const onB = connectSocket(b.url, user.token);
    await Promise.all([nextEvent(onA, 'ready'), nextEvent(onB, 'ready')]);
    const gotA = nextEvent<{ credits: number }>(onA, 'updateCredits');
    const gotB = nextEvent<{ credits: number }>(onB, 'updateCredits');
    emitter.drive.realtime.toUser(user.id).emit('updateCredits', { credits: 42 });
    expect(await gotA).toEqual({ credits: 42 });
    expect(await gotB).toEqual({ credits: 42 });
    onA.close();
    onB.close();
  });

  it('should not deliver one user’s events to another user', async () => {
    const other = await emitter.seed.user();
    const socket = connectSocket(b.url, other.token);
    await nextEvent(socket, 'ready');
    let leaked = false;
    socket.on('updateCredits', (payload: { credits: number }) => {
      if (payload.credits !== 7) leaked = true;
    });
    const mine = connectSocket(a.url, user.token);
    await nextEvent(mine, 'ready');
    const got = nextEvent(mine, 'updateCredits');
    emitter.drive.realtime.toUser(user.id).emit('updateCredits', { credits: 1 });
    await got;
    // A marker for the other user, sent after it through the same adapter channel: once it has
    // arrived, a leaked copy of the first emit would have arrived before it.
    const marker = nextEvent<{ credits: number }>(socket, 'updateCredits');
    emitter.drive.realtime.toUser(other.id).emit('updateCredits', { credits: 7 });
    expect(await marker).toEqual({ credits: 7 });
    expect(leaked).toBe(false);
    socket.close();
    mine.close();
  });

  it('should end a session’s sockets on process A when it logs out through process B', async () => {
    const session = await emitter.seed.user();
    const socket = connectSocket(a.url, session.token);
    await nextEvent(socket, 'ready');
    const authError = nextEvent(socket, 'authError');
    const res = await fetch(`${b.url}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    await authError;
    socket.close();
  });
});
