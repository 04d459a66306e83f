import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPro, ProEntitlements } from '../src/entitlements/pro.js';

const DAY = 86_400_000;

describe('entitlements: the one writer of Pro', () => {
  let t: TestApp;
  let pro: ProEntitlements;
  beforeAll(async () => {
    t = await startTestApp();
    pro = new ProEntitlements(t.db);
  });
  afterAll(() => t?.stop());

  const expiryOf = async (id: string) =>
    (await t.db.selectFrom('users').select('pro_expiry').where('id', '=', id).executeTakeFirstOrThrow()).pro_expiry;

  it('should count every one of parallel grants (no read-modify-write loses one)', async () => {
    const user = await t.seed.user();
    const before = Date.now();
    const results = await Promise.all([
      pro.grantPro(user.id, 10),
      pro.grantPro(user.id, 10),
      pro.grantPro(user.id, 10),
    ]);
    const expiry = Date.parse((await expiryOf(user.id)) as string);
    expect(expiry).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(expiry).toBeLessThan(Date.now() + 30 * DAY + 1000);
    // Each grant returned the expiry it wrote; the last one stands.
    expect(results).toContain(await expiryOf(user.id));
    expect(isPro({ proExpiry: await expiryOf(user.id) })).toBe(true);
  });

  it('should never move the expiry earlier when extending, and say whether it moved', async () => {
    const user = await t.seed.user();
    const later = new Date(Date.now() + 20 * DAY).toISOString();
    const sooner = new Date(Date.now() + 5 * DAY).toISOString();
    expect(await pro.extendPro(user.id, later)).toBe(true);
    expect(await pro.extendPro(user.id, sooner)).toBe(false);
    expect(await expiryOf(user.id)).toBe(later);
  });

  it("should end a subscription's Pro but keep days given beyond what it paid for", async () => {
    const user = await t.seed.user();
    const paidUntil = new Date(Date.now() + 10 * DAY).toISOString();
    await pro.extendPro(user.id, paidUntil);
    const end = new Date().toISOString();
    await pro.endPro(user.id, end, paidUntil);
    expect(await expiryOf(user.id)).toBe(end);
    expect(isPro({ proExpiry: await expiryOf(user.id) })).toBe(false);

    const given = await pro.grantPro(user.id, 40);
    await pro.endPro(user.id, new Date().toISOString(), paidUntil);
    expect(await expiryOf(user.id)).toBe(given);
  });

  it('should end Pro now only for a user who has it, and give nothing to an unknown user', async () => {
    const user = await t.seed.user();
    const now = new Date().toISOString();
    await pro.endPro(user.id, now);
    expect(await expiryOf(user.id)).toBeNull();
    expect(await pro.grantPro('no-such-user', 3)).toBeUndefined();
  });
});
