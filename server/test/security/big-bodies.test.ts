import { createTestUser, type TestUser } from '@neura/test-kit/seed';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { containsNul } from '../../src/lib/input-guard.js';
import { connectSocket, nextEvent, type TestSocket } from '../helpers/socket.js';

const MB = 1_048_000;

/**
 * N1: the edge guard walked a raw Buffer body as an object, one entry per byte (~0.4 s of CPU for an
 * unauthenticated 1 MB POST to the webhook). Work is counted as the entries `Object.entries` hands out
 * while a request is handled: a per-byte walk hands out a million.
 */
describe('big bodies at the edge (N1)', () => {
  let t: TestApp;
  let user: TestUser;
  let visited = 0;

  beforeAll(async () => {
    t = await startTestApp();
    user = await createTestUser(t.services);
  });
  afterAll(async () => t?.stop());
  afterEach(() => vi.restoreAllMocks());

  function countEntries(): void {
    visited = 0;
    const original = Object.entries;
    vi.spyOn(Object, 'entries').mockImplementation((value: object) => {
      const entries = original(value);
      visited += entries.length;
      return entries;
    });
  }

  it('should not walk binary values byte by byte', () => {
    countEntries();
    expect(containsNul(Buffer.alloc(MB, 0))).toBe(false);
    expect(containsNul([new Uint8Array(MB)])).toBe(false);
    expect(visited).toBeLessThan(10);
  });

  it('should still find a NUL in text next to binary data', () => {
    expect(containsNul([Buffer.alloc(10), { a: 'x\u0000' }])).toBe(true);
  });

  it('should answer an unauthenticated 1 MB webhook POST without a per-byte walk', async () => {
    countEntries();
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/billing/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: Buffer.alloc(MB, 0x61),
      remoteAddress: '10.31.0.1',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(visited).toBeLessThan(10_000);
  });

  it('should answer a 1 MB binary socket payload without a per-byte walk', async () => {
    const socket: TestSocket = connectSocket(t.url, user.token);
    try {
      await nextEvent(socket, 'ready');
      countEntries();
      const answer = await new Promise<unknown>((resolve) =>
        (socket as unknown as { emit: (...a: unknown[]) => void }).emit(
          'generateName',
          Buffer.alloc(MB, 0x61),
          resolve,
        ),
      );
      expect(answer).toBeDefined();
      expect(visited).toBeLessThan(10_000);
    } finally {
      socket.close();
    }
  });
});
