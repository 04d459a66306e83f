import { MAX_MESSAGE_LENGTH } from '@neura/contract';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { newId } from '../src/lib/ids.js';
import { type AckBody, connected, deltasOf, doneFor, record, send, stop, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

describe('conversation with a model', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const credits = async (userId: string) => (await t.read.user(userId))?.credits;
  const ledger = (userId: string) => t.read.ledger(userId);
  const message = (id: string) => t.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  beforeEach(() => {
    fake.setScript({});
    fake.setTitle('Fake Chat Title');
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should persist, charge, stream the reply to the room and name the chat', async () => {
    fake.setScript({ chunks: ['Hello', ' there', ', friend!'], delayMs: 5 });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const events = record(socket);

    const ack = await send(socket, chat.id, '  How do I relax?  ');
    expect(ack.messageId).toBeTruthy();
    const done = await doneFor(events, chat.id);
    expect(done.event).toBe('message.done');
    await waitFor(events, (r) => r.event === 'chat.renamed');

    const created = events.filter((r) => r.event === 'message.created').map((r) => r.payload.message);
    expect(created[0]).toMatchObject({
      id: ack.messageId,
      role: 'user',
      content: 'How do I relax?',
      status: 'complete',
    });
    expect(created[1]).toMatchObject({ role: 'assistant', content: '', status: 'streaming', cost: 2 });
    const replyId = created[1].id as string;
    expect(deltasOf(events, replyId)).toBe('Hello there, friend!');
    expect(done.payload.message).toMatchObject({
      id: replyId,
      chatId: chat.id,
      role: 'assistant',
      content: 'Hello there, friend!',
      status: 'complete',
      cost: 2,
    });
    const order = events.map((r) => r.event);
    expect(order.indexOf('message.created')).toBeLessThan(order.indexOf('message.delta'));
    expect(order.lastIndexOf('message.delta')).toBeLessThan(order.indexOf('message.done'));
    // The two messages reach the devices before the balance they were charged for.
    expect(order.lastIndexOf('message.created')).toBeLessThan(order.indexOf('updateCredits'));
    expect(events.find((r) => r.event === 'updateCredits')?.payload).toEqual({ credits: 8 });
    expect(events.find((r) => r.event === 'chat.renamed')?.payload).toEqual({
      chatId: chat.id,
      name: 'Fake Chat Title',
    });
    const updated = events.filter((r) => r.event === 'chat.updated').map((r) => r.payload);
    expect(updated.at(-1)).toMatchObject({ chatId: chat.id, updatedFields: { preview: 'Hello there, friend!' } });

    expect(await credits(user.id)).toBe(8);
    expect((await ledger(user.id)).map((r) => [r.amount, r.idempotency_key])).toEqual([[-2, `charge:${replyId}`]]);
    const row = await t.db.selectFrom('chats').selectAll().where('id', '=', chat.id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'Fake Chat Title', preview: 'Hello there, friend!' });
    expect(row?.last_message_at).toBeTruthy();

    // The model saw the persona's system prompt and the user's message.
    const streamed = fake.requests.filter((r) => r.body.stream === true).at(-1);
    expect(streamed?.body.messages[0]).toMatchObject({ role: 'system' });
    expect(streamed?.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I relax?' });
    expect(streamed?.headers.authorization).toBe('Bearer sk-fake');

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chat.id}/messages`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'How do I relax?'],
      ['assistant', 'Hello there, friend!'],
    ]);
  });

  it('should refuse empty, too long and foreign-chat messages without charging', async () => {
    const user = await t.seed.user({ credits: 5 });
    const other = await t.seed.user();
    const chat = await t.seed.chat(user.id);
    const foreign = await t.seed.chat(other.id);
    const socket = await open(user.token);
    expect((await send(socket, chat.id, '   \n ')).error?.code).toBe('request:invalid');
    expect((await send(socket, chat.id, 'x'.repeat(MAX_MESSAGE_LENGTH + 1))).error?.code).toBe('request:invalid');
    expect((await send(socket, foreign.id, 'hi')).error?.code).toBe('not-found');
    expect((await send(socket, 'no-such-chat', 'hi')).error?.code).toBe('not-found');
    expect((await stop(socket, foreign.id)).error?.code).toBe('not-found');
    expect(await credits(user.id)).toBe(5);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${foreign.id}/messages`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not-found');
  });

  it('should refuse a Pro persona to a non-Pro user and allow it to a Pro user', async () => {
    const basic = await t.seed.user({ credits: 10 });
    const pro = await t.seed.user({
      credits: 10,
      proExpiry: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const basicChat = await t.seed.chat(basic.id, 'startup-advisor');
    const proChat = await t.seed.chat(pro.id, 'startup-advisor');
    const a = await open(basic.token);
    const refused = await send(a, basicChat.id, 'Pitch me');
    expect(refused.error).toMatchObject({ code: 'pro:required' });
    expect(await credits(basic.id)).toBe(10);
    const b = await open(pro.token);
    const events = record(b);
    expect((await send(b, proChat.id, 'Pitch me')).messageId).toBeTruthy();
    expect((await doneFor(events, proChat.id)).event).toBe('message.done');
    const cost = (await t.drive.personas.exportRecords()).find((p) => p.id === 'startup-advisor')?.cost;
    expect(cost).toBeGreaterThan(0);
    expect(await credits(pro.id)).toBe(10 - (cost ?? 0));
  });

  it('should refuse a second send while a reply streams, and keep a stopped partial reply', async () => {
    fake.setScript({ chunks: ['Once', ' upon', ' a', ' time'], holdAfter: 2 });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    const socket = await open(user.token);
    const events = record(socket);
    await send(socket, chat.id, 'Tell me a story');
    const shell = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'assistant');
    await waitFor(events, (r) => r.event === 'message.delta');
    await waitFor(events, () => deltasOf(events, shell.payload.message.id) === 'Once upon');

    // A tab opening the chat now sees the reply so far.
    const midway = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chat.id}/messages`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(midway.json().at(-1)).toMatchObject({ status: 'streaming', content: 'Once upon' });

    const second = await send(socket, chat.id, 'Another one');
    expect(second.error?.code).toBe('conflict');
    expect(second.error?.message).toMatch(/still being written/);

    expect(await stop(socket, chat.id)).toEqual({ success: true });
    const done = await doneFor(events, chat.id);
    fake.release();
    expect(done.event).toBe('message.done');
    expect(done.payload.message).toMatchObject({ status: 'stopped', content: 'Once upon' });
    expect(await message(shell.payload.message.id)).toMatchObject({ status: 'stopped', content: 'Once upon' });
    expect(await credits(user.id)).toBe(9);

    // The chat is free again.
    fake.setScript({});
    const next = record(socket);
    expect((await send(socket, chat.id, 'Another one')).messageId).toBeTruthy();
    expect((await doneFor(next, chat.id)).payload.message.status).toBe('complete');
  });

  it('should show the reply so far in reloadChat while it streams', async () => {
    fake.setScript({ chunks: ['Far', ' far', ' away'], holdAfter: 2 });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    const socket = await open(user.token);
    const events = record(socket);
    await send(socket, chat.id, 'Where?');
    const shell = await waitFor(events, (r) => r.event === 'message.created' && r.payload.message.role === 'assistant');
    await waitFor(events, () => deltasOf(events, shell.payload.message.id) === 'Far far');

    const reloaded = await new Promise((resolve) => socket.emit('reloadChat', chat.id, resolve));
    expect(reloaded).toEqual({ success: true });
    const page = await waitFor(events, (r) => r.event === 'chat.messages');
    expect(page.payload.messages.at(-1)).toMatchObject({
      id: shell.payload.message.id,
      status: 'streaming',
      content: 'Far far',
    });

    fake.release();
    const done = await doneFor(events, chat.id);
    expect(done.payload.message).toMatchObject({ status: 'complete', content: 'Far far away' });
  });

  it('should refund once and send message.error when the provider fails mid-stream', async () => {
    fake.setScript({ chunks: ['Partial', ' answer', ' never ends'], failAfter: 2 });
    const user = await t.seed.user({ credits: 4 });
    const chat = await t.seed.chat(user.id);
    const socket = await open(user.token);
    const events = record(socket);
    await send(socket, chat.id, 'Explain');
    const error = await doneFor(events, chat.id);
    expect(error.event).toBe('message.error');
    expect(error.payload).toMatchObject({ chatId: chat.id, code: 'llm:failed' });
    expect(error.payload.message).toMatch(/refunded/);
    await waitFor(events, (r) => r.event === 'updateCredits' && r.payload.credits === 4);
    expect(await credits(user.id)).toBe(4);
    const row = await message(error.payload.messageId);
    expect(row).toMatchObject({ status: 'failed', content: 'Partial answer' });
    expect((await ledger(user.id)).map((r) => r.idempotency_key)).toEqual([`charge:${row?.id}`, `refund:${row?.id}`]);
    // The user's message is kept.
    const userRows = await t.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .where('role', '=', 'user')
      .execute();
    expect(userRows.map((r) => r.content)).toEqual(['Explain']);
  });

  it('should refund an empty reply and an error chunk', async () => {
    const user = await t.seed.user({ credits: 3 });
    const chat = await t.seed.chat(user.id);
    const socket = await open(user.token);
    fake.setScript({ chunks: [] });
    let events = record(socket);
    await send(socket, chat.id, 'Say nothing');
    expect((await doneFor(events, chat.id)).payload.code).toBe('llm:empty');
    fake.setScript({ chunks: ['a', 'b'], failAfter: 1, failMode: 'error-chunk' });
    events = record(socket);
    await send(socket, chat.id, 'Break');
    expect((await doneFor(events, chat.id)).payload.code).toBe('llm:failed');
    expect(await credits(user.id)).toBe(3);
  });

  it("should make a draft's chat with its first message, and leave none when that message is refused", async () => {
    fake.setScript({ chunks: ['Ahoy'], delayMs: 2 });
    const user = await t.seed.user({ credits: 0 });
    const socket = await open(user.token);
    let events = record(socket);
    const first = (text: string) =>
      new Promise<AckBody & { chatId?: string }>((resolve) =>
        socket.emit('createChatWithMessage', { persona: 'pirate-storyteller', text }, (r) => resolve(r as AckBody)),
      );

    const refused = await first('Tell me of the sea');
    expect(refused.error?.code).toBe('credits:insufficient');
    expect(await t.read.chats(user.id)).toEqual([]);
    // The chat is stored with its first message or not at all: no device heard of it (issue #50).
    expect(events.filter((r) => r.event === 'chat.created' || r.event === 'chat.deleted')).toEqual([]);

    await t.drive.credits.grant({ userId: user.id, amount: 3, reason: 'seed', key: `seed:${newId()}` });
    events = record(socket);
    const ok = await first('Tell me of the sea');
    expect(ok.chatId).toBeTruthy();
    expect(ok.messageId).toBeTruthy();
    expect((await doneFor(events, ok.chatId as string)).payload.message.content).toBe('Ahoy');
    // The chat is new, so its first exchange names it (no read of the chat's state is needed for that).
    await waitFor(events, (r) => r.event === 'chat.renamed' && r.payload.chatId === ok.chatId);
    const chats = await t.read.chats(user.id);
    expect(chats.map((c) => c.id)).toEqual([ok.chatId]);
    // chat.created comes before the chat's first message.created, so a client can follow it.
    const order = events.map((r) => r.event);
    expect(order.indexOf('chat.created')).toBeLessThan(order.indexOf('message.created'));
  });

  it('should store each of several first messages sent at once with its chat, and only those the balance covers', async () => {
    fake.setScript({ chunks: ['Ahoy'], delayMs: 2 });
    // Enough for two of three (1 credit each): the sends set up one after another (a burst) and the
    // third is refused without touching the other two.
    const user = await t.seed.user({ credits: 2 });
    const socket = await open(user.token);
    const events = record(socket);
    const acks = await Promise.all(
      ['One', 'Two', 'Three'].map(
        (text) =>
          new Promise<AckBody & { chatId?: string }>((resolve) =>
            socket.emit('createChatWithMessage', { persona: 'pirate-storyteller', text }, (r) => resolve(r as AckBody)),
          ),
      ),
    );
    const made = acks.flatMap((a) => (a.chatId ? [a.chatId] : []));
    expect(made).toHaveLength(2);
    expect(acks.filter((a) => a.error?.code === 'credits:insufficient')).toHaveLength(1);
    for (const chatId of made) await doneFor(events, chatId);
    expect((await t.read.chats(user.id)).map((c) => c.id).sort()).toEqual([...made].sort());
    // Each stored chat announced once; the refused one never.
    expect(
      events
        .filter((r) => r.event === 'chat.created')
        .map((r) => r.payload.chat.id)
        .sort(),
    ).toEqual([...made].sort());
    expect(events.some((r) => r.event === 'chat.deleted')).toBe(false);
    expect(await credits(user.id)).toBe(0);
  });

  it('should refuse a send as busy, charging nothing, while a reply streams in the chat in another process', async () => {
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id);
    // Another process's reply: its row streams in the database, this process has no reply for the chat.
    await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hel', status: 'streaming', cost: 2 },
    ]);
    const socket = await open(user.token);
    const ack = await send(socket, chat.id, 'Still there?');
    expect(ack.error?.code).toBe('conflict');
    expect(await credits(user.id)).toBe(10);
    const rows = await t.db.selectFrom('messages').select('id').where('chat_id', '=', chat.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('should charge exactly what the balance covers under 50 concurrent sends', async () => {
    const user = await t.seed.user({ credits: 3 });
    const chats = await Promise.all(Array.from({ length: 50 }, () => t.seed.chat(user.id)));
    const socket = await open(user.token);
    const events = record(socket);
    const acks = await Promise.all(chats.map((c) => send(socket, c.id, 'Hi')));
    const ok = acks.filter((a) => a.messageId);
    const refused = acks.filter((a) => a.error);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    expect(new Set(refused.map((a) => a.error?.code))).toEqual(new Set(['credits:insufficient']));
    expect(await credits(user.id)).toBe(0);
    const charges = (await ledger(user.id)).filter((r) => r.amount < 0);
    expect(charges).toHaveLength(3);
    await waitFor(events, () => events.filter((r) => r.event === 'message.done').length === 3);
    const balances = events.filter((r) => r.event === 'updateCredits').map((r) => r.payload.credits as number);
    expect(balances.every((b) => b >= 0)).toBe(true);
    expect(Math.min(...balances)).toBe(0);
  });

  it('should refund a message at most once, even concurrently', async () => {
    const user = await t.seed.user({ credits: 5 });
    const messageId = newId();
    await t.drive.credits.charge(user.id, 2, messageId);
    expect(await credits(user.id)).toBe(3);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.drive.credits.refund(user.id, messageId)));
    expect(results.filter((r) => r !== undefined)).toEqual([5]);
    expect(await t.drive.credits.refund(user.id, messageId)).toBeUndefined();
    expect(await t.drive.credits.refund(user.id, newId())).toBeUndefined();
    expect(await credits(user.id)).toBe(5);
    expect((await ledger(user.id)).map((r) => r.amount)).toEqual([-2, 2]);
  });

  it('should stream to every tab of the user', async () => {
    fake.setScript({ chunks: ['Two', ' tabs'], delayMs: 5 });
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id);
    const tabA = await open(user.token);
    const tabB = await open(user.token);
    const a = record(tabA);
    const b = record(tabB);
    await send(tabA, chat.id, 'Hello');
    const [doneA, doneB] = await Promise.all([doneFor(a, chat.id), doneFor(b, chat.id)]);
    const id = doneA.payload.message.id as string;
    expect(doneB.payload.message.id).toBe(id);
    expect(deltasOf(a, id)).toBe('Two tabs');
    expect(deltasOf(b, id)).toBe('Two tabs');
    expect(b.filter((r) => r.event === 'message.created')).toHaveLength(2);
  });

  it('should page history newest first by message id', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id);
    const contents = Array.from({ length: 120 }, (_, i) => `m${i}`);
    const ids = await t.seed.messages(
      { id: chat.id, userId: user.id },
      contents.map((content, i) => ({ role: i % 2 ? ('assistant' as const) : ('user' as const), content })),
    );
    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/me/chats/${chat.id}/messages${query}`,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ id: string; content: string }>).map((m) => m.content);
    };
    const first = await get('?limit=50');
    expect(first).toEqual(contents.slice(70));
    const second = await get(`?limit=50&before=${ids[70]}`);
    expect(second).toEqual(contents.slice(20, 70));
    expect(await get(`?before=${ids[20]}`)).toEqual(contents.slice(0, 20));
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chat.id}/messages?limit=0`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('should regenerate a chat name and reload the chat for the asking session only', async () => {
    const user = await t.seed.user();
    const chat = await t.seed.chat(user.id);
    const asking = await open(user.token);
    const other = await open(user.token);
    const events = record(asking);
    const otherEvents = record(other);
    await send(asking, chat.id, 'Teach me chess openings');
    await doneFor(events, chat.id);
    await waitFor(events, (r) => r.event === 'chat.renamed');

    fake.setTitle('"Chess Openings For Beginners."');
    const named = await new Promise<{ name?: string }>((resolve) =>
      asking.emit('generateName', chat.id, (r) => resolve(r as { name?: string })),
    );
    expect(named).toEqual({ name: 'Chess Openings For Beginners' });
    await waitFor(otherEvents, (r) => r.event === 'chat.renamed' && r.payload.name === 'Chess Openings For Beginners');

    const reloaded = await new Promise((resolve) => asking.emit('reloadChat', chat.id, resolve));
    expect(reloaded).toEqual({ success: true });
    const page = await waitFor(events, (r) => r.event === 'chat.messages');
    expect(page.payload.chatId).toBe(chat.id);
    expect(page.payload.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(otherEvents.some((r) => r.event === 'chat.messages')).toBe(false);

    const stranger = await t.seed.user();
    const strangerSocket = await open(stranger.token);
    const refused = await new Promise<{ error?: { code: string } }>((resolve) =>
      strangerSocket.emit('generateName', chat.id, (r) => resolve(r as { error?: { code: string } })),
    );
    expect(refused.error?.code).toBe('not-found');
  });

  it('should mark replies left streaming failed and refund them once on restart', async () => {
    const user = await t.seed.user({ credits: 6 });
    const chat = await t.seed.chat(user.id);
    const replyId = newId();
    await t.drive.credits.charge(user.id, 2, replyId);
    await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Are you there?' },
      { id: replyId, role: 'assistant', content: 'I was say', status: 'streaming', cost: 2 },
    ]);
    expect(await credits(user.id)).toBe(4);

    for (let boot = 0; boot < 2; boot++) {
      const restarted = await buildApp(t.config, { db: t.db, logger: false });
      await restarted.close();
    }
    expect(await message(replyId)).toMatchObject({ status: 'failed', content: 'I was say' });
    expect(await credits(user.id)).toBe(6);
    expect((await ledger(user.id)).map((r) => r.idempotency_key)).toEqual([`charge:${replyId}`, `refund:${replyId}`]);
    const kept = await t.db.selectFrom('messages').select('content').where('chat_id', '=', chat.id).execute();
    expect(kept.map((r) => r.content)).toContain('Are you there?');
  });
});

describe('conversation on shutdown', () => {
  it('should refund replies that had no token yet when the server shuts down', async () => {
    const fake = await startFakeOpenAI({ chunks: ['late'], holdAfter: 0 });
    const t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake' });
    try {
      const user = await t.seed.user({ credits: 5 });
      const chat = await t.seed.chat(user.id);
      const socket = await connected(connectSocket(t.url, user.token));
      const events = record(socket);
      await send(socket, chat.id, 'Hello?');
      const shell = await waitFor(
        events,
        (r) => r.event === 'message.created' && r.payload.message.role === 'assistant',
      );
      await waitFor(events, (r) => r.event === 'updateCredits');
      await t.drive.conversation.shutdown();
      const error = await doneFor(events, chat.id);
      expect(error.payload.code).toBe('llm:interrupted');
      const row = await t.db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', shell.payload.message.id)
        .executeTakeFirst();
      expect(row?.status).toBe('failed');
      expect((await t.read.user(user.id))?.credits).toBe(5);
      expect((await send(socket, chat.id, 'Again')).error?.code).toBe('llm:interrupted');
      socket.close();
    } finally {
      await t.stop();
      await fake.close();
    }
  });
});

describe('conversation without a model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should answer with a system notice, charge nothing and name the chat from the message', async () => {
    const user = await t.seed.user({ credits: 5 });
    const chat = await t.seed.chat(user.id);
    const socket = await connected(connectSocket(t.url, user.token));
    const events = record(socket);
    const ack = await send(socket, chat.id, 'Plan a weekend trip to Lisbon for two people');
    expect(ack.messageId).toBeTruthy();
    const done = await doneFor(events, chat.id);
    expect(done.event).toBe('message.done');
    expect(done.payload.message).toMatchObject({ role: 'system', status: 'complete', cost: 0 });
    expect(done.payload.message.content).toMatch(/No AI model is configured/);
    expect(done.payload.message.content).toMatch(/LLM_BASE_URL/);
    expect(done.payload.message.content).toMatch(/OPENAI_API_KEY/);
    expect(done.payload.message.content).toMatch(/ANTHROPIC_API_KEY/);
    const renamed = await waitFor(events, (r) => r.event === 'chat.renamed');
    expect(renamed.payload).toEqual({ chatId: chat.id, name: 'Plan a weekend trip to Lisbon' });
    expect(events.some((r) => r.event === 'updateCredits')).toBe(false);
    expect((await t.read.user(user.id))?.credits).toBe(5);
    expect(await t.read.ledger(user.id)).toEqual([]);
    socket.close();
  });

  it('should store a new chat with its first message and the notice, announced once with its preview', async () => {
    const user = await t.seed.user({ credits: 5 });
    const socket = await connected(connectSocket(t.url, user.token));
    const events = record(socket);
    const ack = await new Promise<AckBody & { chatId?: string }>((resolve) =>
      socket.emit('createChatWithMessage', { persona: 'default', text: 'Plan a picnic' }, (r) => resolve(r as AckBody)),
    );
    const chatId = ack.chatId as string;
    expect((await doneFor(events, chatId)).payload.message).toMatchObject({ role: 'system', status: 'complete' });
    await waitFor(events, (r) => r.event === 'chat.renamed' && r.payload.chatId === chatId);
    // chat.created carries the preview and comes before the messages; no chat.updated follows.
    const order = events.map((r) => r.event);
    expect(order.indexOf('chat.created')).toBeLessThan(order.indexOf('message.created'));
    expect(events.find((r) => r.event === 'chat.created')?.payload.chat).toMatchObject({
      id: chatId,
      preview: 'Plan a picnic',
    });
    expect(order).not.toContain('chat.updated');
    expect((await t.read.chats(user.id)).map((c) => c.id)).toEqual([chatId]);
    socket.close();
  });
});
