import { type Chat, FOLDERS_MAX, type Folder } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Folders (issue #49): the user's own, ordered, live on every device; deleting one leaves its chats unfiled. */
describe('folders', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    });
  const newFolder = async (user: TestUser, name: string): Promise<Folder> => {
    const res = await call('POST', '/users/me/folders', user, { name });
    expect(res.statusCode).toBe(201);
    return res.json() as Folder;
  };
  const chatOf = async (user: TestUser, id: string) =>
    (await call('GET', `/users/me/chats/${id}`, user)).json() as Chat;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it('should create, list in order, rename and reorder folders', async () => {
    const alice = await t.seed.user();
    const work = await newFolder(alice, '  Work ');
    const home = await newFolder(alice, 'Home');
    const trips = await newFolder(alice, 'Trips');
    expect(work).toMatchObject({ name: 'Work', position: 0 });
    expect(trips.position).toBe(2);

    const renamed = await call('PATCH', `/users/me/folders/${home.id}`, alice, { name: 'House' });
    expect(renamed.json()).toMatchObject({ id: home.id, name: 'House', position: 1 });
    const moved = await call('PATCH', `/users/me/folders/${trips.id}`, alice, { position: 0 });
    expect(moved.json()).toMatchObject({ id: trips.id, position: 0 });
    const list = (await call('GET', '/users/me/folders', alice)).json() as Folder[];
    expect(list.map((f) => [f.name, f.position])).toEqual([
      ['Trips', 0],
      ['Work', 1],
      ['House', 2],
    ]);
  });

  it('should refuse bad input with a 400 and more than the cap with a 409', async () => {
    const bea = await t.seed.user();
    expect((await call('POST', '/users/me/folders', bea, { name: '  ' })).statusCode).toBe(400);
    expect((await call('POST', '/users/me/folders', bea, { name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await call('POST', '/users/me/folders', bea, { name: 'a', extra: 1 })).statusCode).toBe(400);
    const one = await newFolder(bea, 'One');
    expect((await call('PATCH', `/users/me/folders/${one.id}`, bea, {})).statusCode).toBe(400);
    for (let i = 1; i < FOLDERS_MAX; i++) await newFolder(bea, `F${i}`);
    const over = await call('POST', '/users/me/folders', bea, { name: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${FOLDERS_MAX} folders`);
  });

  it('should keep folders to their owner: another user’s folder is a 404 everywhere', async () => {
    const alice = await t.seed.user();
    const bob = await t.seed.user();
    const folder = await newFolder(alice, 'Private');
    const bobChat = await t.seed.chat(bob.id);
    const aliceChat = await t.seed.chat(alice.id);
    expect((await call('PATCH', `/users/me/folders/${folder.id}`, bob, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/users/me/folders/${folder.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', '/users/me/folders', bob)).json()).toEqual([]);
    // Bob cannot file his chat in Alice's folder, nor Alice's chat in his.
    const refused = await call('PATCH', `/users/me/chats/${bobChat.id}`, bob, { folderId: folder.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('This folder does not exist or is not yours.');
    expect((await call('PATCH', `/users/me/chats/${aliceChat.id}`, bob, { folderId: null })).statusCode).toBe(404);
    expect((await chatOf(bob, bobChat.id)).folderId).toBeUndefined();
    expect(((await call('GET', '/users/me/folders', alice)).json() as Folder[])[0]?.name).toBe('Private');
  });

  it('should file and unfile a chat, tell every device, and leave the chats unfiled when the folder goes', async () => {
    const alice = await t.seed.user();
    const chat = await t.seed.chat(alice.id);
    const other = connectSocket(t.url, alice.token);
    sockets.push(other);
    const events = record(await connected(other));

    const folder = await newFolder(alice, 'Live');
    const announced = await waitFor(events, (r) => r.event === 'folders.changed');
    expect(announced.payload.folders).toEqual([folder]);

    const filed = await call('PATCH', `/users/me/chats/${chat.id}`, alice, { folderId: folder.id });
    expect(filed.json()).toMatchObject({ id: chat.id, folderId: folder.id });
    await waitFor(
      events,
      (r) =>
        r.event === 'chat.updated' && r.payload.chatId === chat.id && r.payload.updatedFields.folderId === folder.id,
    );
    const listed = (await call('GET', '/users/me/chats', alice)).json() as Chat[];
    expect(listed.find((c) => c.id === chat.id)?.folderId).toBe(folder.id);

    const out = await call('PATCH', `/users/me/chats/${chat.id}`, alice, { folderId: null });
    expect(out.json().folderId).toBeUndefined();
    await call('PATCH', `/users/me/chats/${chat.id}`, alice, { folderId: folder.id });

    events.length = 0;
    expect((await call('DELETE', `/users/me/folders/${folder.id}`, alice)).statusCode).toBe(200);
    expect((await chatOf(alice, chat.id)).folderId).toBeUndefined();
    await waitFor(
      events,
      (r) => r.event === 'chat.updated' && r.payload.chatId === chat.id && r.payload.updatedFields.folderId === null,
    );
    const after = await waitFor(events, (r) => r.event === 'folders.changed');
    expect(after.payload.folders).toEqual([]);
    expect((await call('DELETE', `/users/me/folders/${folder.id}`, alice)).statusCode).toBe(404);
  });

  it('should search within one folder, or only unfiled chats', async () => {
    const alice = await t.seed.user();
    const folder = await newFolder(alice, 'Recipes');
    const inside = await t.seed.chat(alice.id, 'default', { name: 'Inside' });
    const outside = await t.seed.chat(alice.id, 'default', { name: 'Outside' });
    for (const chat of [inside, outside]) {
      await t.seed.messages({ id: chat.id, userId: alice.id }, [{ role: 'user', content: 'pumpkin soup' }]);
    }
    await call('PATCH', `/users/me/chats/${inside.id}`, alice, { folderId: folder.id });
    const search = async (query: string) =>
      ((await call('GET', `/users/me/search?q=pumpkin${query}`, alice)).json() as { items: { chatId: string }[] }).items
        .map((i) => i.chatId)
        .sort();
    expect(await search('')).toEqual([inside.id, outside.id].sort());
    expect(await search(`&folder=${folder.id}`)).toEqual([inside.id]);
    expect(await search('&folder=none')).toEqual([outside.id]);
    const bob = await t.seed.user();
    const bobs = await call('GET', `/users/me/search?q=pumpkin&folder=${folder.id}`, bob);
    expect(bobs.json().items).toEqual([]);
  });
});
