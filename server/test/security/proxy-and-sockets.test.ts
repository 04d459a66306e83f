import { randomBytes } from 'node:crypto';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket.js';

const join = (t: TestApp, remoteAddress: string, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.apiPrefix}/waitlist`,
    payload: { email: `w-${randomBytes(4).toString('hex')}@example.com` },
    headers: { 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });

/** F6: a client cannot pick its own address with X-Forwarded-For (the waitlist allows 10 per hour per IP). */
describe('F6: spoofed X-Forwarded-For', () => {
  it('should count by the address the one trusted proxy saw, whatever the client wrote before it', async () => {
    const t = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        // The client sends a fresh fake address each time; the proxy appends the real one.
        const res = await join(t, '10.0.0.1', `198.18.${i}.1, 198.51.100.7`);
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    } finally {
      await t.stop();
    }
  });

  it('should ignore X-Forwarded-For from an address that is not a listed proxy', async () => {
    const t = await startTestApp({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' });
    try {
      const direct: number[] = [];
      for (let i = 0; i < 11; i++) direct.push((await join(t, '203.0.113.9', `198.18.${i}.1`)).statusCode);
      expect(direct).toEqual([...Array(10).fill(200), 429]);
      // Through a listed proxy, the client's address is the one the proxy saw.
      expect((await join(t, '10.1.2.3', '198.51.100.8')).statusCode).toBe(200);
    } finally {
      await t.stop();
    }
  });
});

describe('MAX_SOCKETS_PER_USER', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MAX_SOCKETS_PER_USER: '3' });
  });
  afterAll(async () => t?.stop());

  it('should disconnect the oldest socket when a user opens one too many', async () => {
    const user = await t.seed.user();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 3; i++) {
      const s = connectSocket(t.url, user.token);
      await nextEvent(s, 'ready');
      sockets.push(s);
    }
    const oldestGone = nextEvent(sockets[0] as TestSocket, 'disconnect');
    const fourth = connectSocket(t.url, user.token);
    await nextEvent(fourth, 'ready');
    await oldestGone;
    expect(sockets.slice(1).every((s) => s.connected)).toBe(true);
    expect(fourth.connected).toBe(true);
    // Another user's sockets are not counted against this one.
    const other = await t.seed.user();
    const theirs = connectSocket(t.url, other.token);
    await nextEvent(theirs, 'ready');
    expect(sockets.slice(1).every((s) => s.connected)).toBe(true);
    for (const s of [...sockets, fourth, theirs]) s.close();
  });
});
