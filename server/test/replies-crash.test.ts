import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { copyMigratedSqlite, createPostgresDatabase, testDbKind } from '@neura/test-kit/server/database';
import { type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILPOINTS, type Failpoint } from '../src/lib/failpoints.js';
import { connected, send } from './helpers/conversation.js';
import { connectSocket } from './helpers/socket.js';

/**
 * Issue #39: the process is killed (SIGKILL, from a failpoint in the code) at each step of a reply
 * — after admission, mid-stream, during a tool, between the end and the refund, during the
 * settlement, after its commit — then started again on the same database. Every reply is then
 * final and, for every user, the ledger's sum equals the balance; a failed reply is refunded once
 * (its charge and surcharges), a complete one charged once with the surcharges it kept.
 *
 * The crashes follow one another on one database (each its own user and chat), so a process started
 * after a crash is also the next crash's: its boot recovers what the dead one left, it is checked,
 * then its own failpoint kills it — 8 server starts instead of 12. Recovery settles replies (the
 * settlement's failpoints), it never admits, streams or runs a tool: a process armed at a settlement
 * failpoint starts only when nothing is left `streaming` (else a process without failpoints
 * recovers first).
 */
const ORDER: readonly Failpoint[] = [
  'reply.settled',
  'reply.settle.after-end',
  'reply.admitted',
  'reply.streaming',
  'reply.tool-running',
  'reply.settle.before-commit',
];
/** The failpoints recovery's own settlement passes (replies/settle.ts). */
const inSettlement = (point: Failpoint | undefined) => point?.startsWith('reply.settle') ?? false;

describe(`a reply killed at each step (${testDbKind()})`, () => {
  let model: FakeOpenAI;
  let images: FakeImages;
  let dataDir: string;
  let env: Record<string, string>;
  let drop: (() => Promise<void>) | undefined;
  const seedTarget = () => openSeedTarget({ dataDir, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) });
  /** The process started after the last crash, armed for the next one (handed from one test to the next). */
  let next: ServerProcess | undefined;

  beforeAll(async () => {
    [model, images] = await Promise.all([startFakeOpenAI(), startFakeImages()]);
    model.setScript(
      toolScript({
        before: ['Let me draw that.'],
        calls: [{ id: 'call_img', name: 'generate_image', arguments: '{"prompt":"a lighthouse"}' }],
        after: ['Here it is.'],
      }),
    );
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-crash-'));
    // From the run's migrated template: what is proven here is the recovery, not the migrations.
    const pg = testDbKind() === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
    if (!pg) copyMigratedSqlite(path.join(dataDir, 'neura.db'));
    drop = pg?.drop;
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      IMAGES_BASE_URL: images.baseUrl,
      IMAGES_API_KEY: 'sk-images',
      // What settles a crash's reply here is the next process's boot, not its periodic sweep
      // (which would, 10 s later, hide a boot that recovers nothing).
      REPLY_SWEEP_EVERY_MS: '600000',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
  });
  afterAll(async () => {
    await next?.stop();
    await drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await Promise.all([model?.close(), images?.close()]);
  });

  const start = (point?: Failpoint) =>
    startServerProcess({ entry: 'source', env: point ? { ...env, FAILPOINTS: point } : env });

  const streamingReplies = async () => {
    const check = seedTarget();
    try {
      return (await check.db.selectFrom('messages').select('id').where('status', '=', 'streaming').execute()).length;
    } finally {
      await check.close();
    }
  };

  it('should crash at every failpoint once', () => {
    expect([...ORDER].sort()).toEqual([...FAILPOINTS].sort());
  });

  ORDER.forEach((point, i) => {
    it(`should leave every reply final and every ledger equal to its balance after a crash at ${point}`, async () => {
      const first = next ?? (await start(point));
      next = undefined;
      const seed = seedTarget();
      const user = await createTestUser(seed, { credits: 20, password: null });
      const chat = await createTestChat(seed, user.id, 'studio-muse');
      await seed.close();

      const socket = await connected(connectSocket(first.url, user.token));
      // Not awaited: at some failpoints the process dies before it answers the send.
      void send(socket, chat.id, 'draw me a lighthouse');
      // The failpoint ends the process by itself.
      const exit = await first.exited;
      socket.close();
      expect(exit.signal).toBe('SIGKILL');

      // Started again on the same database: recovery settles what the crash left. The next crash's
      // process when recovery cannot reach its failpoint, else one without failpoints.
      const following = ORDER[i + 1];
      const armed = following !== undefined && (!inSettlement(following) || (await streamingReplies()) === 0);
      const second = await start(armed ? following : undefined);
      const check = seedTarget();
      try {
        const { db } = check;
        await expect
          .poll(
            async () =>
              (await db.selectFrom('messages').select('id').where('status', '=', 'streaming').execute()).length,
            { timeout: 20_000 },
          )
          .toBe(0);
        const ledger = await db.selectFrom('credit_ledger').selectAll().where('user_id', '=', user.id).execute();
        const balance = (await check.users.findById(user.id))?.credits;
        expect(balance).toBe(ledger.reduce((sum, row) => sum + row.amount, 0));
        const keys = ledger.map((r) => r.idempotency_key);
        // Each key once (the ledger's unique index), and each refund gives back a charge that was made
        // (`refund:<messageId>` the message's `charge:<messageId>`, `refund:tool:…` its surcharge).
        expect(new Set(keys).size).toBe(keys.length);
        const chargeOf = (refund: string) =>
          refund.startsWith('refund:tool:') ? refund.slice(7) : `charge:${refund.slice(7)}`;
        for (const key of keys.filter((k) => k.startsWith('refund:'))) expect(keys).toContain(chargeOf(key));

        const replies = await db
          .selectFrom('messages')
          .select(['id', 'status', 'cost'])
          .where('chat_id', '=', chat.id)
          .where('role', '=', 'assistant')
          .execute();
        expect(replies).toHaveLength(1);
        const reply = replies[0];
        if (!reply) throw new Error('no reply stored');
        const charge = ledger.find((r) => r.idempotency_key === `charge:${reply.id}`);
        const surcharges = ledger.filter((r) => r.idempotency_key.startsWith(`tool:${reply.id}:`));
        const refunded = (key: string) =>
          keys.includes(key.startsWith('charge:') ? `refund:${key.slice(7)}` : `refund:${key}`);
        if (reply.status === 'failed') {
          // Refunded once: the charge and every surcharge given back.
          if (charge) expect(refunded(charge.idempotency_key)).toBe(true);
          for (const s of surcharges) expect(refunded(s.idempotency_key)).toBe(true);
          expect(balance).toBe(20);
        } else {
          expect(reply.status).toBe('complete');
          expect(charge).toBeDefined();
          expect(refunded(`charge:${reply.id}`)).toBe(false);
          const kept = surcharges.filter((s) => !refunded(s.idempotency_key));
          const keptCredits = kept.reduce((sum, s) => sum - s.amount, 0);
          // The message's cost is its base charge plus the surcharges it kept, charged once.
          expect(reply.cost).toBe(-(charge?.amount ?? 0) + keptCredits);
          expect(balance).toBe(20 - reply.cost);
        }
        // Where the crash came before the settlement's commit, the reply was failed and refunded.
        if (point !== 'reply.settled') expect(reply.status).toBe('failed');
        // Checked: it is the next test's process, or stopped.
        if (armed) next = second;
      } finally {
        await check.close();
        if (next !== second) await second.stop();
      }
    }, 120_000);
  });
});
