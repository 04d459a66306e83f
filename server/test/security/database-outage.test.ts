import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTcpProxy, type TcpProxy, viaProxy } from '@neura/test-kit/server/tcp-proxy';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { describeWithServices } from '../helpers/services-env.js';
import { connectSocket, nextEvent } from '../helpers/socket.js';

/** F3 + health: a database cut is told apart from a bad token, and `GET /` tells load balancers. */
describeWithServices('F3: a database outage between the app and PostgreSQL', () => {
  let proxy: TcpProxy;
  let drop: () => Promise<void>;
  let built: PortedApp;
  let url: string;
  let user: TestUser;
  let dataDir: string;

  beforeAll(async () => {
    const db = await createPostgresDatabase({ migrated: true });
    drop = db.drop;
    const target = new URL(db.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-dbcut-'));
    built = withTestPort(
      await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: viaProxy(db.url, proxy),
          LOG_LEVEL: 'silent',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        }),
      ),
    );
    await built.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
    user = await built.seed.user();
  }, 60_000);

  afterAll(async () => {
    proxy?.restore();
    await built?.close();
    await proxy?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const me = () => fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${user.token}` } });

  it('should answer retryable errors during the cut and recover with the same session', async () => {
    const healthy = await fetch(`${url}/api/`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toMatchObject({ message: 'OK', status: 'ready', database: 'up', redis: 'off' });

    proxy.cut();
    const socket = connectSocket(url, user.token);
    let authError = false;
    socket.on('authError', () => {
      authError = true;
    });
    const unavailable = await nextEvent<{ code: string; retryable: boolean }>(socket, 'serverUnavailable', 15_000);
    expect(unavailable).toMatchObject({ code: 'unavailable', retryable: true });
    expect(authError).toBe(false);
    socket.close();

    const during = await me();
    expect(during.status).toBe(503);
    expect(((await during.json()) as { code: string }).code).toBe('unavailable');
    const root = await fetch(`${url}/api/`);
    expect(root.status).toBe(503);
    expect(await root.json()).toMatchObject({ status: 'live', database: 'down' });
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);

    proxy.restore();
    const again = connectSocket(url, user.token);
    await nextEvent(again, 'ready', 15_000);
    again.close();
    expect((await me()).status).toBe(200);
    const back = await fetch(`${url}/api/`);
    expect(back.status).toBe(200);
    expect(((await back.json()) as { message: string }).message).toBe('OK');
  }, 60_000);

  it('should still answer authError for a bad token', async () => {
    const socket = connectSocket(url, 'not-a-real-token');
    await nextEvent(socket, 'authError');
    socket.close();
  });
});
