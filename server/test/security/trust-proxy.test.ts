import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { describe, expect, it } from 'vitest';

const join = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.apiPrefix}/waitlist`,
    payload: { email: `w-${randomBytes(4).toString('hex')}@example.com` },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

/** N8: with TRUST_PROXY=<hops>, a client connecting directly from the internet is not a proxy. */
describe('N8: TRUST_PROXY=1 and a direct client', () => {
  it('should count a directly connecting public client by its own address, whatever X-Forwarded-For says', async () => {
    const t = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await join(t, '8.8.4.4', `198.18.${i}.1`)).statusCode);
      // The waitlist allows 10 per hour per IP: the 11th from the same client is refused.
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await t.stop();
    }
  });

  it('should still read X-Forwarded-For from a proxy on a private network or loopback', async () => {
    const t = await startTestApp({ TRUST_PROXY: '1' });
    try {
      // 11 clients behind each proxy: counted apart (by the proxy's address the 11th would be refused).
      for (const [n, proxy] of ['127.0.0.1', '::ffff:10.0.0.2', '172.16.0.3', 'fd00::1'].entries()) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) statuses.push((await join(t, proxy, `8.8.${n}.${i + 1}`)).statusCode);
        expect(statuses).toEqual(Array(11).fill(200));
      }
    } finally {
      await t.stop();
    }
  });
});
