import { randomInt } from 'node:crypto';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServices } from './helpers/services-env.js';

/** The per-route limit of POST /feedback (feedback/routes.ts). */
const FEEDBACK_LIMIT = 30;

describeWithServices('HTTP rate limits across two processes (Redis)', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For: a fresh one per run keeps the
    // shared Redis counters of earlier runs out of this one.
    cluster = await startTestCluster(2, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('should count one address’s requests on both processes together', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const post = (app: typeof one) =>
      app.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { 'x-forwarded-for': ip },
        payload: { type: 'feedback', about: 'helpDocs.DocFaq' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < FEEDBACK_LIMIT; i++) statuses.push((await post(i % 2 === 0 ? one : two)).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refusedOnOne = await post(one);
    const refusedOnTwo = await post(two);
    expect(refusedOnOne.statusCode).toBe(429);
    expect(refusedOnTwo.statusCode).toBe(429);
    expect(refusedOnTwo.json()).toMatchObject({
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'rate-limited',
    });
  });
});
