import type { TestUser } from '@neura/test-kit/seed';
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
    user = await t.seed.user();
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

  it.each([
    ['/users/login', { email: 'a@example.com', password: 'x'.repeat(MB) }],
    ['/feedback', { type: 'feedback', about: 'helpDocs.faq', message: 'x'.repeat(MB) }],
    ['/nowhere', { a: 'x'.repeat(MB) }],
  ])('should refuse a 1 MB JSON POST to %s with a 413 before parsing it', async (path, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}${path}`,
      payload: body,
      remoteAddress: '10.31.0.2',
    });
    expect(res.statusCode).toBe(413);
  });

  it('should refuse a 1 MB webhook body with a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/billing/webhook`,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: Buffer.alloc(MB, 0x61),
      remoteAddress: '10.31.0.3',
    });
    expect(res.statusCode).toBe(413);
  });

  it('should still take a JSON body of ordinary size', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/feedback`,
      payload: { type: 'feedback', about: 'helpDocs.faq', message: 'x'.repeat(10_000) },
      headers: { authorization: `Bearer ${user.token}` },
      remoteAddress: '10.31.0.4',
    });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('should close a socket that sends a 1.9 MB payload, unparsed', async () => {
    const socket: TestSocket = connectSocket(t.url, user.token);
    try {
      await nextEvent(socket, 'ready');
      const closed = nextEvent<string>(socket, 'disconnect');
      (socket as unknown as { emit: (...a: unknown[]) => void }).emit('generateName', 'x'.repeat(1_900_000));
      expect(await closed).toBe('transport close');
    } finally {
      socket.close();
    }
  });

  it('should answer a 200 KB binary socket payload without a per-byte walk', async () => {
    const socket: TestSocket = connectSocket(t.url, user.token);
    try {
      await nextEvent(socket, 'ready');
      countEntries();
      const answer = await new Promise<unknown>((resolve) =>
        (socket as unknown as { emit: (...a: unknown[]) => void }).emit(
          'generateName',
          Buffer.alloc(200_000, 0x61),
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
