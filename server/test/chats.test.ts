import type { Chat, Message } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

const PRO_UNTIL = new Date(Date.now() + 30 * 86_400_000).toISOString();

type AckBody = { id?: string; success?: true; name?: string; error?: { message: string; code: string } };

function emitAck(socket: TestSocket, event: string, ...args: unknown[]): Promise<AckBody> {
  return new Promise((resolve) => {
    // biome-ignore lint/suspicious/noExplicitAny: generic helper over the typed event map.
    (socket.emit as any)(event, ...args, (res: AckBody) => resolve(res));
  });
}

async function connected(t: TestApp, user: TestUser): Promise<TestSocket> {
  const socket = connectSocket(t.url, user.token);
  await nextEvent(socket, 'ready');
  return socket;
}

/** Records every event a socket gets, to assert later that some never arrived. */
function recorder(socket: TestSocket): Array<{ event: string; payload: unknown }> {
  const seen: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event, payload) => seen.push({ event, payload }));
  return seen;
}

describe('chats', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  const http = (method: 'GET' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const open = async (user: TestUser) => {
    const s = await connected(t, user);
    sockets.push(s);
    return s;
  };
  const createChat = async (socket: TestSocket, persona = 'default') => {
    const res = await emitAck(socket, 'createChat', persona);
    if (!res.id) throw new Error(`createChat failed: ${JSON.stringify(res)}`);
    return res.id;
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  describe('createChat', () => {
    it('should create a chat with the default persona, ack its id and tell every session', async () => {
      const user = await t.seed.user();
      const a = await open(user);
      const b = await open(user);
      const created = nextEvent<{ chat: Chat }>(b, 'chat.created');
      const id = await createChat(a);
      const { chat } = await created;
      expect(chat).toMatchObject({ id, persona: 'default', name: 'Neura', preview: null, isPinned: false });
      const list = await http('GET', '/users/me/chats', user);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((c: Chat) => c.id)).toEqual([id]);
    });

    it('should refuse an unknown or unpublished persona', async () => {
      const user = await t.seed.user();
      const s = await open(user);
      for (const persona of ['no-such-persona', 'lab-experimental', '', 42]) {
        const res = await emitAck(s, 'createChat', persona);
        expect(res.error?.message).toBeTruthy();
        expect(res.id).toBeUndefined();
      }
      expect((await http('GET', '/users/me/chats', user)).json()).toEqual([]);
    });

    it('should refuse a Pro persona for a non-Pro user and allow it for a Pro user', async () => {
      const free = await t.seed.user();
      const refused = await emitAck(await open(free), 'createChat', 'startup-advisor');
      expect(refused.error?.code).toBe('pro:required');
      expect(refused.error?.message).toContain('Pro');

      const expired = await t.seed.user({ proExpiry: new Date(Date.now() - 1000).toISOString() });
      expect((await emitAck(await open(expired), 'createChat', 'startup-advisor')).error?.code).toBe('pro:required');

      const pro = await t.seed.user({ proExpiry: PRO_UNTIL });
      const ok = await emitAck(await open(pro), 'createChat', 'startup-advisor');
      expect(ok.id).toBeTruthy();
    });
  });

  describe('GET/PATCH/DELETE /users/me/chats', () => {
    it('should need a token', async () => {
      expect((await http('GET', '/users/me/chats', null)).statusCode).toBe(401);
      expect((await http('PATCH', '/users/me/chats/x', null, { name: 'a' })).statusCode).toBe(401);
    });

    it('should get one chat and 404 an unknown one', async () => {
      const user = await t.seed.user();
      const id = await createChat(await open(user));
      const res = await http('GET', `/users/me/chats/${id}`, user);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, persona: 'default' });
      const missing = await http('GET', '/users/me/chats/nope', user);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'not-found' });
    });

    it('should rename, pin and archive with one field per call and tell the other sessions', async () => {
      const user = await t.seed.user();
      const s = await open(user);
      const id = await createChat(s);

      const renamed = nextEvent<{ chatId: string; name: string }>(s, 'chat.renamed');
      const r1 = await http('PATCH', `/users/me/chats/${id}`, user, { name: '  Trip to Lisbon ' });
      expect(r1.statusCode).toBe(200);
      expect(r1.json().name).toBe('Trip to Lisbon');
      expect(await renamed).toEqual({ chatId: id, name: 'Trip to Lisbon' });

      const pinned = nextEvent(s, 'chat.updated');
      expect((await http('PATCH', `/users/me/chats/${id}`, user, { isPinned: true })).json().isPinned).toBe(true);
      expect(await pinned).toEqual({ chatId: id, updatedFields: { isPinned: true } });

      const archived = nextEvent(s, 'chat.updated');
      expect((await http('PATCH', `/users/me/chats/${id}`, user, { isArchived: true })).json().isArchived).toBe(true);
      expect(await archived).toEqual({ chatId: id, updatedFields: { isArchived: true } });

      const [chat] = (await http('GET', '/users/me/chats', user)).json() as Chat[];
      expect(chat).toMatchObject({ name: 'Trip to Lisbon', isPinned: true, isArchived: true });
    });

    it.each([{}, { name: 'a', isPinned: true }, { name: '   ' }, { isPinned: 'yes' }, { color: 'red' }])(
      'should refuse the patch %j',
      async (body) => {
        const user = await t.seed.user();
        const id = await createChat(await open(user));
        const res = await http('PATCH', `/users/me/chats/${id}`, user, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('request:invalid');
      },
    );

    it('should delete over HTTP and tell the sessions', async () => {
      const user = await t.seed.user();
      const s = await open(user);
      const id = await createChat(s);
      const deleted = nextEvent(s, 'chat.deleted');
      expect((await http('DELETE', `/users/me/chats/${id}`, user)).statusCode).toBe(200);
      expect(await deleted).toEqual({ chatId: id });
      expect((await http('GET', `/users/me/chats/${id}`, user)).statusCode).toBe(404);
      expect((await http('DELETE', `/users/me/chats/${id}`, user)).statusCode).toBe(404);
    });

    it('should list pinned chats first, then by latest activity', async () => {
      const user = await t.seed.user();
      const s = await open(user);
      const first = await createChat(s);
      const second = await createChat(s);
      const third = await createChat(s);
      await t.drive.chats.touchAfterMessage(first, 'hello there', new Date(Date.now() + 60_000).toISOString());
      await http('PATCH', `/users/me/chats/${third}`, user, { isPinned: true });
      const ids = (await http('GET', '/users/me/chats', user)).json().map((c: Chat) => c.id);
      expect(ids).toEqual([third, first, second]);
      const touched = (await http('GET', `/users/me/chats/${first}`, user)).json();
      expect(touched.preview).toBe('hello there');
    });
  });

  describe('recordActivity', () => {
    it('should store a one-line preview and the time, and send chat.updated', async () => {
      const user = await t.seed.user();
      const s = await open(user);
      const id = await createChat(s);
      const updated = nextEvent(s, 'chat.updated');
      const at = new Date().toISOString();
      await t.drive.chatService.recordActivity(user.id, id, `  hello\n  world ${'x'.repeat(200)}`, at);
      const payload = (await updated) as { chatId: string; updatedFields: { preview: string; lastMessageAt: string } };
      expect(payload.chatId).toBe(id);
      expect(payload.updatedFields.lastMessageAt).toBe(at);
      expect(payload.updatedFields.preview.startsWith('hello world x')).toBe(true);
      expect(payload.updatedFields.preview.length).toBe(140);
      const chat = (await http('GET', `/users/me/chats/${id}`, user)).json();
      expect(chat).toMatchObject({ preview: payload.updatedFields.preview, lastMessageAt: at });
    });
  });

  describe('deleteChat socket call', () => {
    it('should delete, ack and tell the other sessions; a second delete fails', async () => {
      const user = await t.seed.user();
      const a = await open(user);
      const b = await open(user);
      const id = await createChat(a);
      const deleted = nextEvent(b, 'chat.deleted');
      expect(await emitAck(a, 'deleteChat', id)).toEqual({ success: true });
      expect(await deleted).toEqual({ chatId: id });
      expect((await emitAck(a, 'deleteChat', id)).error?.code).toBe('not-found');
    });
  });

  describe('broadcast', () => {
    it('should relay chat.renamed and chat.updated to the other sessions only', async () => {
      const user = await t.seed.user();
      const a = await open(user);
      const b = await open(user);
      const id = await createChat(a);
      const seenByA = recorder(a);
      const renamed = nextEvent(b, 'chat.renamed');
      expect(await emitAck(a, 'broadcast', { event: 'chat.renamed', data: { chatId: id, name: 'New name' } })).toEqual({
        success: true,
      });
      expect(await renamed).toEqual({ chatId: id, name: 'New name' });
      const updated = nextEvent(b, 'chat.updated');
      await emitAck(a, 'broadcast', { event: 'chat.updated', data: { chatId: id, updatedFields: { isPinned: true } } });
      expect(await updated).toEqual({ chatId: id, updatedFields: { isPinned: true } });
      expect(seenByA.filter((e) => e.event.startsWith('chat.'))).toEqual([]);
    });

    it('should refuse other event names and chats that are not the user’s', async () => {
      const user = await t.seed.user();
      const other = await t.seed.user();
      const a = await open(user);
      const otherChat = await createChat(await open(other));
      const bad = await emitAck(a, 'broadcast', { event: 'chat.deleted', data: { chatId: 'x' } });
      expect(bad.error?.code).toBe('request:invalid');
      const notMine = await emitAck(a, 'broadcast', { event: 'chat.renamed', data: { chatId: otherChat, name: 'x' } });
      expect(notMine.error?.code).toBe('not-found');
    });
  });

  describe('generateName and reloadChat', () => {
    async function addMessage(userId: string, chatId: string, role: Message['role'], content: string) {
      await t.seed.messages({ id: chatId, userId }, [{ role, content }]);
    }

    it('should name the chat after the persona without messages, then after the first user message', async () => {
      const user = await t.seed.user();
      const a = await open(user);
      const b = await open(user);
      const id = await createChat(a, 'sherlock');
      const patched = nextEvent(b, 'chat.renamed');
      await http('PATCH', `/users/me/chats/${id}`, user, { name: 'Something else' });
      await patched;
      const fromPersona = nextEvent(b, 'chat.renamed');
      expect(await emitAck(a, 'generateName', id)).toEqual({ name: 'The Detective' });
      expect(await fromPersona).toEqual({ chatId: id, name: 'The Detective' });

      await addMessage(user.id, id, 'assistant', 'Do sit down.');
      await addMessage(user.id, id, 'user', 'who stole the cake from the kitchen?');
      await addMessage(user.id, id, 'user', 'second message');
      const renamedA = nextEvent(a, 'chat.renamed');
      const renamedB = nextEvent(b, 'chat.renamed');
      expect(await emitAck(a, 'generateName', id)).toEqual({ name: 'Who stole the cake from the kitchen' });
      expect(await renamedA).toEqual({ chatId: id, name: 'Who stole the cake from the kitchen' });
      expect(await renamedB).toEqual({ chatId: id, name: 'Who stole the cake from the kitchen' });
      expect((await http('GET', `/users/me/chats/${id}`, user)).json().name).toBe(
        'Who stole the cake from the kitchen',
      );
    });

    it('should send the latest messages to the requesting socket only', async () => {
      const user = await t.seed.user();
      const a = await open(user);
      const b = await open(user);
      const id = await createChat(a);
      for (let i = 0; i < 55; i++) await addMessage(user.id, id, i % 2 ? 'assistant' : 'user', `m${i}`);
      const seenByB = recorder(b);
      const messages = nextEvent<{ chatId: string; messages: Message[] }>(a, 'chat.messages');
      expect(await emitAck(a, 'reloadChat', id)).toEqual({ success: true });
      const got = await messages;
      expect(got.chatId).toBe(id);
      expect(got.messages).toHaveLength(50);
      expect(got.messages[0]?.content).toBe('m5');
      expect(got.messages.at(-1)).toMatchObject({ content: 'm54', chatId: id, status: 'complete' });
      // A round trip on b proves it had the chance to receive anything sent before.
      await emitAck(b, 'generateName', id);
      expect(seenByB.some((e) => e.event === 'chat.messages')).toBe(false);
    });
  });

  describe('ownership', () => {
    it('should keep user B away from user A’s chats and their events', async () => {
      const alice = await t.seed.user();
      const bob = await t.seed.user();
      const aliceSocket = await open(alice);
      const bobSocket = await open(bob);
      const seenByBob = recorder(bobSocket);
      const id = await createChat(aliceSocket);

      expect((await http('GET', `/users/me/chats/${id}`, bob)).statusCode).toBe(404);
      expect((await http('PATCH', `/users/me/chats/${id}`, bob, { name: 'mine now' })).statusCode).toBe(404);
      expect((await http('DELETE', `/users/me/chats/${id}`, bob)).statusCode).toBe(404);
      expect((await http('GET', '/users/me/chats', bob)).json()).toEqual([]);
      expect((await emitAck(bobSocket, 'deleteChat', id)).error?.code).toBe('not-found');
      expect((await emitAck(bobSocket, 'generateName', id)).error?.code).toBe('not-found');
      expect((await emitAck(bobSocket, 'reloadChat', id)).error?.code).toBe('not-found');

      await http('PATCH', `/users/me/chats/${id}`, alice, { name: 'Alice only' });
      await http('PATCH', `/users/me/chats/${id}`, alice, { isPinned: true });
      await emitAck(aliceSocket, 'broadcast', { event: 'chat.renamed', data: { chatId: id, name: 'x' } });
      await emitAck(aliceSocket, 'deleteChat', id);
      // Barrier: Bob's own event arrives after anything sent to him before.
      const own = nextEvent(bobSocket, 'chat.created');
      await createChat(bobSocket);
      await own;
      const chatEvents = seenByBob.filter((e) => e.event.startsWith('chat.'));
      expect(chatEvents).toHaveLength(1);
      expect(chatEvents[0]?.event).toBe('chat.created');
      expect((await http('GET', '/users/me/chats', alice)).json()).toEqual([]);
    });
  });

  describe('ready', () => {
    it('should carry the user’s chats on connect', async () => {
      const user = await t.seed.user();
      const id = await createChat(await open(user));
      const s = connectSocket(t.url, user.token);
      sockets.push(s);
      const ready = await nextEvent<{ chats: Chat[] }>(s, 'ready');
      expect(ready.chats.map((c) => c.id)).toEqual([id]);
    });
  });
});
