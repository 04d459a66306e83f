import { randomBytes } from 'node:crypto';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createTestChat, createTestUser, openSeedTarget, type TestUser } from '@neura/test-kit/seed';
import {
  buildServer,
  runServerProcessToExit,
  type ServerProcess,
  startServerProcess,
} from '@neura/test-kit/server/process';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, deltasOf, doneFor, type Recorded, record, send, stop, waitFor } from './helpers/conversation.js';
import type { TestSocket } from './helpers/socket.js';

/**
 * The multi-process mode (CLUSTER_WORKERS): the bundled app as `npm start` runs it, one primary and
 * two workers sharing the port, on SQLite and a real Redis (TEST_REDIS_URL, a key prefix of its own).
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.REQUIRE_SERVICES === '1')
  throw new Error('REQUIRE_SERVICES=1 but TEST_REDIS_URL is not set');
const WORKER_HEADER = 'x-neura-worker';

interface Tracked {
  socket: TestSocket;
  /** The cluster worker id that took the connection (from the WebSocket upgrade's response). */
  worker: Promise<string>;
}

/** A real client on /session over WebSocket, with the id of the worker that answered its upgrade. */
function connectTracked(baseUrl: string, token: string): Tracked {
  const socket: TestSocket = io(`${baseUrl}/session`, {
    query: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  // The WebSocket is created synchronously and upgraded later: its `upgrade` carries the headers.
  const ws = (
    socket.io.engine as unknown as {
      transport: { ws: { once: (e: 'upgrade', l: (res: { headers: Record<string, string> }) => void) => void } };
    }
  ).transport.ws;
  const worker = new Promise<string>((resolve) =>
    ws.once('upgrade', (res) => resolve(res.headers[WORKER_HEADER] ?? '')),
  );
  return { socket, worker };
}

describe.skipIf(!redisUrl)(`multi-process mode: CLUSTER_WORKERS=2${redisUrl ? '' : ' (needs TEST_REDIS_URL)'}`, () => {
  let app: ServerProcess;
  let fake: FakeOpenAI;
  let seed: ReturnType<typeof openSeedTarget>;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    buildServer();
    app = await startServerProcess({
      env: {
        CLUSTER_WORKERS: '2',
        REDIS_URL: redisUrl ?? '',
        REDIS_PREFIX: `test-cluster-${randomBytes(4).toString('hex')}`,
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake',
        // The primary's "worker N (pid P) is ready" lines are info.
        LOG_LEVEL: 'info',
      },
      startTimeoutMs: 90_000,
    });
    seed = openSeedTarget({ dataDir: app.dataDir });
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await seed?.close();
    await app?.stop();
    await fake?.close();
  });

  const user = (credits = 20): Promise<TestUser> => createTestUser(seed, { password: null, credits });
  const open = async (token: string) => {
    const tracked = connectTracked(app.url, token);
    sockets.push(tracked.socket);
    await connected(tracked.socket);
    return { socket: tracked.socket, worker: await tracked.worker, events: record(tracked.socket) };
  };
  /** A second device of the same user, on a worker other than `notOn`. */
  const openElsewhere = async (token: string, notOn: string) => {
    for (let i = 0; i < 6; i++) {
      const device = await open(token);
      if (device.worker !== notOn) return device;
      device.socket.close();
    }
    throw new Error(`every connection landed on worker ${notOn}`);
  };
  const credits = async (userId: string) =>
    (await seed.db.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirstOrThrow()).credits;
  const workerPids = (): Map<string, number> => {
    const pids = new Map<string, number>();
    for (const [, id, pid] of app.output().matchAll(/worker (\d+) \(pid (\d+)\) is ready/g)) {
      if (id && pid) pids.set(id, Number(pid));
    }
    return pids;
  };

  it('should spread clients over both workers and stream every reply to its client', async () => {
    fake.setScript({ chunks: ['Hello', ' from', ' a', ' worker'], delayMs: 5 });
    const clients = [];
    for (let i = 0; i < 6; i++) {
      const u = await user();
      const chat = await createTestChat(seed, u.id);
      clients.push({ chat, ...(await open(u.token)) });
    }
    expect(new Set(clients.map((c) => c.worker))).toEqual(new Set(['1', '2']));

    const acks = await Promise.all(clients.map((c) => send(c.socket, c.chat.id, 'Hi')));
    for (const ack of acks) expect(ack.messageId).toEqual(expect.any(String));
    for (const c of clients) {
      const done = await doneFor(c.events, c.chat.id);
      expect(done.event).toBe('message.done');
      expect(done.payload.message).toMatchObject({ status: 'complete', content: 'Hello from a worker' });
    }
  });

  it('should keep a long-polling client on the worker that holds its session', async () => {
    const u = await user();
    const chat = await createTestChat(seed, u.id);
    // Polling only: every request is a new connection the primary must route by its session id.
    const socket: TestSocket = io(`${app.url}/session`, {
      query: { token: u.token },
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await connected(socket);
    const events = record(socket);
    fake.setScript({ chunks: ['Polled', ' reply'], delayMs: 5 });
    expect((await send(socket, chat.id, 'Hi')).messageId).toEqual(expect.any(String));
    expect((await doneFor(events, chat.id)).payload.message).toMatchObject({ content: 'Polled reply' });

    // Raw Engine.IO handshakes on both workers; each session's later requests answer from its worker.
    const seen = new Map<string, string>();
    for (let i = 0; i < 6 && seen.size < 2; i++) {
      const res = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`);
      const { sid } = JSON.parse((await res.text()).slice(1)) as { sid: string };
      seen.set(res.headers.get(WORKER_HEADER) ?? '', sid);
    }
    expect([...seen.keys()].sort()).toEqual(['1', '2']);
    for (const [worker, sid] of seen) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
          method: 'POST',
          body: '40/session,',
        });
        expect(res.status).toBe(200);
        expect(res.headers.get(WORKER_HEADER)).toBe(worker);
      }
    }
  });

  /**
   * A reply streaming on one worker, watched by the user's second device on the other worker until
   * `seen` has arrived there (the fake model holds the rest back).
   */
  const streamWatchedElsewhere = async (chunks: string[], seen: string, credits?: number) => {
    fake.setScript({ chunks, holdAfter: 2 });
    const u = await user(credits);
    const chat = await createTestChat(seed, u.id);
    const streaming = await open(u.token);
    const watcher = await openElsewhere(u.token, streaming.worker);
    await send(streaming.socket, chat.id, 'Go');
    const shell = await waitFor(
      watcher.events,
      (r: Recorded) => r.event === 'message.created' && r.payload.message.role === 'assistant',
    );
    await waitFor(watcher.events, () => deltasOf(watcher.events, shell.payload.message.id) === seen);
    return { u, chat, streaming, watcher };
  };

  it('should relay deltas to a second device on another worker and stop the reply from there', async () => {
    const { chat, streaming: a, watcher: b } = await streamWatchedElsewhere(['One', ' two', ' three'], 'One two');

    // The stop is asked on B's worker; A's worker generates the reply and ends it.
    expect(await stop(b.socket, chat.id)).toEqual({ success: true });
    const done = await doneFor(a.events, chat.id);
    fake.release();
    expect(done.payload.message).toMatchObject({ status: 'stopped', content: 'One two' });
    expect((await doneFor(b.events, chat.id)).payload.message.status).toBe('stopped');
  });

  it('should take 24 concurrent replies on SQLite from both workers without a failed write', async () => {
    fake.setScript({ chunks: Array.from({ length: 10 }, (_, i) => `t${i} `), delayMs: 5 });
    const clients = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const u = await user(5);
        const chat = await createTestChat(seed, u.id);
        return { u, chat, ...(await open(u.token)) };
      }),
    );
    expect(new Set(clients.map((c) => c.worker)).size).toBe(2);
    const acks = await Promise.all(clients.map((c) => send(c.socket, c.chat.id, 'Go')));
    for (const ack of acks) expect(ack.error).toBeUndefined();
    const dones = await Promise.all(clients.map((c) => doneFor(c.events, c.chat.id)));
    for (const done of dones) expect(done.payload.message.status).toBe('complete');
    // Each reply was charged once.
    const spent = await Promise.all(clients.map(async (c) => 5 - (await credits(c.u.id))));
    expect(new Set(spent).size).toBe(1);
    expect(spent[0]).toBeGreaterThan(0);
    expect(app.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
  });

  it('should restart a worker that dies and fail and refund the replies it was streaming', async () => {
    const { u, chat, streaming, watcher } = await streamWatchedElsewhere(['Cut', ' short', ' here'], 'Cut short', 20);
    const before = workerPids();
    const pid = before.get(streaming.worker);
    expect(pid).toBeDefined();
    process.kill(pid as number, 'SIGKILL');

    // The surviving worker's sweeper fails the orphaned reply and tells the user's other device.
    const ended = await waitFor(
      watcher.events,
      (r: Recorded) => r.event === 'message.error' && r.payload.chatId === chat.id,
      30_000,
    );
    fake.release();
    expect(ended.payload.code).toBe('llm:interrupted');
    expect(await credits(u.id)).toBe(20);
    // A replacement worker was started and takes connections.
    for (let i = 0; i < 300 && workerPids().size === before.size; i++) await new Promise((r) => setTimeout(r, 100));
    expect(workerPids().size).toBe(before.size + 1);
    const again = await openElsewhere(u.token, watcher.worker);
    expect(Number(again.worker)).toBeGreaterThan(2);
  }, 60_000);

  it('should stop every worker gracefully on SIGTERM to the primary', async () => {
    const pids = [...workerPids().values()].filter((pid) => isAlive(pid));
    expect(pids.length).toBe(2);
    await app.stop();
    expect(app.exitCode()).toBe(0);
    for (const pid of pids) expect(isAlive(pid)).toBe(false);
    expect(app.output()).toMatch(/SIGTERM: stopping the workers/);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('multi-process mode without Redis', () => {
  it('should refuse to start with a message naming REDIS_URL', async () => {
    const { code, output } = await runServerProcessToExit({ CLUSTER_WORKERS: '2', REDIS_URL: '' });
    expect(code).toBe(1);
    expect(output).toMatch(/CLUSTER_WORKERS: 2 worker processes need REDIS_URL/);
  });
});
