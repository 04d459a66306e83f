import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveJob, Chat } from '@neura/contract';
import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { readTarGz } from '@neura/test-kit/tar';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connected, doneFor, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

type FirstAck = { chatId?: string; messageId?: string; error?: { message: string } };

/**
 * Temporary chats (issue #49): only on the device that made it; never in another device's list,
 * search, memory (read or written), exports or the data archive; gone 24 h after its last message.
 */
describe('temporary chats', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload ? { payload } : {}),
    });
  const device = async (user: TestUser) => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(socket);
    await connected(socket);
    return { socket, events };
  };
  /** A draft's first message in a temporary chat; answers the chat id once the reply is done. */
  const startTemporary = async (text: string, dev: { socket: TestSocket; events: Recorded[] }) => {
    const ack = await new Promise<FirstAck>((resolve) =>
      dev.socket.emit('createChatWithMessage', { persona: 'mindful-coach', text, temporary: true }, (r) =>
        resolve(r as FirstAck),
      ),
    );
    if (!ack.chatId) throw new Error(`refused: ${JSON.stringify(ack)}`);
    await doneFor(dev.events, ack.chatId);
    return ack.chatId;
  };
  const systemOf = (request: FakeRequest): string => {
    const first = request.body.messages[0];
    return first?.role === 'system' ? (first.content as string) : '';
  };

  beforeAll(async () => {
    model = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  beforeEach(() => model.setScript({ chunks: ['Understood, ', 'walrus.'] }));
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  it('should be announced to its own device only and never listed elsewhere', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const mine = await device(alice);
    const other = await device(alice);
    const id = await new Promise<string>((resolve, reject) =>
      mine.socket.emit('createChat', { persona: 'default', temporary: true }, (r) =>
        'id' in r ? resolve(r.id) : reject(new Error(r.error.message)),
      ),
    );
    const created = await waitFor(mine.events, (r) => r.event === 'chat.created');
    expect(created.payload.chat).toMatchObject({ id, temporary: true });
    // A normal chat made after it reaches the other device: the temporary one never did.
    await new Promise((resolve) => mine.socket.emit('createChat', 'default', resolve));
    await waitFor(other.events, (r) => r.event === 'chat.created');
    expect(other.events.filter((r) => r.event === 'chat.created' && r.payload.chat.id === id)).toEqual([]);
    const listed = (await call('GET', '/users/me/chats', alice)).json() as Chat[];
    expect(listed.map((c) => c.id)).not.toContain(id);
    const third = connectSocket(t.url, alice.token);
    sockets.push(third);
    const ready = await new Promise<{ chats: Chat[] }>((resolve) => third.once('ready', resolve));
    expect(ready.chats.map((c) => c.id)).not.toContain(id);
    // Its owner still opens it by id; another user cannot.
    expect((await call('GET', `/users/me/chats/${id}`, alice)).json()).toMatchObject({ id, temporary: true });
    const bob = await t.seed.user();
    expect((await call('GET', `/users/me/chats/${id}`, bob)).statusCode).toBe(404);
  });

  it('should neither read nor write memory', async () => {
    const alice = await t.seed.user({ credits: 50 });
    await call('PUT', '/users/me/memory', alice, { about: 'I am Alice from Porto.' });
    await call('POST', '/users/me/memory/items', alice, { text: 'Alice keeps bees.' });
    const dev = await device(alice);
    const before = model.requests.length;
    const id = await startTemporary('Remember that I love kayaks.', dev);
    const requests = model.requests.slice(before).filter((r) => r.body.stream === true);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(systemOf(request)).not.toContain('user_memory');
      expect(systemOf(request)).not.toContain('bees');
      expect(request.body.tools).toBeUndefined();
    }
    // Nor by hand: a memory for this chat is refused like an unknown chat.
    const refused = await call('POST', '/users/me/memory/items', alice, { text: 'kayaks', scope: 'chat', chatId: id });
    expect(refused.statusCode).toBe(404);
    const memory = (await call('GET', '/users/me/memory', alice)).json();
    expect(JSON.stringify(memory)).not.toContain('kayak');

    // A normal chat of the same user does read it (the check above is not vacuous).
    const normal = await t.seed.chat(alice.id, 'mindful-coach');
    const at = model.requests.length;
    await send(dev.socket, normal.id, 'Hello');
    await doneFor(dev.events, normal.id);
    const normalRequest = model.requests.slice(at).find((r) => r.body.stream === true);
    expect(normalRequest && systemOf(normalRequest)).toContain('bees');
  });

  it('should be absent from search, exports, shares and the data archive, with its files', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const dev = await device(alice);
    const normal = await t.seed.chat(alice.id, 'mindful-coach', { name: 'Kept chat' });
    await send(dev.socket, normal.id, 'narwhal kept');
    await doneFor(dev.events, normal.id);
    const id = await startTemporary('narwhal secret', dev);
    const file = await t.drive.files.saveResult(alice.id, id, {
      bytes: await makeImage(9, 9),
      mimeType: 'image/png',
    });

    const hits = (await call('GET', '/users/me/search?q=narwhal', alice)).json() as { items: { chatId: string }[] };
    expect(hits.items.map((h) => h.chatId)).toEqual([normal.id]);
    expect((await call('GET', `/users/me/chats/${id}/export?format=json`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/users/me/chats/${normal.id}/export?format=json`, alice)).statusCode).toBe(200);
    expect((await call('POST', `/users/me/chats/${id}/share`, alice)).statusCode).toBe(404);

    const start = await call('POST', '/users/me/archive', alice);
    expect(start.statusCode).toBe(202);
    let job = start.json() as ArchiveJob;
    for (let i = 0; i < 300 && job.status === 'building'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = (await call('GET', `/users/me/archive/${job.id}`, alice)).json() as ArchiveJob;
    }
    expect(job.status).toBe('ready');
    const entries = readTarGz((await call('GET', `/users/me/archive/${job.id}/download`, alice)).rawPayload);
    expect(entries.has(`chats/${normal.id}.json`)).toBe(true);
    const names = [...entries.keys()];
    expect(names.filter((n) => n.includes(id) || n.includes(file.id))).toEqual([]);
    for (const [, bytes] of entries) expect(bytes.toString('latin1')).not.toContain('secret');
  });

  it('should be deleted with its files by the job 24 h after its last message, and not before', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const dev = await device(alice);
    const id = await startTemporary('short-lived', dev);
    const file = await t.drive.files.saveResult(alice.id, id, {
      bytes: await makeImage(9, 9),
      mimeType: 'image/png',
    });
    const stored = path.join(t.config.DATA_DIR, 'files');
    const { storage_key } = await t.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const fileOnDisk = () => fs.readdirSync(stored, { recursive: true }).some((f) => String(f).includes(storage_key));
    expect(fileOnDisk()).toBe(true);
    const kept = await t.seed.chat(alice.id, 'default', {
      lastMessageAt: new Date(Date.now() - 48 * 3600_000).toISOString(),
    });
    const exists = async (chatId: string) =>
      (await t.db.selectFrom('chats').select('id').where('id', '=', chatId).execute()).length;

    const start = Date.now();
    await t.jobs.runDue(start + 61_000);
    expect(await exists(id)).toBe(1);
    await t.jobs.runDue(start + 23 * 3600_000);
    expect(await exists(id)).toBe(1);
    await t.jobs.runDue(start + 24 * 3600_000 + 20 * 60_000);
    expect(await exists(id)).toBe(0);
    expect(await t.db.selectFrom('messages').select('id').where('chat_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', file.id).execute()).toEqual([]);
    expect(fileOnDisk()).toBe(false);
    expect(await exists(kept.id)).toBe(1);
    // Its device is told, as for any deleted chat.
    await waitFor(dev.events, (r) => r.event === 'chat.deleted' && r.payload.chatId === id);
  });

  it('should be deleted at once when its user leaves it (deleteChat), files and all', async () => {
    const alice = await t.seed.user({ credits: 50 });
    const dev = await device(alice);
    const id = await startTemporary('leaving now', dev);
    const ack = await new Promise((resolve) => dev.socket.emit('deleteChat', id, resolve));
    expect(ack).toEqual({ success: true });
    expect((await call('GET', `/users/me/chats/${id}`, alice)).statusCode).toBe(404);
  });
});
