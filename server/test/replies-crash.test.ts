import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { copyMigratedSqlite, createPostgresDatabase, testDbKind } from '@neura/test-kit/server/database';
import { startServerProcess } from '@neura/test-kit/server/process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILPOINTS } from '../src/lib/failpoints.js';
import { connected, send } from './helpers/conversation.js';
import { connectSocket } from './helpers/socket.js';

/**
 * Issue #39: the process is killed (SIGKILL, from a failpoint in the code) at each step of a reply
 * — after admission, mid-stream, during a tool, between the end and the refund, during the
 * settlement, after its commit — then started again on the same database. Every reply is then
 * final and, for every user, the ledger's sum equals the balance; a failed reply is refunded once
 * (its charge and surcharges), a complete one charged once with the surcharges it kept.
 */
describe(`a reply killed at each step (${testDbKind()})`, () => {
  let model: FakeOpenAI;
  let images: FakeImages;

  beforeAll(async () => {
    [model, images] = await Promise.all([startFakeOpenAI(), startFakeImages()]);
    model.setScript(
      toolScript({
        before: ['Let me draw that.'],
        calls: [{ id: 'call_img', name: 'generate_image', arguments: '{"prompt":"a lighthouse"}' }],
        after: ['Here it is.'],
      }),
    );
  });
  afterAll(async () => {
    await Promise.all([model?.close(), images?.close()]);
  });

  for (const point of FAILPOINTS) {
    it(`should leave every reply final and every ledger equal to its balance after a crash at ${point}`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-crash-'));
      // From the run's migrated template: what is proven here is the recovery, not the migrations.
      const pg = testDbKind() === 'postgres' ? await createPostgresDatabase({ migrated: true }) : undefined;
      if (!pg) copyMigratedSqlite(path.join(dataDir, 'neura.db'));
      const env: Record<string, string> = {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LLM_BASE_URL: model.baseUrl,
        LLM_MODEL: 'fake',
        IMAGES_BASE_URL: images.baseUrl,
        IMAGES_API_KEY: 'sk-images',
        ...(pg ? { DATABASE_URL: pg.url } : {}),
      };
      const seedTarget = () => openSeedTarget({ dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
      try {
        const first = await startServerProcess({ entry: 'source', env: { ...env, FAILPOINTS: point } });
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

        // Started again on the same database: recovery settles what the crash left.
        const second = await startServerProcess({ entry: 'source', env });
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
        } finally {
          await check.close();
          await second.stop();
        }
      } finally {
        await pg?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
