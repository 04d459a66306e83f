import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversationTexts as t } from '../src/conversation/texts.js';
import { connected, type Recorded, record, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

describe('POST /api/users/me/chats/:id/messages/:messageId/continue', () => {
  let app: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    app = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  beforeEach(() => fake.setScript({ chunks: [' time, the end.'] }));
  afterAll(async () => {
    for (const s of sockets) s.close();
    await app.stop();
    await fake.close();
  });

  const cont = (token: string | undefined, chatId: string, messageId: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api/users/me/chats/${chatId}/messages/${messageId}/continue`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const history = async (token: string, chatId: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chatId}/messages`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };
  const ledger = async (userId: string) => (await app.read.ledger(userId)).map((r) => r.amount);
  /** What the reply engine stores for a reply the model ended with `finish` (issue #24). */
  const ended = (id: string, finish: string, usage = false) =>
    app.db
      .updateTable('messages')
      .set({
        finish_reason: finish,
        model: 'fake-reasoner',
        ...(usage ? { input_tokens: 120, output_tokens: 4096, reasoning_tokens: 900, cached_input_tokens: 64 } : {}),
      })
      .where('id', '=', id)
      .execute();

  /** A user with one exchange whose reply was cut short; answers its ids. */
  async function cutShortChat(credits = 10) {
    const user = await app.seed.user({ credits });
    const chat = await app.seed.chat(user.id);
    const [questionId, replyId] = await app.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Tell me a long story' },
      { role: 'assistant', content: 'Once upon a' },
    ]);
    if (!questionId || !replyId) throw new Error('seed failed');
    await ended(replyId, 'length');
    return { user, chat, questionId, replyId };
  }

  it('should continue a reply cut short: a paid send asking to continue, the model given the cut reply', async () => {
    const { user, chat, replyId } = await cutShortChat();
    const socket = await connected(connectSocket(app.url, user.token));
    sockets.push(socket);
    const events: Recorded[] = record(socket);

    const res = await cont(user.token, chat.id, replyId);
    expect(res.statusCode).toBe(200);
    const { messageId } = res.json() as { messageId: string };
    const done = await waitFor(events, (r) => r.event === 'message.done' && r.payload.chatId === chat.id);
    expect(done.payload.message).toMatchObject({ content: ' time, the end.', status: 'complete', cost: 1 });

    const messages = await history(user.token, chat.id);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', 'Once upon a'],
      ['user', t.continuePrompt],
      ['assistant', ' time, the end.'],
    ]);
    expect(messages[2]?.id).toBe(messageId);
    // The cut reply still says why it ended; the continuation answers the request to continue.
    expect(messages[1]).toMatchObject({ finishReason: 'length' });
    expect(messages[3]).toMatchObject({ replyTo: messageId });
    // Charged like a send.
    expect(await ledger(user.id)).toEqual([-1]);
    const request = fake.requests.filter((r) => r.body.stream === true).at(-1);
    expect(request?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Tell me a long story' },
      { role: 'assistant', content: 'Once upon a' },
      { role: 'user', content: t.continuePrompt },
    ]);
  });

  it('should answer 404 for a chat or message that is not the caller’s, and charge nothing', async () => {
    const { chat, replyId, user: owner } = await cutShortChat();
    const other = await app.seed.user({ credits: 10 });
    const theirs = await cont(other.token, chat.id, replyId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'not-found' });

    // A message of another chat, even the caller's own.
    const otherChat = await app.seed.chat(owner.id);
    const elsewhere = await cont(owner.token, otherChat.id, replyId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toMatchObject({ code: 'not-found', message: t.messageGone });
    expect((await cont(owner.token, chat.id, 'no-such-message')).statusCode).toBe(404);
    expect(await ledger(owner.id)).toEqual([]);
    expect(await ledger(other.id)).toEqual([]);
  });

  it('should answer 401 without a session', async () => {
    const { chat, replyId } = await cutShortChat();
    const res = await cont(undefined, chat.id, replyId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('code');
  });

  it('should refuse (409) a reply that was not cut short, a user message, and an older reply', async () => {
    const { user, chat, questionId, replyId } = await cutShortChat();
    await ended(replyId, 'stop');
    const complete = await cont(user.token, chat.id, replyId);
    expect(complete.statusCode).toBe(409);
    expect(complete.json()).toMatchObject({ code: 'conflict', message: t.notCutShort });
    expect((await cont(user.token, chat.id, questionId)).json()).toMatchObject({
      code: 'conflict',
      message: t.notCutShort,
    });

    // Cut short, but the chat went on since.
    await ended(replyId, 'length');
    await app.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Something else' },
      { role: 'assistant', content: 'Sure.' },
    ]);
    const older = await cont(user.token, chat.id, replyId);
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ code: 'conflict', message: t.notLastCutShort });
    expect(await ledger(user.id)).toEqual([]);
  });

  it('should refuse (409) a reply that failed even if the model hit the limit first', async () => {
    const { user, chat, replyId } = await cutShortChat();
    await app.db.updateTable('messages').set({ status: 'failed' }).where('id', '=', replyId).execute();
    expect((await cont(user.token, chat.id, replyId)).statusCode).toBe(409);
  });

  it('should answer 402 when the user cannot pay for the continuation, and store nothing', async () => {
    const { user, chat, replyId } = await cutShortChat(0);
    const res = await cont(user.token, chat.id, replyId);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'credits:insufficient' });
    expect((await history(user.token, chat.id)).map((m) => m.content)).toEqual(['Tell me a long story', 'Once upon a']);
  });

  it('should answer 409 while a reply is being written in the chat', async () => {
    const { user, chat, replyId } = await cutShortChat();
    fake.setScript({ chunks: ['a', 'b'], holdAfter: 1 });
    const socket = await connected(connectSocket(app.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    const first = await cont(user.token, chat.id, replyId);
    expect(first.statusCode).toBe(200);
    await waitFor(events, (r) => r.event === 'message.delta' && r.payload.chatId === chat.id);
    // The continuation is streaming: it is now the newest message, and the chat is busy.
    const again = await cont(user.token, chat.id, replyId);
    expect(again.statusCode).toBe(409);
    fake.release();
    await waitFor(events, (r) => r.event === 'message.done' && r.payload.chatId === chat.id);
    expect(await ledger(user.id)).toEqual([-1]);
  });
});

describe('reply usage in the history', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  it("should give admins the reply's model and token counts, and other users neither", async () => {
    const admin = await app.seed.user();
    await app.seed.updateUser(admin.id, { role: 'admin' });
    const user = await app.seed.user();
    const seeded = [];
    for (const owner of [admin, user]) {
      const chat = await app.seed.chat(owner.id);
      const [, replyId] = await app.seed.messages({ id: chat.id, userId: owner.id }, [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ]);
      await app.db
        .updateTable('messages')
        .set({
          finish_reason: 'stop',
          model: 'fake-reasoner',
          reasoning: 'Greet back.',
          input_tokens: 12,
          output_tokens: 3,
          reasoning_tokens: 5,
        })
        .where('id', '=', replyId ?? '')
        .execute();
      seeded.push({ owner, chat });
    }
    const page = async (token: string, chatId: string) =>
      (
        await app.app.inject({
          method: 'GET',
          url: `/api/users/me/chats/${chatId}/messages`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as Array<Record<string, unknown>>;
    const [forAdmin, forUser] = seeded;
    if (!forAdmin || !forUser) throw new Error('seed failed');
    const adminReply = (await page(admin.token, forAdmin.chat.id))[1];
    expect(adminReply).toMatchObject({
      reasoning: 'Greet back.',
      finishReason: 'stop',
      model: 'fake-reasoner',
      usage: { inputTokens: 12, outputTokens: 3, reasoningTokens: 5 },
    });
    expect(adminReply?.usage).not.toHaveProperty('cachedInputTokens');
    const userReply = (await page(user.token, forUser.chat.id))[1];
    expect(userReply).toMatchObject({ reasoning: 'Greet back.', finishReason: 'stop' });
    expect(userReply).not.toHaveProperty('model');
    expect(userReply).not.toHaveProperty('usage');
  });
});
