import type { DocumentFigures } from '@neura/contract';
import { makePdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { type AckBody, connected, doneFor, record } from './helpers/conversation.js';
import { connectSocket } from './helpers/socket.js';

/** Persona knowledge (issue #45): the console's personas carry it too; its files go when the persona is purged. */
describe('persona knowledge', () => {
  let t: TestApp;
  let api: string;
  let model: FakeOpenAI;

  const upload = async (user: TestUser, text: string, filename: string) => {
    const res = await uploadFile(api, user.token, await makePdf([[text]]), { filename, type: 'application/pdf' });
    expect(res.status).toBe(201);
    return String(res.body.id);
  };
  const persona = async (user: TestUser, name: string, knowledge: string[]) => {
    const body = { name, instructions: 'Answer from the files.', visibility: 'unlisted', knowledge };
    const made = await call(t, 'POST', '/users/me/personas', body, { token: user.token });
    expect(made.status).toBe(201);
    return String(made.body.id);
  };
  const stored = async (fileId: string) => ({
    file: Boolean(await t.db.selectFrom('files').select('id').where('id', '=', fileId).executeTakeFirst()),
    chunks: (await t.db.selectFrom('document_chunks').select('id').where('file_id', '=', fileId).execute()).length,
  });

  beforeAll(async () => {
    model = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(async () => {
    await t.stop();
    await model.close();
  });

  it("should remove a deleted persona's knowledge files when it is purged, keeping those another persona uses", async () => {
    const maker = await t.seed.user();
    const guest = await t.seed.user();
    const own = await upload(maker, 'The lantern is lit at dusk.', 'lantern.pdf');
    const shared = await upload(maker, 'The gate opens at dawn.', 'gate.pdf');
    const keeper = await persona(maker, 'Keeper', [own, shared]);
    const porter = await persona(maker, 'Porter', [shared]);

    // A chat with the persona keeps it (deleted) and its knowledge until the chat goes.
    const chat = await t.seed.chat(guest.id, keeper);
    expect((await call(t, 'DELETE', `/users/me/personas/${keeper}`, undefined, { token: maker.token })).status).toBe(
      200,
    );
    expect(await t.drive.creator.purgeDeleted()).toBe(0);
    expect(await stored(own)).toEqual({ file: true, chunks: 1 });

    const socket = await connected(connectSocket(t.url, guest.token));
    await new Promise((resolve) => socket.emit('deleteChat', chat.id, resolve));
    socket.close();
    expect(await t.drive.creator.purgeDeleted()).toBe(1);
    expect(await stored(own)).toEqual({ file: false, chunks: 0 });
    expect((await call(t, 'GET', `/files/${own}/meta`, undefined, { token: maker.token })).status).toBe(404);
    // Still the other persona's knowledge.
    expect(await stored(shared)).toEqual({ file: true, chunks: 1 });

    // A persona no chat uses is purged at once, its knowledge with it.
    expect((await call(t, 'DELETE', `/users/me/personas/${porter}`, undefined, { token: maker.token })).status).toBe(
      200,
    );
    expect(await stored(shared)).toEqual({ file: false, chunks: 0 });
  });

  it("should ground chats with a console persona on the operator's knowledge, refuse others' files, and show users snippets only", async () => {
    const admin = await t.seed.user({ password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
    const user = await t.seed.user({ credits: 50 });
    const guide = await upload(admin, 'The ferry to the island leaves at seven.', 'ferry.pdf');
    const foreign = await upload(user, 'Private notes.', 'notes.pdf');
    const guideRecord = {
      id: 'harbour-guide',
      icon: 'spark',
      name: 'Harbour guide',
      description: 'Knows the harbour.',
      cost: 1,
      tags: [],
      published: true,
      requiresPro: false,
      includedSkills: [],
      greeting: null,
      systemPrompt: 'You guide visitors.',
      model: null,
    };
    const as = { token: admin.token };
    const refused = await call(t, 'POST', '/admin/personas', { ...guideRecord, knowledge: [foreign] }, as);
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Knowledge files must be documents you uploaded.' },
    });
    expect((await call(t, 'POST', '/admin/personas', { ...guideRecord, knowledge: [guide] }, as)).status).toBe(201);
    // An edit without `knowledge` keeps it; the console lists it.
    expect(
      (await call(t, 'PUT', '/admin/personas/harbour-guide', { ...guideRecord, name: 'Harbour' }, as)).status,
    ).toBe(200);
    const listed = await call(t, 'GET', '/admin/personas', undefined, as);
    const mine = (listed.body as { items: { id: string }[] }).items.find(
      (p: { id: string }) => p.id === 'harbour-guide',
    );
    expect(mine).toMatchObject({ name: 'Harbour', knowledge: [guide] });
    // Nobody else sees the ids through the catalog.
    const catalog = await call(t, 'GET', '/personas', undefined, { token: user.token });
    expect(JSON.stringify(catalog.body)).not.toContain(guide);

    const chat = await t.seed.chat(user.id, 'harbour-guide');
    const socket = connectSocket(t.url, user.token);
    const events = record(await connected(socket));
    const before = model.requests.length;
    model.setScript({ chunks: ['At seven.'] });
    await new Promise<AckBody>((resolve) =>
      socket.emit('sendMessage', { chatId: chat.id, text: 'When does the ferry leave?' }, (r) => resolve(r as AckBody)),
    );
    const done = await doneFor(events, chat.id);
    socket.close();
    const request = model.requests.slice(before).find((r) => r.body.stream === true);
    expect(JSON.stringify(request?.body.messages[0])).toMatch(/\[ferry\.pdf, page 1\][\s\S]*ferry to the island/);
    expect(done.payload.message.parts).toContainEqual(
      expect.objectContaining({ type: 'sources', items: [expect.objectContaining({ fileId: guide, page: 1 })] }),
    );
    expect((await call(t, 'GET', `/files/${guide}`, undefined, { token: user.token })).status).toBe(404);

    // The console's figures: the room documents take (per user) and the document tokens per persona.
    expect((await call(t, 'GET', '/admin/documents', undefined, { token: user.token })).status).toBe(403);
    const figures = await call<DocumentFigures>(t, 'GET', '/admin/documents', undefined, as);
    expect(figures.status).toBe(200);
    const sizes = await t.db.selectFrom('files').select('size').where('id', 'in', [guide, foreign]).execute();
    expect(figures.body.storage.bytes).toBeGreaterThanOrEqual(sizes.reduce((n, r) => n + r.size, 0));
    expect(figures.body.storage.users).toContainEqual(
      expect.objectContaining({ userId: admin.id, documents: 1, bytes: expect.any(Number) }),
    );
    const row = await t.db
      .selectFrom('messages')
      .select('document_tokens')
      .where('chat_id', '=', chat.id)
      .where('role', '=', 'assistant')
      .executeTakeFirst();
    expect(row?.document_tokens).toBeGreaterThan(0);
    expect(figures.body.personas).toContainEqual({
      personaId: 'harbour-guide',
      name: 'Harbour',
      tokens: row?.document_tokens,
      replies: 1,
    });

    // Emptied from the console: no longer grounded.
    expect((await call(t, 'PUT', '/admin/personas/harbour-guide', { ...guideRecord, knowledge: [] }, as)).status).toBe(
      200,
    );
    expect(
      await t.db.selectFrom('personas').select('knowledge').where('id', '=', 'harbour-guide').executeTakeFirst(),
    ).toEqual({ knowledge: null });
  });
});
