import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnceWithServices } from '../helpers/services-env.js';

/**
 * Issue #40's low findings about limits and leftovers:
 * - L3: persona reports limited per account (not only per IP), one open report per account and persona;
 * - L5: deleted personas that no chat uses are purged; creations capped per account per day;
 * - N11: `/users/verify` answers alike for every address (no earlier 429 for one registered this hour);
 * - N13: uploads never sent with a message expire and are swept (rows and bytes), counting
 *   against their uploader's quota meanwhile.
 */
describe('hardening IV: limits and leftovers', () => {
  let t: TestApp;
  let ipCounter = 0;
  /** Each call from an address of its own unless told (per-IP route limits stay out of the way). */
  const call = async (method: string, url: string, user: TestUser | null, body?: unknown, ip?: string) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      remoteAddress: ip ?? `198.18.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as Record<string, unknown> };
  };
  const persona = { name: 'Moth', instructions: 'You are Moth. Speak softly.', visibility: 'public' };

  beforeAll(async () => {
    t = await startTestApp({ CUSTOM_PERSONAS_CREATED_PER_DAY: '5', FILES_UNSENT_TTL_HOURS: '1', FILES_QUOTA_MB: '1' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  describe('L3: persona reports', () => {
    it('should keep one open report per account and persona, and take another once it is handled', async () => {
      const owner = await t.seed.user();
      const reporter = await t.seed.user();
      const { body } = await call('POST', '/users/me/personas', owner, persona);
      const id = body.id as string;
      expect((await call('POST', `/personas/${id}/report`, reporter, { reason: 'Rude.' })).status).toBe(201);
      const again = await call('POST', `/personas/${id}/report`, reporter, { reason: 'Still rude.' });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already reported/);
      // Ten at once from one account: still one open report.
      const burst = await Promise.all(
        Array.from({ length: 5 }, () => call('POST', `/personas/${id}/report`, reporter, { reason: 'Burst.' })),
      );
      expect(burst.every((r) => r.status === 409)).toBe(true);
      const rows = await t.db.selectFrom('feedback').selectAll().where('about', '=', `persona:${id}`).execute();
      expect(rows).toHaveLength(1);
      await t.db.updateTable('feedback').set({ handled_at: new Date().toISOString() }).execute();
      expect((await call('POST', `/personas/${id}/report`, reporter, { reason: 'Back again.' })).status).toBe(201);
    });

    it('should limit one account’s reports per hour whatever addresses it uses', async () => {
      const reporter = await t.seed.user();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const owner = await t.seed.user();
        const { body } = await call('POST', '/users/me/personas', owner, { ...persona, name: `Moth ${i}` });
        // Every report from another address: the per-IP limit never applies.
        statuses.push((await call('POST', `/personas/${body.id}/report`, reporter, { reason: 'Spam.' })).status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
      const stored = await t.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', reporter.id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(10);
    });
  });

  describe('L5: deleted personas and creations', () => {
    it('should remove a deleted persona that no chat uses, and purge one with chats once they are gone', async () => {
      const owner = await t.seed.user();
      const unused = (await call('POST', '/users/me/personas', owner, persona)).body.id as string;
      expect((await call('DELETE', `/users/me/personas/${unused}`, owner)).status).toBe(200);
      const row = (id: string) => t.db.selectFrom('personas').select('id').where('id', '=', id).executeTakeFirst();
      expect(await row(unused)).toBeUndefined();

      const used = (await call('POST', '/users/me/personas', owner, persona)).body.id as string;
      const chat = await t.seed.chat(owner.id, used);
      expect((await call('DELETE', `/users/me/personas/${used}`, owner)).status).toBe(200);
      expect(await row(used)).toBeDefined();
      expect(await t.drive.creator.purgeDeleted()).toBe(0);
      await t.db.deleteFrom('chats').where('id', '=', chat.id).execute();
      expect(await t.drive.creator.purgeDeleted()).toBe(1);
      expect(await row(used)).toBeUndefined();
    });

    it('should cap creations per account per day (deletions give none back) with a clear 429', async () => {
      const owner = await t.seed.user();
      for (let i = 0; i < 5; i++) {
        const created = await call('POST', '/users/me/personas', owner, { ...persona, name: `Cycle ${i}` });
        expect(created.status).toBe(201);
        expect((await call('DELETE', `/users/me/personas/${created.body.id}`, owner)).status).toBe(200);
      }
      const sixth = await call('POST', '/users/me/personas', owner, persona);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ code: 'rate-limited' });
      expect(sixth.body.message).toMatch(/at most 5 personas a day/);
      // Another account is not affected.
      expect((await call('POST', '/users/me/personas', await t.seed.user(), persona)).status).toBe(201);
    });
  });

  describe('N11: /users/verify', () => {
    it('should answer an address registered this hour exactly as any other', async () => {
      const [inviteCode] = await t.seed.invites(1, 1);
      const registered = `fresh-${randomBytes(4).toString('hex')}@example.com`;
      const reg = await call('POST', '/users/', null, {
        email: registered,
        firstName: 'Ada',
        lastName: 'Lovelace',
        password: 'a long and quiet river',
        country: 'GB',
        inviteCode,
      });
      expect(reg.status).toBe(403);
      const unknown = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      const answers = async (email: string) => {
        const out: number[] = [];
        for (let i = 0; i < 7; i++) out.push((await call('POST', '/users/verify', null, { email })).status);
        return out;
      };
      const forRegistered = await answers(registered);
      const forUnknown = await answers(unknown);
      expect(forRegistered).toEqual(forUnknown);
      expect(forUnknown).toEqual([200, 200, 200, 200, 200, 429, 429]);
    });
  });

  describe('N13: unsent uploads', () => {
    const noise = () =>
      sharp(randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } })
        .png()
        .toBuffer();
    const storePath = (key: string) => path.join(t.config.DATA_DIR, 'files', key);

    it('should count unsent uploads against their uploader’s quota', async () => {
      const user = await t.seed.user();
      let refused: unknown;
      for (let i = 0; i < 6 && !refused; i++) {
        try {
          await t.drive.files.upload(user.id, await noise(), 'attachment');
        } catch (error) {
          refused = error;
        }
      }
      expect((refused as { code?: string } | undefined)?.code).toBe('file:quota-exceeded');
    });

    it('should sweep uploads never sent once they expire (rows and bytes), and keep sent ones', async () => {
      const user = await t.seed.user();
      const unsent = await t.drive.files.upload(user.id, await makeImage(8, 8), 'attachment');
      const sent = await t.drive.files.upload(user.id, await makeImage(8, 8), 'attachment');
      const fresh = await t.drive.files.upload(user.id, await makeImage(8, 8), 'attachment');
      const chat = await t.seed.chat(user.id);
      await t.drive.files.attachToChat([sent.id], chat.id);
      const old = new Date(Date.now() - 2 * 3600_000).toISOString();
      await t.db.updateTable('files').set({ created_at: old }).where('id', 'in', [unsent.id, sent.id]).execute();
      const keys = new Map(
        (await t.db.selectFrom('files').select(['id', 'storage_key']).where('user_id', '=', user.id).execute()).map(
          (r) => [r.id, r.storage_key],
        ),
      );
      expect(fs.existsSync(storePath(keys.get(unsent.id) as string))).toBe(true);
      // Past its time an unsent upload can no longer be sent, even before the sweep.
      await expect(t.drive.files.forMessage(user.id, [unsent.id])).rejects.toMatchObject({ code: 'not-found' });

      expect(await t.drive.files.sweepUnsent()).toBeGreaterThanOrEqual(1);
      const left = (await t.db.selectFrom('files').select('id').where('user_id', '=', user.id).execute()).map(
        (r) => r.id,
      );
      expect(left.sort()).toEqual([sent.id, fresh.id].sort());
      expect(fs.existsSync(storePath(keys.get(unsent.id) as string))).toBe(false);
      expect(fs.existsSync(storePath(keys.get(sent.id) as string))).toBe(true);
      expect(await t.drive.files.sweepUnsent()).toBe(0);
    });
  });
});

describeOnceWithServices('hardening IV limits across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let counter = 0;
  const call = async (app: TestApp, method: string, url: string, user: TestUser, body?: unknown) => {
    const res = await app.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      remoteAddress: `198.19.0.${(++counter % 250) + 1}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: (res.body ? res.json() : {}) as Record<string, unknown> };
  };

  beforeAll(async () => {
    cluster = await startTestCluster(2, { CUSTOM_PERSONAS_CREATED_PER_DAY: '4' });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('should count reports and creations per account across processes, one open report in a burst on both', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const owner = await one.seed.user();
    const reporter = await one.seed.user();
    const made = await call(one, 'POST', '/users/me/personas', owner, {
      name: 'Kite',
      instructions: 'You are Kite.',
      visibility: 'public',
    });
    const id = made.body.id as string;
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 ? one : two, 'POST', `/personas/${id}/report`, reporter, { reason: 'Burst.' }),
      ),
    );
    expect(burst.filter((r) => r.status === 201)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(7);

    // Creations: 4 a day for the account, whichever process takes them.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await call(i % 2 ? one : two, 'POST', '/users/me/personas', owner, {
        name: `Kite ${i}`,
        instructions: 'You are Kite.',
        visibility: 'private',
      });
      statuses.push(created.status);
      if (created.status === 201) await call(one, 'DELETE', `/users/me/personas/${created.body.id}`, owner);
    }
    // The first creation above counts too: the account made 4 already, so every process refuses now.
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(
      (
        await call(two, 'POST', '/users/me/personas', owner, {
          name: 'Late',
          instructions: 'You are Late.',
          visibility: 'private',
        })
      ).status,
    ).toBe(429);
  });
});
