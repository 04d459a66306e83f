import { makePdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { uploadFile } from '@neura/test-kit/images';
import { createTestChat, createTestUser, type TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { connected } from './helpers/conversation.js';
import { connectSocket } from './helpers/socket.js';

/** Persona knowledge (issue #45): its files go when the persona is purged. */
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
    file: Boolean(await t.services.db.selectFrom('files').select('id').where('id', '=', fileId).executeTakeFirst()),
    chunks: (await t.services.db.selectFrom('document_chunks').select('id').where('file_id', '=', fileId).execute())
      .length,
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
    const maker = await createTestUser(t.services);
    const guest = await createTestUser(t.services);
    const own = await upload(maker, 'The lantern is lit at dusk.', 'lantern.pdf');
    const shared = await upload(maker, 'The gate opens at dawn.', 'gate.pdf');
    const keeper = await persona(maker, 'Keeper', [own, shared]);
    const porter = await persona(maker, 'Porter', [shared]);

    // A chat with the persona keeps it (deleted) and its knowledge until the chat goes.
    const chat = await createTestChat(t.services, guest.id, keeper);
    expect((await call(t, 'DELETE', `/users/me/personas/${keeper}`, undefined, { token: maker.token })).status).toBe(
      200,
    );
    expect(await t.services.creator.purgeDeleted()).toBe(0);
    expect(await stored(own)).toEqual({ file: true, chunks: 1 });

    const socket = await connected(connectSocket(t.url, guest.token));
    await new Promise((resolve) => socket.emit('deleteChat', chat.id, resolve));
    socket.close();
    expect(await t.services.creator.purgeDeleted()).toBe(1);
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
});
