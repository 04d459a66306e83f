import { makeScannedPdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { type AckBody, connected, doneFor, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Documents read by the `documents.extract` job (issue #45): scans through OCR, big files, quotas. */
describe('documents read by a job', () => {
  let t: TestApp;
  let api: string;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const socketOf = async (user: TestUser) => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    return { socket, events: record(await connected(socket)) };
  };

  beforeAll(async () => {
    model = await startFakeOpenAI();
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      FILES_QUOTA_MB: '6',
    });
    api = `${t.url}${t.apiPrefix}`;
    model.setScript({ chunks: ['Read.'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  it('should read a scanned PDF with OCR in a job, announce file.updated, and ground the chat on it', async () => {
    const user = await t.seed.user({ credits: 50 });
    const { socket, events } = await socketOf(user);
    const scan = await makeScannedPdf(['The lighthouse keeper feeds pelicans', 'every Tuesday at noon.']);
    const res = await uploadFile(api, user.token, scan, { filename: 'scan.pdf', type: 'application/pdf' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'document', status: 'processing', pages: 1 });
    const updated = await waitFor(
      events,
      (r) => r.event === 'file.updated' && r.payload.file.id === res.body.id && r.payload.file.status !== 'processing',
      60_000,
    );
    expect(updated.payload.file).toMatchObject({ status: 'ready', pages: 1, name: 'scan.pdf' });
    // Each page read was announced first (the chip's "page N of M").
    const announced = events.filter((r) => r.event === 'file.updated' && r.payload.file.id === res.body.id);
    expect(announced.map((r) => r.payload.file.progress)).toEqual([{ done: 1, total: 1 }, undefined]);
    expect(announced[0]?.payload.file.status).toBe('processing');
    const meta = await call(t, 'GET', `/files/${res.body.id}/meta`, undefined, { token: user.token });
    expect(meta.body).toMatchObject({ status: 'ready', pages: 1 });

    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const before = model.requests.length;
    const ack = await new Promise<AckBody>((resolve) =>
      socket.emit(
        'sendMessage',
        { chatId: chat.id, text: 'Who feeds the pelicans?', attachments: [res.body.id] },
        (r) => resolve(r as AckBody),
      ),
    );
    expect(ack.messageId).toBeDefined();
    const done = await doneFor(events, chat.id);
    const request = model.requests.slice(before).find((r) => r.body.stream === true);
    expect(JSON.stringify(request?.body.messages[0])).toMatch(
      /\[scan\.pdf, page 1\][\s\S]*lighthouse keeper feeds pelicans/,
    );
    expect(done.payload.message.parts).toContainEqual(
      expect.objectContaining({ type: 'sources', items: [expect.objectContaining({ fileId: res.body.id, page: 1 })] }),
    );
  }, 90_000);

  it('should read a big file in a job, fail a big corrupt one there with a clear message, and count documents in the quota', async () => {
    const user = await t.seed.user();
    const { events } = await socketOf(user);
    const line = 'The quarterly inventory lists brass hinges and oak panels.\n';
    const big = Buffer.from(line.repeat(Math.ceil((2.5 * 1024 * 1024) / line.length)));
    const text = await uploadFile(api, user.token, big, { filename: 'inventory.txt', type: 'text/plain' });
    expect(text.body).toMatchObject({ kind: 'document', status: 'processing' });
    const ready = await waitFor(
      events,
      (r) => r.event === 'file.updated' && r.payload.file.id === text.body.id,
      60_000,
    );
    expect(ready.payload.file.status).toBe('ready');

    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2.2 * 1024 * 1024, 0x41)]);
    const pdf = await uploadFile(api, user.token, broken, { filename: 'big.pdf', type: 'application/pdf' });
    expect(pdf.status).toBe(201);
    const failed = await waitFor(
      events,
      (r) => r.event === 'file.updated' && r.payload.file.id === pdf.body.id,
      60_000,
    );
    expect(failed.payload.file).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not be read/) });

    // 2.5 + 2.2 MB are stored: 1.5 MB more passes the 6 MB quota.
    const more = Buffer.from(line.repeat(Math.ceil((1.5 * 1024 * 1024) / line.length)));
    const over = await uploadFile(api, user.token, more, { filename: 'more.txt', type: 'text/plain' });
    expect(over).toMatchObject({ status: 413, body: { code: 'file:quota-exceeded' } });
  }, 90_000);
});
