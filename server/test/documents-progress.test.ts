import { handbook, padPdf } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, type Recorded, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** A big document is read by a job with progress (issue #45): the chip says "page N of M" while it reads. */
describe('document reading progress', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it('should announce the pages of a big PDF read so far, then the ready document', async () => {
    const user = await t.seed.user();
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events: Recorded[] = record(await connected(socket));
    // 60 pages with a 2.2 MB attachment (random bytes do not compress): big enough for the job, and
    // enough pages that the reader tells its progress every other page (about 50 times a document;
    // was 300 pages, five times the reading for the same checks).
    const book = await padPdf(await handbook(60, { 30: 'The fire exits are on every floor.' }), 2.2 * 1024 * 1024);
    expect(book.length).toBeGreaterThan(2 * 1024 * 1024); // read by the job, not while the upload waits
    const up = await uploadFile(`${t.url}${t.apiPrefix}`, user.token, book, {
      filename: 'handbook.pdf',
      type: 'application/pdf',
    });
    expect(up.body).toMatchObject({ kind: 'document', status: 'processing' });
    const mine = (r: Recorded) => r.event === 'file.updated' && r.payload.file.id === up.body.id;
    const ready = await waitFor(events, (r) => mine(r) && r.payload.file.status !== 'processing', 120_000);
    expect(ready.payload.file).toMatchObject({ status: 'ready', pages: 60 });
    const steps = events
      .filter((r) => mine(r) && r.payload.file.progress)
      .map((r) => r.payload.file.progress as { done: number; total: number });
    expect(steps.length).toBeGreaterThanOrEqual(10);
    expect(steps.length).toBeLessThan(60); // every other page, not each one
    expect(steps.every((s) => s.total === 60)).toBe(true);
    expect(steps.map((s) => s.done)).toEqual([...steps.map((s) => s.done)].sort((a, b) => a - b));
    expect(steps.at(-1)?.done).toBeGreaterThanOrEqual(58);
    // Announced before it was ready.
    expect(events.findIndex((r) => mine(r) && r.payload.file.progress)).toBeLessThan(events.indexOf(ready));
  }, 150_000);
});
