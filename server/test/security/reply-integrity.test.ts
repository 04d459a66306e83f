import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connected, doneFor, record, send, waitFor } from '../helpers/conversation.js';
import { describeOnceWithServices, servicesAvailable } from '../helpers/services-env.js';
import { connectSocket } from '../helpers/socket.js';

const costOf = async (app: Pick<PortedApp, 'db'>, personaId = 'default') =>
  (await app.db.selectFrom('personas').select('cost').where('id', '=', personaId).executeTakeFirstOrThrow()).cost;

describe('F16: a model that sends one token and stalls', () => {
  let fake: FakeOpenAI;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['One', ' token', ' then nothing'], holdAfter: 1 });
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_IDLE_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  it('should fail the reply after LLM_IDLE_TIMEOUT_SECONDS, refund it and free the chat', async () => {
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    const socket = await connected(connectSocket(t.url, user.token));
    const events = record(socket);
    expect((await send(socket, chat.id, 'Tell me a story')).messageId).toEqual(expect.any(String));
    const shell = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'assistant');
    await waitFor(events, (r) => r.event === 'message.delta');
    const end = await doneFor(events, chat.id);
    expect(end.event).toBe('message.error');
    expect(end.payload.code).toBe('llm:failed');
    const row = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', shell.payload.message.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect((await t.read.user(user.id))?.credits).toBe(10);
    expect(t.drive.conversation.isReplying(chat.id)).toBe(false);
    // The chat is free: the next message gets a reply.
    fake.setScript({ chunks: ['Back', ' again'] });
    events.length = 0;
    expect((await send(socket, chat.id, 'Still there?')).messageId).toEqual(expect.any(String));
    expect((await doneFor(events, chat.id)).event).toBe('message.done');
    socket.close();
  });
});

describeOnceWithServices('F10: two processes, one chat', () => {
  let fake: FakeOpenAI;
  let cluster: TestCluster;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['A', ' reply'], holdAfter: 1 });
    cluster = await startTestCluster(2, {
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      REDIS_PREFIX: `f10${randomBytes(3).toString('hex')}`,
    });
  }, 120_000);
  afterAll(async () => {
    fake?.release();
    await cluster?.stop();
    await fake?.close();
  });

  it('should accept exactly one of two simultaneous sends to one chat and charge once', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const cost = await costOf(a);
    const user = await a.seed.user({ credits: 100 });
    const onA = await connected(connectSocket(a.url, user.token));
    const onB = await connected(connectSocket(b.url, user.token));
    const events = record(onA);
    const trials = 8;
    for (let i = 0; i < trials; i++) {
      const chat = await a.seed.chat(user.id);
      const [ra, rb] = await Promise.all([send(onA, chat.id, `one ${i}`), send(onB, chat.id, `two ${i}`)]);
      const accepted = [ra, rb].filter((r) => r.messageId !== undefined);
      const refused = [ra, rb].filter((r) => r.error?.code === 'conflict');
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const replies = await a.db
        .selectFrom('messages')
        .select('id')
        .where('chat_id', '=', chat.id)
        .where('role', '=', 'assistant')
        .execute();
      expect(replies).toHaveLength(1);
      // The accepted reply holds after its first delta until released.
      await waitFor(events, (r) => r.event === 'message.delta' && r.payload.chatId === chat.id);
      fake.release();
      await doneFor(events, chat.id);
      events.length = 0;
    }
    const charges = await a.db
      .selectFrom('credit_ledger')
      .select('idempotency_key')
      .where('user_id', '=', user.id)
      .where('idempotency_key', 'like', 'charge:%')
      .execute();
    expect(charges).toHaveLength(trials);
    expect((await a.read.user(user.id))?.credits).toBe(100 - trials * cost);
    onA.close();
    onB.close();
  }, 120_000);
});

describeOnceWithServices('F13: interrupted replies are billed one way (refunded)', () => {
  let fake: FakeOpenAI;
  let drop: () => Promise<void>;
  let dbUrl: string;
  let emitter: PortedApp;
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['Partial', ' text', ' never sent'], holdAfter: 2 });
    const db = await createPostgresDatabase({ migrated: true });
    drop = db.drop;
    dbUrl = db.url;
    // On the run's migrated template (migrations are not what is tested); writes users, never has replies of its own.
    emitter = withTestPort(
      await buildApp(
        loadConfig({
          DATABASE_URL: dbUrl,
          LOG_LEVEL: 'silent',
          DATA_DIR: path.join(os.tmpdir(), 'neura-test-data-unused'),
        }),
      ),
    );
    // Its reply sweep (a job) must not end the processes' replies: it has no Redis, so its
    // message.error would reach nobody and the test would wait for the survivor's in vain.
    await emitter.jobs.stop();
  }, 120_000);
  afterAll(async () => {
    fake?.release();
    await Promise.all(started.map((p) => p.stop()));
    await emitter?.close();
    await drop?.();
    await fake?.close();
  });

  /**
   * Short reply timers (the production defaults would have the Redis test wait out 10 s of
   * staleness and a 4 s sweep): a live reply saves every second, one unsaved for 3 s belongs to a
   * dead process, swept every half second. The same rule, met sooner.
   */
  const REPLY_TIMERS = { REPLY_SAVE_EVERY_MS: '1000', REPLY_STALE_AFTER_MS: '3000', REPLY_SWEEP_EVERY_MS: '500' };
  const start = async (env: Record<string, string> = {}) => {
    const p = await startServerProcess({
      entry: 'source',
      env: { DATABASE_URL: dbUrl, LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', ...REPLY_TIMERS, ...env },
    });
    started.push(p);
    return p;
  };

  /** Sends a message and waits until part of the reply reached the user. */
  async function streamingReply(url: string, token: string, chatId: string, watcher = url) {
    const socket = await connected(connectSocket(url, token));
    const other = watcher === url ? socket : await connected(connectSocket(watcher, token));
    const events = record(other);
    expect((await send(socket, chatId, 'Tell me everything')).messageId).toEqual(expect.any(String));
    const shell = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'assistant');
    await waitFor(events, (r) => r.event === 'message.delta');
    return { socket, other, events, replyId: shell.payload.message.id as string };
  }

  const outcome = async (userId: string, replyId: string) => ({
    status: (await emitter.db.selectFrom('messages').select('status').where('id', '=', replyId).executeTakeFirst())
      ?.status,
    credits: (await emitter.read.user(userId))?.credits,
    keys: (await emitter.read.ledger(userId)).map((r) => r.idempotency_key.split(':')[0]),
  });

  it('should fail and refund a reply with text on SIGTERM, and tell the user', async () => {
    const user = await emitter.seed.user({ credits: 10 });
    const chat = await emitter.seed.chat(user.id);
    const a = await start();
    const { socket, events, replyId } = await streamingReply(a.url, user.token, chat.id);
    await a.kill('SIGTERM');
    const error = events.find((r) => r.event === 'message.error' && r.payload.messageId === replyId);
    expect(error?.payload.code).toBe('llm:interrupted');
    expect(await outcome(user.id, replyId)).toEqual({ status: 'failed', credits: 10, keys: ['charge', 'refund'] });
    socket.close();
  }, 120_000);

  it('should fail and refund a reply with text after kill -9, the same way', async () => {
    const user = await emitter.seed.user({ credits: 10 });
    const chat = await emitter.seed.chat(user.id);
    const b = await start();
    const { socket, replyId } = await streamingReply(b.url, user.token, chat.id);
    await b.kill('SIGKILL');
    socket.close();
    // The next process to start recovers what the dead one left streaming: at its boot (its sweep,
    // which would end the reply too, kept far off).
    const next = await start({ REPLY_SWEEP_EVERY_MS: '600000' });
    expect(await outcome(user.id, replyId)).toEqual({ status: 'failed', credits: 10, keys: ['charge', 'refund'] });
    // It has no Redis: left running, its sweeper could end the next test's reply where nobody hears.
    await next.stop();
  }, 120_000);

  it('should fail a dead process’s reply on another process and tell the user’s other device (Redis)', async () => {
    const services = servicesAvailable();
    if (!services) throw new Error('unreachable: guarded by describeWithServices');
    const env = { REDIS_URL: services.redisUrl, REDIS_PREFIX: `f13${randomBytes(3).toString('hex')}` };
    const user = await emitter.seed.user({ credits: 10 });
    const chat = await emitter.seed.chat(user.id);
    const dying = await start(env);
    const survivor = await start(env);
    const { socket, other, events, replyId } = await streamingReply(dying.url, user.token, chat.id, survivor.url);
    await dying.kill('SIGKILL');
    socket.close();
    const error = await waitFor(events, (r) => r.event === 'message.error' && r.payload.messageId === replyId, 60_000); // stale after 3 s, swept every 0.5 s (REPLY_TIMERS); a loaded machine takes longer
    expect(error.payload.code).toBe('llm:interrupted');
    expect(await outcome(user.id, replyId)).toEqual({ status: 'failed', credits: 10, keys: ['charge', 'refund'] });
    other.close();
  }, 120_000);
});
