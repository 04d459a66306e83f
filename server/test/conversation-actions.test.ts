import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AckBody, connected, doneFor, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

type Action = 'retryMessage' | 'regenerateMessage' | 'editMessage';

function act(socket: TestSocket, action: Action, payload: { chatId: string; messageId: string; text?: string }) {
  return new Promise<AckBody>((resolve) =>
    // biome-ignore lint/suspicious/noExplicitAny: one helper for three typed events with near-identical payloads.
    (socket.emit as any)(action, payload, (r: AckBody) => resolve(r)),
  );
}

/** The finished (done or error) event of one reply. */
const endOf = (events: Recorded[], messageId: string) =>
  waitFor(
    events,
    (r) =>
      (r.event === 'message.done' && r.payload.message.id === messageId) ||
      (r.event === 'message.error' && r.payload.messageId === messageId),
  );

describe('message actions: retry, regenerate, edit-and-resend', () => {
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
  const history = async (token: string, chatId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/me/chats/${chatId}/messages`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };
  const lastStreamed = () => fake.requests.filter((r) => r.body.stream === true).at(-1);
  /** A chat whose one exchange ended (complete or failed); answers the reply's id. */
  const exchange = async (socket: TestSocket, events: Recorded[], chatId: string, text: string) => {
    await send(socket, chatId, text);
    const end = await doneFor(events, chatId);
    return (end.event === 'message.done' ? end.payload.message.id : end.payload.messageId) as string;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  beforeEach(() => fake.setScript({}));
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should retry a failed reply: charge, refund, charge; the new version completes on every device', async () => {
    fake.setScript({ status: 500 });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const other = await open(user.token);
    const events = record(socket);
    const elsewhere = record(other);
    const failedId = await exchange(socket, events, chat.id, 'Help me sleep');
    await waitFor(events, (r) => r.event === 'updateCredits' && r.payload.credits === 10);

    fake.setScript({ chunks: ['Breathe', ' slowly.'] });
    const ack = await act(socket, 'retryMessage', { chatId: chat.id, messageId: failedId });
    expect(ack.error).toBeUndefined();
    const retriedId = ack.messageId as string;
    expect(retriedId).not.toBe(failedId);
    const done = await endOf(events, retriedId);
    expect(done.event).toBe('message.done');
    expect(done.payload.message).toMatchObject({ content: 'Breathe slowly.', status: 'complete', cost: 2 });

    // The other device saw the new version created and finished.
    const created = await waitFor(
      elsewhere,
      (r) => r.event === 'message.created' && r.payload.message.id === retriedId,
    );
    expect(created.payload.message).toMatchObject({
      role: 'assistant',
      status: 'streaming',
      versions: [failedId, retriedId],
    });
    await endOf(elsewhere, retriedId);

    expect(await credits(user.id)).toBe(8);
    expect((await ledger(user.id)).map((r) => [r.amount, r.idempotency_key])).toEqual([
      [-2, `charge:${failedId}`],
      [2, `refund:${failedId}`],
      [-2, `charge:${retriedId}`],
    ]);
    const messages = await history(user.token, chat.id);
    expect(messages.map((m) => [m.role, m.status, m.superseded ?? false])).toEqual([
      ['user', 'complete', false],
      ['assistant', 'failed', true],
      ['assistant', 'complete', false],
    ]);
    expect(messages[2]).toMatchObject({ replyTo: messages[0]?.id, versions: [failedId, retriedId] });
    // The model got the question once, without the failed attempt.
    expect(lastStreamed()?.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Help me sleep' }]);
  });

  it('should refuse to retry a reply that did not fail, and charge nothing', async () => {
    fake.setScript({ chunks: ['Fine.'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const events = record(socket);
    const replyId = await exchange(socket, events, chat.id, 'Hi');
    const ack = await act(socket, 'retryMessage', { chatId: chat.id, messageId: replyId });
    expect(ack.error?.code).toBe('conflict');
    expect(ack.error?.message).toMatch(/could not be completed/);
    // Nor the user's message (not a reply).
    const userId = (await history(user.token, chat.id))[0]?.id as string;
    expect((await act(socket, 'retryMessage', { chatId: chat.id, messageId: userId })).error?.code).toBe('conflict');
    expect(await credits(user.id)).toBe(8);
    expect(await history(user.token, chat.id)).toHaveLength(2);
  });

  it('should regenerate the last reply as a second version; both readable, the model sees the latest', async () => {
    fake.setScript({ chunks: ['First answer.'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const events = record(socket);
    const firstId = await exchange(socket, events, chat.id, 'Tell me a fact');

    fake.setScript({ chunks: ['Second answer.'] });
    const ack = await act(socket, 'regenerateMessage', { chatId: chat.id, messageId: firstId });
    const secondId = ack.messageId as string;
    expect(ack.error).toBeUndefined();
    await endOf(events, secondId);
    // The old version can no longer be regenerated (it is not the current reply).
    expect((await act(socket, 'regenerateMessage', { chatId: chat.id, messageId: firstId })).error?.code).toBe(
      'conflict',
    );

    expect(await credits(user.id)).toBe(6);
    expect((await ledger(user.id)).map((r) => [r.amount, r.idempotency_key])).toEqual([
      [-2, `charge:${firstId}`],
      [-2, `charge:${secondId}`],
    ]);
    const messages = await history(user.token, chat.id);
    expect(messages.map((m) => [m.content, m.superseded ?? false, m.versions])).toEqual([
      ['Tell me a fact', false, undefined],
      ['First answer.', true, [firstId, secondId]],
      ['Second answer.', false, [firstId, secondId]],
    ]);

    // The next message's context holds the latest version only.
    fake.setScript({ chunks: ['Third.'] });
    await send(socket, chat.id, 'And another?');
    await waitFor(events, (r) => r.event === 'message.done' && r.payload.message.content === 'Third.');
    expect(lastStreamed()?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Tell me a fact' },
      { role: 'assistant', content: 'Second answer.' },
      { role: 'user', content: 'And another?' },
    ]);
    // Only the newest reply of the chat can be regenerated now.
    expect((await act(socket, 'regenerateMessage', { chatId: chat.id, messageId: secondId })).error?.code).toBe(
      'conflict',
    );
  });

  it('should start one reply when the same reply is regenerated twice at once', async () => {
    fake.setScript({ chunks: ['One.'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const other = await open(user.token);
    const events = record(socket);
    const replyId = await exchange(socket, events, chat.id, 'Go');

    fake.setScript({ chunks: ['Again.'], holdAfter: 1 });
    const acks = await Promise.all([
      act(socket, 'regenerateMessage', { chatId: chat.id, messageId: replyId }),
      act(other, 'regenerateMessage', { chatId: chat.id, messageId: replyId }),
    ]);
    const started = acks.filter((a) => a.messageId);
    expect(started).toHaveLength(1);
    expect(acks.find((a) => a.error)?.error?.code).toBe('conflict');
    fake.release();
    await endOf(events, started[0]?.messageId as string);
    expect(await credits(user.id)).toBe(6);
    const messages = await history(user.token, chat.id);
    expect(messages.filter((m) => m.role === 'assistant')).toHaveLength(2);
  });

  it('should edit the last user message and resend it as a new reply charged like a message', async () => {
    fake.setScript({ chunks: ['About cats.'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const other = await open(user.token);
    const events = record(socket);
    const elsewhere = record(other);
    const firstReply = await exchange(socket, events, chat.id, 'Tell me about cats');
    const userId = (await history(user.token, chat.id))[0]?.id as string;

    fake.setScript({ chunks: ['About dogs.'] });
    const ack = await act(socket, 'editMessage', { chatId: chat.id, messageId: userId, text: '  Tell me about dogs ' });
    expect(ack.error).toBeUndefined();
    const newReply = ack.messageId as string;
    await endOf(events, newReply);

    const updated = await waitFor(elsewhere, (r) => r.event === 'message.updated');
    expect(updated.payload).toMatchObject({
      chatId: chat.id,
      message: { id: userId, content: 'Tell me about dogs', role: 'user' },
    });
    expect(updated.payload.message.editedAt).toBeTruthy();
    expect(lastStreamed()?.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Tell me about dogs' }]);
    expect(await credits(user.id)).toBe(6);
    const messages = await history(user.token, chat.id);
    expect(messages.map((m) => [m.role, m.content, m.superseded ?? false])).toEqual([
      ['user', 'Tell me about dogs', false],
      ['assistant', 'About cats.', true],
      ['assistant', 'About dogs.', false],
    ]);
    expect(messages[2]?.versions).toEqual([firstReply, newReply]);
    // The earlier reply keeps the text it answered (the app shows it under that text), and says so live.
    expect(messages[1]?.prompt).toBe('Tell me about cats');
    expect(messages[2]?.prompt).toBeUndefined();
    const kept = await waitFor(
      elsewhere,
      (r) => r.event === 'message.updated' && (r.payload.message as { id: string }).id === firstReply,
    );
    expect(kept.payload.message).toMatchObject({ id: firstReply, prompt: 'Tell me about cats', superseded: true });
  });

  it('should refuse editing anything but the last user message, and empty text, losing nothing', async () => {
    fake.setScript({ chunks: ['Ok.'] });
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const events = record(socket);
    await exchange(socket, events, chat.id, 'First');
    await send(socket, chat.id, 'Second');
    await waitFor(
      events,
      (r) =>
        r.event === 'message.done' &&
        r.payload.chatId === chat.id &&
        events.filter((e) => e.event === 'message.done').length === 2,
    );
    const [first, , second] = await history(user.token, chat.id);
    const older = await act(socket, 'editMessage', { chatId: chat.id, messageId: first?.id as string, text: 'x' });
    expect(older.error?.code).toBe('conflict');
    const blank = await act(socket, 'editMessage', { chatId: chat.id, messageId: second?.id as string, text: '   ' });
    expect(blank.error?.code).toBe('request:invalid');
    const invalid = await act(socket, 'editMessage', { chatId: chat.id, messageId: second?.id as string } as never);
    expect(invalid.error?.code).toBe('request:invalid');
    expect(await credits(user.id)).toBe(6);
    expect((await history(user.token, chat.id)).map((m) => m.content)).toEqual(['First', 'Ok.', 'Second', 'Ok.']);
  });

  it("should answer not found for another user's chat or message ids", async () => {
    fake.setScript({ chunks: ['Mine.'] });
    const owner = await t.seed.user({ credits: 10 });
    const stranger = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(owner.id, 'mindful-coach');
    const strangerChat = await t.seed.chat(stranger.id, 'mindful-coach');
    const ownerSocket = await open(owner.token);
    const events = record(ownerSocket);
    const replyId = await exchange(ownerSocket, events, chat.id, 'Secret');
    const userMessageId = (await history(owner.token, chat.id))[0]?.id as string;

    const socket = await open(stranger.token);
    for (const action of ['retryMessage', 'regenerateMessage'] as const) {
      expect((await act(socket, action, { chatId: chat.id, messageId: replyId })).error?.code).toBe('not-found');
      // Their own chat with the owner's message id: still not found.
      expect((await act(socket, action, { chatId: strangerChat.id, messageId: replyId })).error?.code).toBe(
        'not-found',
      );
    }
    const edit = { messageId: userMessageId, text: 'Hijacked' };
    expect((await act(socket, 'editMessage', { chatId: chat.id, ...edit })).error?.code).toBe('not-found');
    expect((await act(socket, 'editMessage', { chatId: strangerChat.id, ...edit })).error?.code).toBe('not-found');
    expect(await credits(stranger.id)).toBe(10);
    expect((await history(owner.token, chat.id)).map((m) => m.content)).toEqual(['Secret', 'Mine.']);
  });

  it('should refuse a regenerate without enough credits and keep the current reply', async () => {
    fake.setScript({ chunks: ['Only one.'] });
    const user = await t.seed.user({ credits: 2 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const socket = await open(user.token);
    const events = record(socket);
    const replyId = await exchange(socket, events, chat.id, 'Once');
    const ack = await act(socket, 'regenerateMessage', { chatId: chat.id, messageId: replyId });
    expect(ack.error?.code).toBe('credits:insufficient');
    const messages = await history(user.token, chat.id);
    expect(messages.map((m) => [m.content, m.superseded ?? false])).toEqual([
      ['Once', false],
      ['Only one.', false],
    ]);
    expect(await credits(user.id)).toBe(0);
  });
});

describe('message actions without a model', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it('should refuse to write a reply again, charging and changing nothing', async () => {
    const user = await t.seed.user({ credits: 10 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    // Written before the model was removed (and before versions existed: no reply_to).
    const [question, failed] = await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Hello?' },
      { role: 'assistant', content: '', status: 'failed', cost: 2 },
    ]);
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await connected(socket);
    const retry = await act(socket, 'retryMessage', { chatId: chat.id, messageId: failed as string });
    expect(retry.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/No AI model/) });
    const edit = await act(socket, 'editMessage', { chatId: chat.id, messageId: question as string, text: 'Hi?' });
    expect(edit.error?.code).toBe('conflict');
    expect(await t.read.user(user.id)).toMatchObject({ credits: 10 });
    const rows = await t.db.selectFrom('messages').selectAll().where('chat_id', '=', chat.id).execute();
    expect(rows.map((r) => [r.content, r.superseded])).toEqual([
      ['Hello?', 0],
      ['', 0],
    ]);
  });
});
