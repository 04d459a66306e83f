import { type FakeOpenAI, type FakeScript, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationTexts } from '../src/conversation/texts.js';
import { connected, doneFor, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** The model server answers an HTTP error before any token: the reply fails, the charge comes back once. */
describe('a model that answers an HTTP error before streaming', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  const ledger = async (userId: string) =>
    (await t.read.ledger(userId)).map(({ amount, idempotency_key }) => ({ amount, idempotency_key }));

  const cases: Array<[string, FakeScript, string]> = [
    ['500', { status: 500 }, conversationTexts.overloaded],
    [
      '529 (overloaded)',
      { status: 529, error: { message: 'Overloaded', type: 'overloaded_error' } },
      conversationTexts.overloaded,
    ],
    ['429 with a Retry-After', { status: 429, retryAfter: 1 }, conversationTexts.rateLimited],
  ];

  for (const [name, script, text] of cases) {
    it(`should retry once, then fail the reply with llm:failed and a clear text, refund it once and free the chat on ${name}`, async () => {
      fake.setScript(script);
      const asked = fake.requests.filter((r) => r.body.stream === true).length;
      const user = await t.seed.user({ credits: 5, password: null });
      const chat = await t.seed.chat(user.id);
      const socket = await connected(connectSocket(t.url, user.token));
      sockets.push(socket);
      const events = record(socket);

      const ack = await send(socket, chat.id, 'Are you there?');
      expect(ack.messageId).toBeTruthy();
      const failed = await doneFor(events, chat.id);
      expect(failed.event).toBe('message.error');
      const replyId = failed.payload.messageId as string;
      expect(failed.payload).toMatchObject({
        chatId: chat.id,
        messageId: replyId,
        code: 'llm:failed',
        message: text,
      });
      // One retry: the model was asked twice.
      expect(fake.requests.filter((r) => r.body.stream === true).length - asked).toBe(2);
      // Charged 1, refunded 1, each exactly once; every device saw both balances.
      expect(await ledger(user.id)).toEqual([
        { amount: -1, idempotency_key: `charge:${replyId}` },
        { amount: 1, idempotency_key: `refund:${replyId}` },
      ]);
      expect((await t.read.user(user.id))?.credits).toBe(5);
      expect(events.filter((r) => r.event === 'updateCredits').map((r) => r.payload)).toEqual([
        { credits: 4 },
        { credits: 5 },
      ]);
      const row = await t.db.selectFrom('messages').selectAll().where('id', '=', replyId).executeTakeFirst();
      expect(row).toMatchObject({ role: 'assistant', status: 'failed', content: '' });

      // The chat is free for a new send, which the recovered model answers.
      fake.setScript({ chunks: ['Back', ' again'] });
      const next = record(socket);
      expect((await send(socket, chat.id, 'And now?')).messageId).toBeTruthy();
      const done = await doneFor(next, chat.id);
      expect(done.event).toBe('message.done');
      expect(done.payload.message).toMatchObject({ content: 'Back again', status: 'complete' });
      expect((await t.read.user(user.id))?.credits).toBe(4);
    });
  }
});
