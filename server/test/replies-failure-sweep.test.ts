import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import type { TestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase, testDbKind } from '@neura/test-kit/server/database';
import { testRedisPrefix } from '@neura/test-kit/server/in-process';
import { startTcpProxy, type TcpProxy, viaProxy } from '@neura/test-kit/server/tcp-proxy';
import { type PortedApp, withTestPort } from '@neura/test-kit/server/test-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connected, doneFor, type Recorded, record, send, stop, waitFor } from './helpers/conversation.js';
import { describeWithServices, servicesAvailable } from './helpers/services-env.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Short timers, so the sweep can wait past every one of them. */
const SKILL_TIMEOUT_MS = 300;
const IDLE_SECONDS = 1;
/** Longer than every timer a reply starts (skill timeout, model idle watchdog, location wait, retries). */
const PAST_EVERY_TIMER_MS = 2 * Math.max(SKILL_TIMEOUT_MS, IDLE_SECONDS * 1000) + 500;
const DRAW = [{ id: 'call_img', name: 'generate_image', arguments: '{"prompt":"a lighthouse"}' }];

interface Rig {
  built: PortedApp;
  url: string;
  model: FakeOpenAI;
  images: FakeImages;
  /** Process faults (unhandled rejections, uncaught exceptions) seen while the sweep ran. */
  faults: unknown[];
  /** PostgreSQL + Redis through proxies a path can cut (the services run only). */
  db?: TcpProxy;
  redis?: TcpProxy;
  close: () => Promise<void>;
}

async function startRig(services?: { databaseUrl: string; redisUrl: string }): Promise<Rig> {
  const faults: unknown[] = [];
  const onFault = (reason: unknown) => faults.push(reason);
  process.on('unhandledRejection', onFault);
  process.on('uncaughtExceptionMonitor', onFault);
  const [model, images] = await Promise.all([startFakeOpenAI(), startFakeImages()]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-sweep-'));
  let env: Record<string, string> = {};
  let db: TcpProxy | undefined;
  let redis: TcpProxy | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (services) {
    const pg = await createPostgresDatabase({ migrated: true });
    dropDb = pg.drop;
    const pgUrl = new URL(pg.url);
    const redisUrl = new URL(services.redisUrl);
    db = await startTcpProxy(pgUrl.hostname, Number(pgUrl.port || 5432));
    redis = await startTcpProxy(redisUrl.hostname, Number(redisUrl.port || 6379));
    env = {
      DATABASE_URL: viaProxy(pg.url, db),
      REDIS_URL: viaProxy(services.redisUrl, redis),
      REDIS_PREFIX: testRedisPrefix(),
    };
  }
  const built = withTestPort(
    await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        LLM_BASE_URL: model.baseUrl,
        LLM_MODEL: 'fake',
        IMAGES_BASE_URL: images.baseUrl,
        IMAGES_API_KEY: 'sk-images',
        SKILL_TIMEOUT_MS: String(SKILL_TIMEOUT_MS),
        LLM_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        ...env,
      }),
    ),
  );
  await built.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  return {
    built,
    url,
    model,
    images,
    faults,
    db,
    redis,
    async close() {
      db?.restore();
      redis?.restore();
      await built.close();
      await Promise.all([model.close(), images.close(), db?.close(), redis?.close()]);
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.off('unhandledRejection', onFault);
      process.off('uncaughtExceptionMonitor', onFault);
    },
  };
}

/**
 * Issue #39: each failure path of a reply, then a wait past every timer it started (short
 * configured timeouts), with the server still answering, nothing left unhandled, every reply
 * final and every balance equal to its ledger.
 */
function failureSweep(services: () => { databaseUrl: string; redisUrl: string } | undefined) {
  {
    let rig: Rig;
    const users: TestUser[] = [];
    const sockets: TestSocket[] = [];

    beforeAll(async () => {
      rig = await startRig(services());
    }, 60_000);
    afterAll(async () => {
      for (const s of sockets) s.close();
      await rig?.close();
    });

    async function session(credits: number, persona = 'studio-muse') {
      const user = await rig.built.seed.user({ credits });
      users.push(user);
      const chat = await rig.built.seed.chat(user.id, persona);
      const socket = await connected(connectSocket(rig.url, user.token));
      sockets.push(socket);
      return { user, chat, socket, events: record(socket) };
    }
    /** The chat's reply status as stored (undefined while the database is unreachable). */
    const replyStatus = async (chatId: string) =>
      (
        await rig.built.db
          .selectFrom('messages')
          .select('status')
          .where('chat_id', '=', chatId)
          .where('role', '=', 'assistant')
          .executeTakeFirst()
          .catch(() => undefined)
      )?.status;
    const balance = async (user: TestUser) => (await rig.built.read.user(user.id))?.credits;
    const toolOf = (events: Recorded[], status: string) =>
      waitFor(events, (e) => e.event === 'message.tool' && e.payload.call.status === status);

    it('should fail only the image call of a user who cannot pay its surcharge, and stay up past the skill timeout', async () => {
      rig.model.setScript(toolScript({ calls: DRAW, after: ['No picture, sorry.'] }));
      const { user, chat, socket, events } = await session(4);
      expect((await send(socket, chat.id, 'draw me a lighthouse')).messageId).toBeDefined();
      const done = await doneFor(events, chat.id);
      expect(done.event).toBe('message.done');
      expect(done.payload.message.parts[0]).toMatchObject({
        skill: 'generate_image',
        status: 'failed',
        output: { error: 'Not enough credits for this skill.' },
      });
      expect(await balance(user)).toBe(0);
      // The skill's timeout passes: nothing may be left waiting on it.
      await new Promise((r) => setTimeout(r, PAST_EVERY_TIMER_MS));
      expect(rig.faults).toEqual([]);
      expect((await fetch(`${rig.url}/api/`)).status).toBe(200);
    });

    for (const [label, failure, error] of [
      ['fails', { status: 500 }, /./],
      ['hangs past the skill timeout', { hang: true }, /took too long/],
    ] as const) {
      it(`should keep the reply going when the image provider ${label}, refunding the call's surcharge`, async () => {
        rig.model.setScript(toolScript({ calls: DRAW, after: ['No picture.'] }));
        rig.images.fail(failure);
        try {
          const { user, chat, socket, events } = await session(20);
          await send(socket, chat.id, 'draw');
          const done = await doneFor(events, chat.id);
          expect(done.payload.message.status).toBe('complete');
          expect(done.payload.message.parts[0].status).toBe('failed');
          expect(done.payload.message.parts[0].output.error).toMatch(error);
          expect(await balance(user)).toBe(16);
        } finally {
          rig.images.fail(undefined);
        }
      });
    }

    it('should stop a reply during a tool call: the call fails, its surcharge and the empty reply refunded', async () => {
      rig.model.setScript(toolScript({ calls: DRAW, after: ['never'] }));
      rig.images.fail({ hang: true });
      try {
        const { user, chat, socket, events } = await session(20);
        await send(socket, chat.id, 'draw');
        await toolOf(events, 'running');
        expect((await stop(socket, chat.id)).error).toBeUndefined();
        const done = await doneFor(events, chat.id);
        expect(done.event).toBe('message.done');
        expect(done.payload.message.status).toBe('stopped');
        expect(done.payload.message.parts[0].status).toBe('failed');
        // A stop before any text: the message and the call are given back.
        await expect.poll(() => balance(user)).toBe(20);
      } finally {
        rig.images.fail(undefined);
      }
    });

    it('should stop a reply during its text, keeping the text and the charge', async () => {
      rig.model.setScript({ chunks: ['Half', ' of it', ' and more'], holdAfter: 1 });
      const { user, chat, socket, events } = await session(20, 'default');
      const cost = (await rig.built.drive.personas.exportRecords()).find((p) => p.id === 'default')?.cost ?? 0;
      await send(socket, chat.id, 'talk');
      await waitFor(events, (e) => e.event === 'message.delta');
      await stop(socket, chat.id);
      const done = await doneFor(events, chat.id);
      rig.model.release();
      expect(done.payload.message).toMatchObject({ status: 'stopped', content: 'Half' });
      expect(await balance(user)).toBe(20 - cost);
    });

    for (const [label, status] of [
      ['429', 429],
      ['500', 500],
    ] as const) {
      it(`should fail and refund a reply whose model answers ${label}`, async () => {
        rig.model.setScript({ status, retryAfter: 0 });
        const { user, chat, socket, events } = await session(20, 'default');
        await send(socket, chat.id, 'hello');
        const error = await waitFor(events, (e) => e.event === 'message.error' && e.payload.chatId === chat.id);
        expect(error.payload.code).toBe('llm:failed');
        await expect.poll(() => balance(user)).toBe(20);
      });
    }

    it('should fail and refund a reply whose model stalls past the idle timeout', async () => {
      rig.model.setScript({ chunks: ['Stalled', ' never'], holdAfter: 1 });
      const { user, chat, socket, events } = await session(20, 'default');
      await send(socket, chat.id, 'hello');
      const error = await waitFor(events, (e) => e.event === 'message.error' && e.payload.chatId === chat.id, 10_000);
      rig.model.release();
      expect(error.payload.code).toBe('llm:failed');
      await expect.poll(() => balance(user)).toBe(20);
    });

    it('should finish and charge a reply whose client went away', async () => {
      rig.model.setScript({ chunks: ['Still', ' here'], delayMs: 50 });
      const { user, chat, socket } = await session(20, 'default');
      const cost = (await rig.built.drive.personas.exportRecords()).find((p) => p.id === 'default')?.cost ?? 0;
      await send(socket, chat.id, 'hello');
      socket.close();
      await expect.poll(() => replyStatus(chat.id), { timeout: 10_000 }).toBe('complete');
      expect(await balance(user)).toBe(20 - cost);
    });

    if (services()) {
      it('should settle a reply through a Redis blip and a database blip', async () => {
        rig.model.setScript({ chunks: ['Through', ' the', ' blips'], holdAfter: 1 });
        const { user, chat, socket, events } = await session(20, 'default');
        await send(socket, chat.id, 'hello');
        await waitFor(events, (e) => e.event === 'message.delta');
        rig.redis?.cut();
        rig.db?.cut();
        await new Promise((r) => setTimeout(r, 500));
        rig.redis?.restore();
        rig.db?.restore();
        rig.model.release();
        // Ended one way or the other (its final write may have met the cut: then the sweep fails it).
        await expect.poll(() => replyStatus(chat.id), { timeout: 20_000 }).not.toBe('streaming');
        expect(await balance(user)).toBeGreaterThanOrEqual(0);
      }, 30_000);
    }

    it('should still answer, with every reply final and every balance equal to its ledger, past every timer', async () => {
      await new Promise((r) => setTimeout(r, PAST_EVERY_TIMER_MS));
      expect(rig.faults).toEqual([]);
      expect((await fetch(`${rig.url}/api/`)).status).toBe(200);
      // A new reply still works end to end.
      rig.model.setScript({ chunks: ['Alive'] });
      const { chat, socket, events } = await session(20, 'default');
      await send(socket, chat.id, 'still there?');
      expect((await doneFor(events, chat.id)).payload.message.content).toBe('Alive');
      const { db } = rig.built;
      await expect
        .poll(
          async () => (await db.selectFrom('messages').select('id').where('status', '=', 'streaming').execute()).length,
          {
            timeout: 20_000,
          },
        )
        .toBe(0);
      for (const user of users) {
        const ledger = await db.selectFrom('credit_ledger').select('amount').where('user_id', '=', user.id).execute();
        const sum = ledger.reduce((total, row) => total + row.amount, 0);
        expect(await balance(user)).toBe(sum);
      }
    }, 40_000);
  }
}

// The SQLite project runs the sweep on SQLite; the PostgreSQL project on PostgreSQL + Redis with blips
// (with REQUIRE_SERVICES=1, as in CI, missing services fail the run instead of skipping it).
if (testDbKind() === 'postgres')
  describeWithServices('the failure-path sweep of a reply (PostgreSQL + Redis, with blips)', () =>
    failureSweep(servicesAvailable),
  );
else describe('the failure-path sweep of a reply (SQLite)', () => failureSweep(() => undefined));
