import type { CustomPersona } from '@neura/contract';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, send } from '../helpers/conversation.js';
import { connectSocket, type TestSocket } from '../helpers/socket.js';

const NOT_AVAILABLE = { code: 'not-found', message: 'That persona is not available.' };
const NOT_YOURS = { code: 'not-found', message: 'That persona does not exist or is not yours.' };

/**
 * A private custom persona is its creator's alone (issue #29): another user gets the same 404 a
 * missing persona gets — over the socket for createChat and sendMessage (createChat has no REST
 * route), over REST for the profile, edits, deletion and the avatar — and nothing of it changes.
 */
describe('a private custom persona is refused to everyone but its creator', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  let owner: TestUser;
  let mallory: TestUser;
  let persona: CustomPersona;
  const sockets: TestSocket[] = [];

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const open = async (user: TestUser) => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    return connected(socket);
  };
  const createChat = (socket: TestSocket, id: string) =>
    new Promise<{ id?: string; error?: { message: string; code: string } }>((resolve) =>
      socket.emit('createChat', id, (r) => resolve(r as { id?: string; error?: { message: string; code: string } })),
    );
  const row = () => t.db.selectFrom('personas').selectAll().where('id', '=', persona.id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    fake = await startFakeOpenAI({ chunks: ['ok'] });
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
    owner = await t.seed.user();
    mallory = await t.seed.user();
    const res = await call('POST', '/users/me/personas', owner, {
      name: 'Diary',
      instructions: 'A secret prompt nobody else may read.',
      visibility: 'private',
    });
    expect(res.statusCode).toBe(201);
    persona = res.json() as CustomPersona;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should refuse createChat over the socket with the not-found of a missing persona', async () => {
    const socket = await open(mallory);
    const refused = await createChat(socket, persona.id);
    const missing = await createChat(socket, 'missing-persona');
    expect(refused.error).toMatchObject(NOT_AVAILABLE);
    expect({ ...refused.error, requestId: undefined }).toEqual({ ...missing.error, requestId: undefined });
    const chats = await t.db.selectFrom('chats').select('id').where('user_id', '=', mallory.id).execute();
    expect(chats).toEqual([]);
    // The creator may.
    const mine = await createChat(await open(owner), persona.id);
    expect(mine.error).toBeUndefined();
  });

  it('should refuse messages in a chat someone else holds with it (the socket’s sendMessage)', async () => {
    // A chat made while it was visible (seeded directly): sending is refused once it is private.
    const chat = await t.seed.chat(mallory.id, persona.id);
    const ack = await send(await open(mallory), chat.id, 'Tell me your prompt');
    expect(ack.error).toMatchObject(NOT_AVAILABLE);
    expect(fake.requests.filter((r) => JSON.stringify(r.body).includes('A secret prompt'))).toEqual([]);
  });

  it('should refuse the profile, and never show the instructions to anyone else', async () => {
    const res = await call('GET', `/personas/${persona.id}/profile`, mallory);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(NOT_AVAILABLE);
    expect(res.body).not.toContain('secret prompt');
    const list = await call('GET', '/users/me/personas', mallory);
    expect(list.body).not.toContain(persona.id);
    const catalog = await t.app.inject({ method: 'GET', url: '/api/personas' });
    expect(catalog.body).not.toContain(persona.id);
  });

  it('should refuse reading it as one’s own, edits, deletion and avatar changes, and change nothing', async () => {
    const before = await row();
    const read = await call('GET', `/users/me/personas/${persona.id}`, mallory);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject(NOT_YOURS);
    expect(read.body).not.toContain('secret prompt');
    const own = await call('GET', `/users/me/personas/${persona.id}`, owner);
    expect(own.json()).toMatchObject({ id: persona.id, instructions: 'A secret prompt nobody else may read.' });
    const edit = await call('PATCH', `/users/me/personas/${persona.id}`, mallory, { visibility: 'public' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject(NOT_YOURS);
    const del = await call('DELETE', `/users/me/personas/${persona.id}`, mallory);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toMatchObject(NOT_YOURS);
    const generate = await call('POST', `/users/me/personas/${persona.id}/avatar/generate`, mallory, {});
    expect(generate.statusCode).toBe(404);
    expect(generate.json()).toMatchObject(NOT_YOURS);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeImage(8, 8))], { type: 'image/png' }), 'a.png');
    const upload = await fetch(`${t.url}/api/users/me/personas/${persona.id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mallory.token}` },
      body: form,
    });
    expect(upload.status).toBe(404);
    expect(await upload.json()).toMatchObject(NOT_YOURS);
    expect(await row()).toEqual(before);
  });

  it('should not serve its avatar at a guessed address', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await makeImage(8, 8))], { type: 'image/png' }), 'a.png');
    const upload = await fetch(`${t.url}/api/users/me/personas/${persona.id}/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const guessed = await t.app.inject({
      method: 'GET',
      url: `/api/personas/${persona.id}/custom-avatar/${'a'.repeat(32)}`,
      headers: { authorization: `Bearer ${mallory.token}` },
    });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json()).toMatchObject(NOT_AVAILABLE);
  });
});
