import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMING_LIMITS } from '../../src/conversation/naming-guard.js';
import { connected } from '../helpers/conversation.js';
import { connectSocket, type TestSocket } from '../helpers/socket.js';

/** N6: generateName's model call is limited per chat and per user, and its tokens are counted. */
describe('generateName limits (N6)', () => {
  let t: TestApp;
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake' });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  const titleCalls = () => fake.requests.filter((r) => r.body?.stream !== true).length;
  const generateName = (socket: TestSocket, chatId: string) =>
    new Promise<{ name?: string; error?: unknown }>((resolve) =>
      socket.emit('generateName', chatId, (r) => resolve(r as { name?: string; error?: unknown })),
    );
  const chatWithMessage = async (user: TestUser) => {
    const chat = await t.seed.chat(user.id);
    await t.seed.messages({ id: chat.id, userId: user.id }, [
      { role: 'user', content: 'Plan a trip to Lisbon' },
      { role: 'assistant', content: 'Sure.' },
    ]);
    return chat.id;
  };

  it('should ask the model at most the per-chat limit and name the chat without it after', async () => {
    const user = await t.seed.user();
    const chatId = await chatWithMessage(user);
    const socket = await connected(connectSocket(t.url, user.token));
    try {
      const before = titleCalls();
      const answers = [];
      for (let i = 0; i < NAMING_LIMITS.perChat.max + 3; i++) answers.push(await generateName(socket, chatId));
      expect(titleCalls() - before).toBe(NAMING_LIMITS.perChat.max);
      for (const a of answers) expect(a.name).toBeTruthy();
      expect(answers.at(-1)?.name).toBe('Plan a trip to Lisbon');

      const usage = await t.db.selectFrom('model_usage').selectAll().where('user_id', '=', user.id).execute();
      expect(usage).toHaveLength(NAMING_LIMITS.perChat.max);
      expect(usage[0]).toMatchObject({ chat_id: chatId, purpose: 'chat-title', model: 'fake' });
      expect(usage[0]?.input_tokens).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
  });

  it('should hold the per-user limit across chats', async () => {
    const user = await t.seed.user();
    const socket = await connected(connectSocket(t.url, user.token));
    try {
      const before = titleCalls();
      const chats = Math.ceil(NAMING_LIMITS.perUser.max / NAMING_LIMITS.perChat.max) + 2;
      for (let c = 0; c < chats; c++) {
        const chatId = await chatWithMessage(user);
        await Promise.all(Array.from({ length: NAMING_LIMITS.perChat.max }, () => generateName(socket, chatId)));
      }
      expect(titleCalls() - before).toBe(NAMING_LIMITS.perUser.max);
    } finally {
      socket.close();
    }
  });
});
