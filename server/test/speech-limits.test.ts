import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEECH_LIMITS } from '../src/speech/limits.js';
import { call } from './helpers/accounts.js';
import { describeOnceWithServices } from './helpers/services-env.js';

/** Speech limits are the shared account reservations: across processes on Redis, gone with the user. */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
/** POST /speech/speak; the answer is audio, so only its status. */
const speak = async (t: TestApp, token: string) => ({
  status: (
    await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/speech/speak`,
      headers: { authorization: `Bearer ${token}` },
      payload: { text: 'Hello there' },
    })
  ).statusCode,
});
const PASSWORD = 'a long and quiet river';

const speechRows = (t: TestApp, userId: string) =>
  t.db
    .selectFrom('attempt_counters')
    .select(['scope', 'count'])
    .where('subject', '=', userId)
    .where('scope', 'in', [SPEECH_LIMITS.speakPerUser.scope, SPEECH_LIMITS.transcribePerUser.scope])
    .execute();

describe('speech limits and account deletion (database counters)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.stop());

  it("should delete the user's speech counters with the account", async () => {
    const user = await t.seed.user({ proExpiry: inAMonth(), password: PASSWORD });
    expect((await speak(t, user.token)).status).toBe(200);
    expect(await speechRows(t, user.id)).toEqual([{ scope: SPEECH_LIMITS.speakPerUser.scope, count: 1 }]);
    const other = await t.seed.user({ proExpiry: inAMonth() });
    expect((await speak(t, other.token)).status).toBe(200);
    expect((await call(t, 'DELETE', '/users/me', { password: PASSWORD }, { token: user.token })).status).toBe(200);
    expect(await speechRows(t, user.id)).toEqual([]);
    // Only that user's: someone else's counter stays.
    expect(await speechRows(t, other.id)).toHaveLength(1);
  });
});

describeOnceWithServices('speech limits across two processes (Redis)', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startTestCluster(2, { REDIS_PREFIX: `speech${Date.now().toString(36)}` });
  }, 120_000);
  afterAll(() => cluster?.stop());

  it('should count read-alouds of both processes together in Redis and forget them with the account', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await a.seed.user({ proExpiry: inAMonth(), password: PASSWORD });
    const { max } = SPEECH_LIMITS.speakPerUser;
    const results: number[] = [];
    // The first call fills the cache; the rest are cheap.
    results.push((await speak(a, user.token)).status);
    for (let i = 1; i < max; i += 10) {
      const batch = Array.from({ length: Math.min(10, max - i) }, (_, j) => speak((i + j) % 2 ? b : a, user.token));
      results.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(results.filter((s) => s === 200)).toHaveLength(max);
    expect((await speak(a, user.token)).status).toBe(429);
    expect((await speak(b, user.token)).status).toBe(429);
    // Counted in Redis, not in the database.
    const redis = a.read.redis;
    if (!redis) throw new Error('the cluster runs with REDIS_URL');
    const key = redis.key('limit', SPEECH_LIMITS.speakPerUser.scope, user.id);
    expect(Number(await redis.client.sendCommand(['GET', key]))).toBe(max + 2);
    expect(await speechRows(a, user.id)).toEqual([]);
    expect((await call(b, 'DELETE', '/users/me', { password: PASSWORD }, { token: user.token })).status).toBe(200);
    expect(await redis.client.sendCommand(['EXISTS', key])).toBe(0);
  });
});
