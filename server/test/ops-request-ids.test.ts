import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { clientEvent } from '@neura/contract';
import { listenApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { socketKit } from '../src/realtime/socket-kit.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

/** Request ids: on every log line of a request or socket event, and in error bodies. */
describe('request ids', () => {
  let t: TestApp;
  let dir: string;
  const lines: Line[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-reqid-'));
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, WEB_DIST_DIR: path.join(dir, 'no-web') });
    t = await listenApp(config, { logger: { level: 'info', stream } });
    // A test-only event, handled through the kit like every real one.
    const kit = socketKit({ 'test:logs-and-crashes': clientEvent<never>()(z.undefined()) });
    t.drive.realtime.onSession((socket) => {
      kit.on(socket, 'test:logs-and-crashes', () => {
        t.app.log.info('inside the handler');
        throw new Error('secret internals');
      });
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should answer every request with its id in X-Request-Id, as logged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^\S{8,}$/);
    const logged = lines.filter((l) => l.reqId === requestId);
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const again = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(again.headers['x-request-id']).not.toBe(requestId);
  });

  it('should give each socket event its own id, on every line logged while handling it and in its error ack', async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const ask = () =>
      new Promise<{ error: { code: string; requestId: string } }>((resolve) =>
        // biome-ignore lint/suspicious/noExplicitAny: a test-only event, not in the contract's event map.
        (socket.emit as any)('test:logs-and-crashes', resolve),
      );
    const first = await ask();
    const second = await ask();
    expect(first.error.code).toBe('internal');
    expect(first.error.requestId).toMatch(/^\S{8,}$/);
    expect(second.error.requestId).not.toBe(first.error.requestId);
    for (const answer of [first, second]) {
      const logged = lines.filter((l) => l.reqId === answer.error.requestId).map((l) => l.msg);
      expect(logged).toEqual(['inside the handler', 'socket handler failed']);
    }
    // Nothing logged outside a request carries one.
    expect(lines.filter((l) => l.msg === 'inside the handler' && l.reqId === undefined)).toEqual([]);
  });

  it('should put the request id, as logged, in every error body: 400, 401, 403, 404, 409 and 429', async () => {
    const user = await t.seed.user();
    const auth = { authorization: `Bearer ${user.token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: json, payload: '{}' }),
      await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: json, payload: '{"product":' }),
      await t.app.inject({ method: 'GET', url: '/api/users/me' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: auth }),
      await t.app.inject({ method: 'GET', url: '/api/billing/orders/nope', headers: auth }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/billing/sandbox/subscription',
        headers: json,
        payload: { action: 'cancel' },
      }),
    ];
    // The checkout allows 30 a minute: the 31st is refused by the rate limit.
    let limited: (typeof answers)[number] | undefined;
    for (let i = 0; i < 40 && limited?.statusCode !== 429; i++) {
      limited = await t.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: json, payload: '{}' });
    }
    if (limited) answers.push(limited);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 401, 403, 404, 404, 409, 429]);
    for (const answer of answers) {
      const body = answer.json() as { message: string; code: string; requestId: string };
      expect(body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      expect(body.requestId).toBe(answer.headers['x-request-id']);
      const logged = lines.filter((l) => l.reqId === body.requestId).map((l) => l.msg);
      expect(logged).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    expect(answers.at(-1)?.json()).toMatchObject({ code: 'rate-limited' });
  });

  it('should put the event id, as logged, in the error ack of a refused socket event', async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    type Ack = { error: { message: string; code: string; requestId: string } };
    const ask = (event: string, payload: unknown) =>
      // biome-ignore lint/suspicious/noExplicitAny: an invalid payload on purpose.
      new Promise<Ack>((resolve) => (socket.emit as any)(event, payload, resolve));
    const invalid = await ask('createChat', '   ');
    const withNul = await ask('createChat', 'persona\u0000');
    expect(invalid.error).toMatchObject({ code: 'request:invalid', message: 'Choose a persona to start a chat with.' });
    expect(withNul.error).toMatchObject({ code: 'request:invalid' });
    expect(invalid.error.requestId).not.toBe(withNul.error.requestId);
    for (const answer of [invalid, withNul]) {
      expect(answer.error.requestId).toMatch(/^\S{8,}$/);
      const logged = lines.filter((l) => l.reqId === answer.error.requestId);
      expect(logged).toHaveLength(1);
      expect(logged[0]?.msg).toMatch(/^socket event refused/);
    }
  });
});
