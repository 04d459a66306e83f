import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { makeImage, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { connected, doneFor, type Recorded, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Fork from any message (issue #49): a new chat with copies up to that message, nothing charged again. */
describe('chat fork', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const sendWith = (socket: TestSocket, chatId: string, text: string, attachments?: string[]) =>
    new Promise<{ messageId?: string }>((resolve) =>
      socket.emit('sendMessage', { chatId, text, ...(attachments ? { attachments } : {}) }, (r) =>
        resolve(r as { messageId?: string }),
      ),
    );
  const rowsOf = (chatId: string) =>
    t.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('id').execute();
  const fork = (user: TestUser, chatId: string, body: unknown) =>
    call<{ id: string; code?: string }>(t, 'POST', `/users/me/chats/${chatId}/fork`, body, { token: user.token });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  /** A chat of two turns, the first with a picture: [user 1, reply 1, user 2, reply 2]. */
  async function twoTurns(user: TestUser) {
    fake.setTitle('Trip plans');
    const chat = await t.seed.chat(user.id);
    const api = `${t.url}${t.apiPrefix}`;
    const { body: file } = await uploadFile(api, user.token, await makeImage(8, 8));
    const socket = await open(user.token);
    let events: Recorded[] = record(socket);
    fake.setScript({ chunks: ['One'] });
    await sendWith(socket, chat.id, 'First', [file.id]);
    await doneFor(events, chat.id);
    // The chat is named after its first reply, apart from it: the fork's name starts from that name.
    await waitFor(events, (r) => r.event === 'chat.renamed' && r.payload.chatId === chat.id);
    events = record(socket);
    fake.setScript({ chunks: ['Two'] });
    await sendWith(socket, chat.id, 'Second');
    await doneFor(events, chat.id);
    const rows = await rowsOf(chat.id);
    expect(rows.map((r) => r.content)).toEqual(['First', 'One', 'Second', 'Two']);
    return { chat, file, rows, socket };
  }

  it('should copy the messages up to the one chosen, with their files, and charge nothing again', async () => {
    const user = await t.seed.user({ credits: 20 });
    const { chat, file, rows, socket } = await twoTurns(user);
    // A reply's parts that name the picture are copied to name the fork's copy.
    await t.db
      .updateTable('messages')
      .set({ parts: JSON.stringify([{ type: 'image', fileId: file.id }]) })
      .where('id', '=', rows[1]?.id as string)
      .execute();
    const balance = (await t.read.user(user.id))?.credits;
    const charges = (await t.read.ledger(user.id)).length;
    const events = record(socket);

    const res = await fork(user, chat.id, { messageId: rows[1]?.id });
    expect(res.status).toBe(201);
    const forkId = res.body.id;
    expect(forkId).not.toBe(chat.id);
    const created = await waitFor(events, (r) => r.event === 'chat.created' && r.payload.chat.id === forkId);
    expect(created.payload.chat).toMatchObject({ name: 'Trip plans (fork)', persona: 'default', preview: 'One' });

    const copies = await rowsOf(forkId);
    expect(copies.map((r) => [r.role, r.content])).toEqual([
      ['user', 'First'],
      ['assistant', 'One'],
    ]);
    expect(copies.every((c) => !rows.some((r) => r.id === c.id))).toBe(true);
    expect(copies[1]?.reply_to).toBe(copies[0]?.id);
    const [attachment] = JSON.parse(copies[0]?.attachments as string) as { id: string }[];
    expect(attachment?.id).toBeDefined();
    expect(attachment?.id).not.toBe(file.id);
    expect(JSON.parse(copies[1]?.parts as string)).toEqual([{ type: 'image', fileId: attachment?.id }]);
    const copiedFile = await t.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', attachment?.id as string)
      .executeTakeFirst();
    expect(copiedFile).toMatchObject({ chat_id: forkId, user_id: user.id });

    // Nothing charged again.
    expect((await t.read.user(user.id))?.credits).toBe(balance);
    expect(await t.read.ledger(user.id)).toHaveLength(charges);

    // The history as clients read it, and the fork in the chat list.
    const history = await call<{ content: string }[]>(t, 'GET', `/users/me/chats/${forkId}/messages`, undefined, {
      token: user.token,
    });
    expect(history.body.map((m) => m.content)).toEqual(['First', 'One']);
    const list = await call<{ id: string }[]>(t, 'GET', '/users/me/chats', undefined, { token: user.token });
    expect(list.body.some((c) => c.id === forkId)).toBe(true);

    // The source can go: the fork keeps its own copy of the picture.
    expect((await call(t, 'DELETE', `/users/me/chats/${chat.id}`, undefined, { token: user.token })).status).toBe(200);
    const picture = await t.app.inject({
      method: 'GET',
      url: `${t.apiPrefix}/files/${attachment?.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(picture.statusCode).toBe(200);

    // And the fork goes on like any chat.
    const more = record(socket);
    fake.setScript({ chunks: ['Three'] });
    expect((await sendWith(socket, forkId, 'Again')).messageId).toBeTruthy();
    await doneFor(more, forkId);
    expect((await rowsOf(forkId)).map((r) => r.content)).toEqual(['First', 'One', 'Again', 'Three']);
  });

  it('should fork from a user message, with only the messages before it', async () => {
    const user = await t.seed.user({ credits: 20 });
    const { chat, rows } = await twoTurns(user);
    const res = await fork(user, chat.id, { messageId: rows[2]?.id });
    expect(res.status).toBe(201);
    expect((await rowsOf(res.body.id)).map((r) => r.content)).toEqual(['First', 'One', 'Second']);
  });

  it("should refuse another user's chat or message, an unknown message and a bad body", async () => {
    const alice = await t.seed.user({ credits: 20 });
    const bob = await t.seed.user({ credits: 20 });
    const { chat, rows } = await twoTurns(alice);
    const bobs = await twoTurns(bob);
    expect((await fork(bob, chat.id, { messageId: rows[1]?.id })).status).toBe(404);
    // Bob's own chat with Alice's message in the body.
    expect((await fork(bob, bobs.chat.id, { messageId: rows[1]?.id })).status).toBe(404);
    expect((await fork(alice, chat.id, { messageId: 'no-such-message' })).status).toBe(404);
    expect((await fork(alice, chat.id, {})).status).toBe(400);
    expect((await fork(alice, chat.id, { messageId: rows[1]?.id, extra: 1 })).status).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${t.apiPrefix}/users/me/chats/${chat.id}/fork`,
      payload: { messageId: rows[1]?.id },
    });
    expect(anonymous.statusCode).toBe(401);
    const chats = await t.db.selectFrom('chats').select('id').where('user_id', '=', bob.id).execute();
    expect(chats).toHaveLength(1);
  });

  it('should refuse to fork a temporary chat, which leaves no trace', async () => {
    const carol = await t.seed.user({ credits: 20 });
    const chat = await t.seed.chat(carol.id, 'default', { temporary: true });
    const [messageId] = await t.seed.messages({ id: chat.id, userId: carol.id }, [
      { role: 'user', content: 'Just trying' },
    ]);
    const res = await fork(carol, chat.id, { messageId });
    expect(res.status).toBe(409);
    expect((res.body as { message?: string }).message).toBe('A temporary chat cannot be forked: it leaves no trace.');
    const chats = await t.db.selectFrom('chats').select('id').where('user_id', '=', carol.id).execute();
    expect(chats).toHaveLength(1);
  });
});
