import { handbook, makeDocx, makeEncryptedPdf, makePdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { makeImage, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { type AckBody, connected, doneFor, type Recorded, record } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Documents (issue #45): upload, reading, grounding of replies with page citations, refusals, deletion. */
describe('documents', () => {
  let t: TestApp;
  let api: string;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const upload = (user: TestUser, bytes: Buffer, filename: string, type = 'application/octet-stream') =>
    uploadFile(api, user.token, bytes, { filename, type });

  async function socketOf(user: TestUser): Promise<{ socket: TestSocket; events: Recorded[] }> {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(await connected(socket));
    return { socket, events };
  }

  /** Sends `text` (with `attachments`) and answers the model's streamed request and the reply's done message. */
  async function turn(user: TestUser, chatId: string, text: string, attachments?: string[]) {
    const { socket, events } = await socketOf(user);
    const before = model.requests.length;
    const ack = await new Promise<AckBody>((resolve) =>
      socket.emit('sendMessage', { chatId, text, ...(attachments ? { attachments } : {}) }, (r) =>
        resolve(r as AckBody),
      ),
    );
    if (!ack.messageId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    const done = await doneFor(events, chatId);
    const request = model.requests.slice(before).find((r) => r.body.stream === true);
    if (!request) throw new Error('no model request');
    const sent = events.find((r) => r.event === 'message.created' && r.payload.message.role === 'user');
    return { request, message: done.payload.message, sent: sent?.payload.message };
  }
  const systemOf = (request: FakeRequest): string => {
    const first = request.body.messages[0];
    return first?.role === 'system' ? (first.content as string) : '';
  };
  const sectionOf = (request: FakeRequest) =>
    systemOf(request).split('<attached_documents>')[1]?.split('</attached_documents>')[0] ?? '';

  beforeAll(async () => {
    model = await startFakeOpenAI();
    // OCR is documents-jobs.test.ts's subject; here a blank scan is only stored (`processing`) and its
    // job fails at once instead of reading an empty 300 dpi page with tesseract meanwhile.
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      DOCUMENT_OCR_MAX_PAGES: '0',
    });
    api = `${t.url}${t.apiPrefix}`;
  });
  beforeEach(() => model.setScript({ chunks: ['From the handbook.'] }));
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  it('should read a PDF page by page, answer it as a ready document, and show its meta to its owner only', async () => {
    const user = await t.seed.user();
    const other = await t.seed.user();
    const res = await upload(user, await makePdf([['Alpha page one'], ['Beta page two']]), 'notes.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      kind: 'document',
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      pages: 2,
      status: 'ready',
    });
    const meta = await call(t, 'GET', `/files/${res.body.id}/meta`, undefined, { token: user.token });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ id: res.body.id, status: 'ready', pages: 2 });
    expect((await call(t, 'GET', `/files/${res.body.id}/meta`, undefined, { token: other.token })).status).toBe(404);
  });

  it('should ground a question about one page of a long PDF on that page, cite it, count it, and keep the chat grounded', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const book = await handbook(60, {
      37: 'Zebras in the parking garage must be reported to the night porter at once.',
    });
    const doc = await upload(user, book, 'handbook.pdf');
    expect(doc.body).toMatchObject({ status: 'ready', pages: 60 });

    const first = await turn(user, chat.id, 'What does the handbook say about zebras?', [doc.body.id]);
    const section = sectionOf(first.request);
    expect(section).toContain('[handbook.pdf, page 37]');
    expect(section).toContain('Zebras in the parking garage must be reported');
    // Not the whole book: other chapters' markers are absent, and the section fits the budget.
    expect(section).not.toContain('marker5word');
    expect(section).not.toContain('marker59word');
    expect(section.length).toBeLessThan(4000 * 4 + 1000);
    expect(first.request.body.messages.map((m: { content: unknown }) => JSON.stringify(m.content)).join()).toContain(
      'document \\"handbook.pdf\\" (60 pages)',
    );
    const sources = first.message.parts.find((p: { type: string }) => p.type === 'sources');
    expect(sources.items[0]).toMatchObject({ fileId: doc.body.id, name: 'handbook.pdf', page: 37 });
    expect(sources.items[0].snippet).toContain('Zebras');
    expect(first.message.documentTokens).toBeGreaterThan(0);
    expect(first.message.documentTokens).toBeLessThanOrEqual(4100);

    // A later turn without an attachment: still grounded on the chat's document.
    const later = await turn(user, chat.id, 'And who is the night porter told about, the zebras?');
    expect(sectionOf(later.request)).toContain('[handbook.pdf, page 37]');

    // The chat's export names the document (JSON and Markdown).
    const exported = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/users/me/chats/${chat.id}/export?format=${format}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
    expect((await exported('md')).body).toContain('Attachment: handbook.pdf (application/pdf, 60 pages)');
    const json = (await exported('json')).json() as { messages: Array<{ attachments?: Array<{ name?: string }> }> };
    expect(json.messages[0]?.attachments?.[0]).toMatchObject({ name: 'handbook.pdf', url: '' });

    // A share names the document but never serves its file.
    const auth = { authorization: `Bearer ${user.token}` };
    const share = await t.app.inject({ method: 'POST', url: `/api/users/me/chats/${chat.id}/share`, headers: auth });
    const shareId = (share.json() as { url: string }).url.split('/').pop();
    const shared = (await t.app.inject({ method: 'GET', url: `/api/share/${shareId}` })).json() as {
      messages: Array<{ attachments?: Array<{ name?: string; url: string }> }>;
    };
    expect(shared.messages[0]?.attachments?.[0]).toMatchObject({ name: 'handbook.pdf', url: '' });
    const file = await t.app.inject({ method: 'GET', url: `/api/share/${shareId}/files/${doc.body.id}` });
    expect(file.statusCode).toBe(404);
  });

  it('should carry a short document whole, and read DOCX, Markdown, CSV, JSON and HTML', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const docx = await upload(
      user,
      await makeDocx(['The office plant is called Ferdinand.', 'Water it on Mondays.']),
      'plant.docx',
    );
    expect(docx.body).toMatchObject({ kind: 'document', status: 'ready', name: 'plant.docx' });
    expect(docx.body.pages).toBeUndefined();
    const others = await Promise.all([
      upload(user, Buffer.from('# Title\n\nThe **kettle** is in the kitchen.'), 'notes.md'),
      upload(user, Buffer.from('name,colour\nkettle,blue'), 'table.csv'),
      upload(user, Buffer.from('{"kettle":{"colour":"blue"}}'), 'data.json'),
      upload(
        user,
        Buffer.from(
          '<html><body><article><h1>Kettle</h1><p>The kettle whistles loudly.</p><script>alert(1)</script></article></body></html>',
        ),
        'page.html',
      ),
    ]);
    for (const res of others) expect(res.body).toMatchObject({ kind: 'document', status: 'ready' });
    const html = await fetch(`${t.url}${others[3]?.body.url}`);
    expect(html.headers.get('content-type')).toBe('text/plain; charset=utf-8');

    const { request, sent } = await turn(user, chat.id, 'Hello there', [docx.body.id, others[3]?.body.id]);
    const section = sectionOf(request);
    expect(section).toContain('[plant.docx]');
    expect(section).toContain('The office plant is called Ferdinand.');
    expect(section).toContain('The kettle whistles loudly.');
    expect(section).not.toContain('alert(1)');
    expect(sent.attachments).toEqual([
      expect.objectContaining({ id: docx.body.id, kind: 'document', name: 'plant.docx' }),
      expect.objectContaining({ id: others[3]?.body.id, kind: 'document', name: 'page.html' }),
    ]);
  });

  it("should refuse another user's document id on send", async () => {
    const alice = await t.seed.user({ credits: 50 });
    const bob = await t.seed.user({ credits: 50 });
    const doc = await upload(bob, await makePdf([['Bob private plans']]), 'bob.pdf');
    const chat = await t.seed.chat(alice.id, 'mindful-coach');
    const { socket } = await socketOf(alice);
    const before = model.requests.length;
    const ack = await new Promise<AckBody>((resolve) =>
      socket.emit('sendMessage', { chatId: chat.id, text: 'What are the plans?', attachments: [doc.body.id] }, (r) =>
        resolve(r as AckBody),
      ),
    );
    expect(ack.error).toMatchObject({ message: 'That file was not found.' });
    expect(model.requests.length).toBe(before);
  });

  it('should refuse corrupt, encrypted, disguised and empty documents with a clear message and stay up', async () => {
    const user = await t.seed.user();
    const corrupt = await upload(user, Buffer.from('%PDF-1.7\nthis is not really a pdf'), 'broken.pdf');
    expect(corrupt).toMatchObject({
      status: 400,
      body: { code: 'file:invalid', message: expect.stringMatching(/could not be read/) },
    });
    const encrypted = await upload(user, makeEncryptedPdf(), 'secret.pdf');
    expect(encrypted.body.message).toMatch(/protected with a password/);
    const disguised = await upload(user, await makeImage(20, 20), 'report.pdf');
    expect(disguised).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/content is something else/) },
    });
    const fakeDocx = await upload(user, Buffer.from('plain words'), 'letter.docx');
    expect(fakeDocx.body.message).toMatch(/content is something else/);
    const badJson = await upload(user, Buffer.from('{"open": '), 'data.json');
    expect(badJson.body.message).toMatch(/could not be read/);
    const empty = await upload(user, await makePdf([[]]), 'blank.pdf');
    expect(empty.status).toBe(201);
    expect(empty.body.status).toBe('processing');
    // Nothing refused was stored; the server still answers.
    const rows = await t.db.selectFrom('documents').select('name').where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.name)).toEqual(['blank.pdf']);
    expect((await upload(user, await makePdf([['Still here']]), 'ok.pdf')).body.status).toBe('ready');
  });

  it('should delete documents and their passages with their chat and with the account', async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const doc = await upload(user, await makePdf([['Gone with the chat']]), 'gone.pdf');
    const kept = await upload(user, await makePdf([['Gone with the account']]), 'kept.pdf');
    await turn(user, chat.id, 'Read it', [doc.body.id]);
    const chunksOf = (id: string) =>
      t.db.selectFrom('document_chunks').select('id').where('file_id', '=', id).execute();
    expect((await chunksOf(doc.body.id)).length).toBeGreaterThan(0);
    expect((await call(t, 'DELETE', `/users/me/chats/${chat.id}`, undefined, { token: user.token })).status).toBe(200);
    expect(await chunksOf(doc.body.id)).toEqual([]);
    expect((await call(t, 'GET', `/files/${doc.body.id}/meta`, undefined, { token: user.token })).status).toBe(404);
    expect((await chunksOf(kept.body.id)).length).toBeGreaterThan(0);
    expect((await call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token })).status).toBe(200);
    expect(await t.db.selectFrom('documents').select('file_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await chunksOf(kept.body.id)).toEqual([]);
  });

  it("should ground every chat with a persona on its maker's knowledge, show others only snippets, and refuse others' files", async () => {
    const maker = await t.seed.user({ credits: 50 });
    const guest = await t.seed.user({ credits: 50 });
    const manual = await upload(
      maker,
      await makePdf([['The espresso machine needs descaling every Friday.']]),
      'manual.pdf',
    );
    const foreign = await upload(guest, await makePdf([['Guest notes']]), 'guest.pdf');
    const persona = { name: 'Barista', instructions: 'Answer coffee questions.', visibility: 'unlisted' };
    const refused = await call(
      t,
      'POST',
      '/users/me/personas',
      { ...persona, knowledge: [foreign.body.id] },
      { token: maker.token },
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Knowledge files must be documents you uploaded.' },
    });
    const made = await call(
      t,
      'POST',
      '/users/me/personas',
      { ...persona, knowledge: [manual.body.id] },
      { token: maker.token },
    );
    expect(made.status).toBe(201);
    expect(made.body.knowledge).toEqual([manual.body.id]);
    // Kept as knowledge: never swept as an upload that was not sent.
    await t.drive.files.sweepUnsent(Date.now() + 30 * 24 * 3600_000);
    expect((await call(t, 'GET', `/files/${manual.body.id}/meta`, undefined, { token: maker.token })).status).toBe(200);

    const chat = await t.seed.chat(guest.id, String(made.body.id));
    const { request, message } = await turn(guest, chat.id, 'When is the espresso machine descaled?');
    expect(sectionOf(request)).toContain('[manual.pdf, page 1]');
    expect(sectionOf(request)).toContain('descaling every Friday');
    const sources = message.parts.find((p: { type: string }) => p.type === 'sources');
    expect(sources.items[0]).toMatchObject({
      fileId: manual.body.id,
      page: 1,
      snippet: expect.stringContaining('Friday'),
    });
    // The guest sees the snippet, never the file.
    expect((await call(t, 'GET', `/files/${manual.body.id}`, undefined, { token: guest.token })).status).toBe(404);
    expect((await call(t, 'GET', `/files/${manual.body.id}/meta`, undefined, { token: guest.token })).status).toBe(404);
  });
});
