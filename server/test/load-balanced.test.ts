import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat, createTestUser, openSeedTarget, type TestUser } from '@neura/test-kit/seed';
import { type Balancer, startBalancer } from '@neura/test-kit/server/balancer';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_TEST_TIMEOUT, runAdminProcess } from './helpers/admin.js';
import { connected, deltasOf, doneFor, type Recorded, record, send, stop, waitFor } from './helpers/conversation.js';
import { describeWithServices, servicesAvailable } from './helpers/services-env.js';
import { nextEvent, type TestSocket } from './helpers/socket.js';

/** The per-route limit of POST /feedback (feedback/routes.ts). */
const FEEDBACK_LIMIT = 30;

/**
 * The documented multi-process setup (docs/DEPLOYMENT.md, "Several processes"): two app processes
 * started as `npm start` starts one (server/src/main.ts, each its own PORT) on one PostgreSQL
 * database and one Redis, behind a round-robin TCP balancer with no stickiness (test-kit's
 * stand-in for the operator's), clients on the WebSocket transport as the web and native apps are.
 */
describeWithServices('two app processes behind a round-robin load balancer (PostgreSQL + Redis)', () => {
  let fake: FakeOpenAI;
  let drop: () => Promise<void>;
  let processes: ServerProcess[] = [];
  let lb: Balancer;
  let seed: ReturnType<typeof openSeedTarget>;
  let seedDir: string;
  let env: Record<string, string>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const services = servicesAvailable();
    if (!services) throw new Error('unreachable: guarded by describeWithServices');
    fake = await startFakeOpenAI();
    const db = await createPostgresDatabase();
    drop = db.drop;
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: services.redisUrl,
      // A namespace of its own on the shared Redis: no other test's limits or events reach here.
      REDIS_PREFIX: `test-lb-${randomBytes(4).toString('hex')}`,
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      MAX_SOCKETS_PER_USER: '2',
    };
    // One after the other: the first migrates and seeds, as an operator starts them (DEPLOYMENT.md).
    for (let i = 0; i < 2; i++)
      processes.push(await startServerProcess({ env, entry: 'source', startTimeoutMs: 90_000 }));
    lb = await startBalancer(processes.map((p) => p.port));
    seedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-lb-seed-'));
    seed = openSeedTarget({ dataDir: seedDir, databaseUrl: db.url });
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await seed?.close();
    await lb?.close();
    await Promise.all(processes.map((p) => p.stop()));
    processes = [];
    await drop?.();
    await fake?.close();
    if (seedDir) fs.rmSync(seedDir, { recursive: true, force: true });
  });

  const user = (credits = 20): Promise<TestUser> => createTestUser(seed, { password: null, credits });
  const balance = async (userId: string) =>
    (await seed.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;

  /**
   * A device of the user through the balancer, on the process it lands on (0 or 1). Devices are
   * opened one at a time, so the balancer's next route is this socket's connection.
   */
  const open = async (token: string) => {
    const route = lb.routes.length;
    const socket: TestSocket = io(`${lb.url}/session`, {
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const events = record(socket);
    await connected(socket);
    return { socket, events, process: lb.routes[route] as number };
  };
  /** A device that the balancer put on process `want` (round-robin: at most one try more). */
  const openOn = async (token: string, want: number) => {
    for (let i = 0; i < 3; i++) {
      const device = await open(token);
      if (device.process === want) return device;
      device.socket.close();
    }
    throw new Error(`no connection reached process ${want}`);
  };
  /** One device of the user on each process. */
  const devicesOnBoth = async (token: string) => ({ a: await openOn(token, 0), b: await openOn(token, 1) });

  it('should show a device on process A what a send on process B caused', async () => {
    fake.setScript({ chunks: ['Hello', ' across'], delayMs: 5 });
    const u = await user(20);
    const chat = await createTestChat(seed, u.id);
    const { a, b } = await devicesOnBoth(u.token);

    const ack = await send(b.socket, chat.id, 'Hi');
    expect(ack.messageId).toEqual(expect.any(String));
    const done = await doneFor(a.events, chat.id);
    const created = a.events.filter((r) => r.event === 'message.created' && r.payload.chatId === chat.id);
    expect(created.map((r) => r.payload.message.role)).toEqual(['user', 'assistant']);
    const replyId = created[1]?.payload.message.id as string;
    expect(done.payload.message).toMatchObject({ id: replyId, status: 'complete', content: 'Hello across' });
    expect(deltasOf(a.events, replyId)).toBe('Hello across');
    // The charge made on B reached A's device with the balance the database holds.
    const charged = await waitFor(a.events, (r) => r.event === 'updateCredits');
    expect(charged.payload).toEqual({ credits: await balance(u.id) });
    expect(charged.payload.credits).toBeLessThan(20);
  });

  it('should stop, from a device on process A, a reply streaming on process B', async () => {
    fake.setScript({ chunks: ['One', ' two', ' three'], holdAfter: 2 });
    const u = await user();
    const chat = await createTestChat(seed, u.id);
    const { a, b } = await devicesOnBoth(u.token);
    await send(b.socket, chat.id, 'Go');
    const shell = await waitFor(
      a.events,
      (r: Recorded) => r.event === 'message.created' && r.payload.message.role === 'assistant',
    );
    await waitFor(a.events, () => deltasOf(a.events, shell.payload.message.id) === 'One two');

    expect(await stop(a.socket, chat.id)).toEqual({ success: true });
    const done = await doneFor(b.events, chat.id);
    fake.release();
    expect(done.payload.message).toMatchObject({ status: 'stopped', content: 'One two' });
    expect((await doneFor(a.events, chat.id)).payload.message.status).toBe('stopped');
  });

  it('should hold one reply per chat across processes', async () => {
    fake.setScript({ chunks: ['Busy', ' here'], holdAfter: 1 });
    const u = await user();
    const chat = await createTestChat(seed, u.id);
    const { a, b } = await devicesOnBoth(u.token);
    await send(b.socket, chat.id, 'First');
    await waitFor(a.events, (r) => r.event === 'message.delta' && r.payload.chatId === chat.id);

    const refused = await send(a.socket, chat.id, 'Second');
    expect(refused.error).toMatchObject({ code: 'conflict' });
    fake.release();
    expect((await doneFor(a.events, chat.id)).payload.message).toMatchObject({ status: 'complete' });
  });

  it('should count a user’s sockets on both processes together (MAX_SOCKETS_PER_USER=2)', async () => {
    const u = await user();
    const first = await openOn(u.token, 1);
    const ended = nextEvent(first.socket, 'disconnect');
    const second = await openOn(u.token, 0);
    // The third lands on process 0 too; process 0 ends the oldest, which lives on process 1.
    const third = await openOn(u.token, 0);
    await ended;
    expect([first.socket.connected, second.socket.connected, third.socket.connected]).toEqual([false, true, true]);
  });

  it('should count one address’s HTTP requests on both processes together', async () => {
    // Each request on a connection of its own, so the balancer alternates the processes.
    const post = () =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ type: 'feedback', about: 'helpDocs.DocFaq' });
        const req = http.request(
          `${lb.url}/api/feedback`,
          { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const from = lb.routes.length;
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_LIMIT; i++) statuses.push(await post());
    expect(new Set(lb.routes.slice(from))).toEqual(new Set([0, 1]));
    expect(statuses.every((s) => s === 201)).toBe(true);
    expect([await post(), await post()]).toEqual([429, 429]);
  });

  it(
    'should bring an admin grant and Pro from the CLI to the user’s devices on both processes, once each',
    async () => {
      const u = await user(10);
      const other = await user(10);
      const { a, b } = await devicesOnBoth(u.token);
      const otherDevice = await open(other.token);
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-lb-cli-'));
      const cliEnv = {
        DATABASE_URL: env.DATABASE_URL,
        REDIS_URL: env.REDIS_URL,
        REDIS_PREFIX: env.REDIS_PREFIX,
        DATA_DIR: dataDir,
      };
      try {
        const grant = await runAdminProcess(
          ['users', 'grant-credits', u.email, '15'],
          cliEnv as Record<string, string>,
        );
        expect(grant.output).toContain(`${u.email} now has 25 credits.`);
        expect(grant.code).toBe(0);
        for (const device of [a, b])
          expect((await waitFor(device.events, (r) => r.event === 'updateCredits', CLI_TEST_TIMEOUT)).payload).toEqual({
            credits: 25,
          });

        const pro = await runAdminProcess(
          ['users', 'set-pro', u.email, '--days', '30'],
          cliEnv as Record<string, string>,
        );
        expect(pro.code).toBe(0);
        for (const device of [a, b]) {
          const changed = await waitFor(device.events, (r) => r.event === 'user.changed', CLI_TEST_TIMEOUT);
          expect(changed.payload.user).toMatchObject({ email: u.email, isPro: true, credits: 25 });
        }
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
      // Had a process forwarded the grant to the other's sockets too (through the Socket.IO
      // adapter), it would have done so on handling the grant, before the second CLI even started:
      // the copy would be here by the time the Pro change is.
      for (const device of [a, b]) {
        expect(device.events.filter((r) => r.event === 'updateCredits').map((r) => r.payload)).toEqual([
          { credits: 25 },
        ]);
        expect(device.events.filter((r) => r.event === 'user.changed')).toHaveLength(1);
      }
      expect(otherDevice.events.filter((r) => r.event === 'updateCredits' || r.event === 'user.changed')).toEqual([]);
    },
    CLI_TEST_TIMEOUT * 2,
  );
});
