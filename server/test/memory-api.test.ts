import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { readTarGz } from '@neura/test-kit/tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Memory's API (issue #44): the signed-in user's own, validated, live on other devices. */
describe('memory API', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];

  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user: TestUser,
    payload?: object,
  ) => {
    const res = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it('should start on, empty, and keep about me, the switch and items with scope and source', async () => {
    const alice = await t.seed.user();
    expect((await call('GET', '/users/me/memory', alice)).body).toEqual({ enabled: true, about: '', items: [] });

    const put = await call('PUT', '/users/me/memory', alice, { about: 'I am Alice, a vegetarian.' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ enabled: true, about: 'I am Alice, a vegetarian.', items: [] });

    const chat = await t.seed.chat(alice.id, 'kind-listener');
    const everywhere = await call('POST', '/users/me/memory/items', alice, { text: 'My cat is Miso.' });
    expect(everywhere.status).toBe(201);
    expect(everywhere.body).toMatchObject({ text: 'My cat is Miso.', scope: 'user', pinned: false, source: 'user' });
    const persona = await call('POST', '/users/me/memory/items', alice, {
      text: 'Likes short answers.',
      personaId: 'kind-listener',
      pinned: true,
    });
    expect(persona.body).toMatchObject({ scope: 'persona', personaId: 'kind-listener', pinned: true });
    const inChat = await call('POST', '/users/me/memory/items', alice, {
      text: 'Planning a trip.',
      scope: 'chat',
      chatId: chat.id,
    });
    expect(inChat.body).toMatchObject({ scope: 'chat', chatId: chat.id });

    const edited = await call('PATCH', `/users/me/memory/items/${everywhere.body.id}`, alice, {
      text: 'My cat is Mochi.',
      pinned: true,
    });
    expect(edited.body).toMatchObject({ id: everywhere.body.id, text: 'My cat is Mochi.', pinned: true });

    const off = await call('PUT', '/users/me/memory', alice, { enabled: false });
    expect(off.body.enabled).toBe(false);
    expect(off.body.about).toBe('I am Alice, a vegetarian.');
    expect(off.body.items.map((i: { text: string }) => i.text).sort()).toEqual(
      ['Likes short answers.', 'My cat is Mochi.', 'Planning a trip.'].sort(),
    );

    expect((await call('DELETE', `/users/me/memory/items/${inChat.body.id}`, alice)).status).toBe(200);
    expect((await call('GET', '/users/me/memory', alice)).body.items).toHaveLength(2);
    expect((await call('DELETE', '/users/me/memory/items', alice)).status).toBe(200);
    const cleared = (await call('GET', '/users/me/memory', alice)).body;
    expect(cleared).toEqual({ enabled: false, about: 'I am Alice, a vegetarian.', items: [] });
  });

  it('should answer 400 with a clear message for bad input', async () => {
    const bob = await t.seed.user();
    const bad = async (method: 'PUT' | 'POST', url: string, payload: object, message: RegExp) => {
      const res = await call(method, url, bob, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad('PUT', '/users/me/memory', { about: 'x'.repeat(1501) }, /at most 1,500 characters/);
    await bad('POST', '/users/me/memory/items', { text: '   ' }, /Write something to remember/);
    await bad('POST', '/users/me/memory/items', { text: 'y'.repeat(501) }, /at most 500 characters/);
    await bad('POST', '/users/me/memory/items', { text: 'ok', scope: 'persona' }, /Name the persona/);
    await bad('POST', '/users/me/memory/items', { text: 'ok', scope: 'chat' }, /Name the chat/);
    await bad('POST', '/users/me/memory/items', { text: 'ok', scope: 'everyone' }, /scope/);
    const item = await call('POST', '/users/me/memory/items', bob, { text: 'fine' });
    const patch = await call('PATCH', `/users/me/memory/items/${item.body.id}`, bob, { text: '' });
    expect(patch.status).toBe(400);
    // 1,500 characters exactly is fine.
    expect((await call('PUT', '/users/me/memory', bob, { about: 'z'.repeat(1500) })).status).toBe(200);
  });

  it("should answer 404 for another user's item, chat or private persona, and for unknown items", async () => {
    const owner = await t.seed.user();
    const other = await t.seed.user();
    const item = (await call('POST', '/users/me/memory/items', owner, { text: 'Owner secret' })).body;
    for (const [method, payload] of [
      ['PATCH', { text: 'mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/users/me/memory/items/${item.id}`, other, payload);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('That memory was not found.');
    }
    expect((await call('DELETE', '/users/me/memory/items/nope', owner)).status).toBe(404);
    // Forget everything of the other user leaves the owner's item.
    await call('DELETE', '/users/me/memory/items', other);
    expect((await call('GET', '/users/me/memory', owner)).body.items).toHaveLength(1);
    expect((await call('GET', '/users/me/memory', other)).body.items).toEqual([]);

    const ownersChat = await t.seed.chat(owner.id, 'kind-listener');
    const res = await call('POST', '/users/me/memory/items', other, {
      text: 'x',
      scope: 'chat',
      chatId: ownersChat.id,
    });
    expect(res.status).toBe(404);
    const unknown = await call('POST', '/users/me/memory/items', other, { text: 'x', personaId: 'no-such-persona' });
    expect(unknown.status).toBe(404);
  });

  it('should tell every device of the user, and only them, that memory changed', async () => {
    const carol = await t.seed.user();
    const dave = await t.seed.user();
    const open = async (user: TestUser) => {
      const socket = connectSocket(t.url, user.token);
      sockets.push(socket);
      return record(await connected(socket));
    };
    const [carolEvents, daveEvents] = [await open(carol), await open(dave)];
    await call('POST', '/users/me/memory/items', carol, { text: 'Runs on Sundays.' });
    await waitFor(carolEvents, (r) => r.event === 'memory.changed');
    await call('PUT', '/users/me/memory', dave, { about: 'Dave' });
    await waitFor(daveEvents, (r) => r.event === 'memory.changed');
    expect(carolEvents.filter((r) => r.event === 'memory.changed')).toHaveLength(1);
    expect(daveEvents.filter((r) => r.event === 'memory.changed')).toHaveLength(1);
    // A refused change announces nothing.
    await call('DELETE', '/users/me/memory/items/missing', carol);
    await call('PUT', '/users/me/memory', carol, { about: 'q'.repeat(2000) });
    await call('POST', '/users/me/memory/items', carol, { text: 'Swims on Mondays.' });
    const changes = () => carolEvents.filter((r) => r.event === 'memory.changed').length;
    await waitFor(carolEvents, () => changes() >= 2);
    expect(changes()).toBe(2);
  });

  it('should put memory in "Download my data" and delete it with the account', async () => {
    const erin = await t.seed.user({ password: 'erin password 123' });
    await call('PUT', '/users/me/memory', erin, { about: 'Erin, from Lisbon.' });
    await call('POST', '/users/me/memory/items', erin, { text: 'Allergic to peanuts.' });
    const entries = readTarGz(await t.drive.archives.buildNow(erin.id));
    const memory = JSON.parse(entries.get('memory.json')?.toString('utf8') ?? '{}');
    expect(memory).toMatchObject({
      enabled: true,
      about: 'Erin, from Lisbon.',
      items: [{ text: 'Allergic to peanuts.', source: 'user' }],
    });
    expect(entries.get('README.txt')?.toString('utf8')).toContain('memory.json');

    const del = await call('DELETE', '/users/me', erin, { password: 'erin password 123' });
    expect(del.status).toBe(200);
    const db = t.db;
    expect(await db.selectFrom('memory_items').select('id').where('user_id', '=', erin.id).execute()).toEqual([]);
    expect(await db.selectFrom('memory_settings').select('user_id').where('user_id', '=', erin.id).execute()).toEqual(
      [],
    );
  });
});

describe('memory cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ MEMORY_ITEMS_MAX: '5' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should hold at most MEMORY_ITEMS_MAX items per user, even when 40 adds arrive at once', async () => {
    const [gil, other] = [await t.seed.user(), await t.seed.user()];
    const add = (user: TestUser, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/me/memory/items',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { text: `Fact ${i}` },
      });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => add(gil, i)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(35);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Memory is full: it holds at most 5 items. Delete some to remember more.');
    }
    expect((await t.drive.memory.get(gil.id)).items).toHaveLength(5);
    // Another user's memory is not counted against this one.
    expect((await add(other, 0)).statusCode).toBe(201);
    // The model's remember is refused the same way, and told so (the reply goes on).
    await expect(t.drive.memory.add(gil.id, { text: 'One more' }, 'model')).rejects.toThrow(/Memory is full/);
  });
});
