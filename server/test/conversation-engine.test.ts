import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { type FakeImages, startFakeImages } from '@neura/test-kit/fakes/openai-images';
import { makeImage } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationTexts } from '../src/conversation/texts.js';
import { connected, doneFor, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  sse({ id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });

/** The reply engine through the real app (issue #24): reasoning, usage, finish reasons, failures. */
describe('the reply engine: reasoning, usage and how a reply ended', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    // A short idle timeout: reasoning that lasts longer must still count as the model working.
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-r1', LLM_IDLE_TIMEOUT_SECONDS: '1' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  async function ask(
    user: TestUser,
    text = 'Why is the sky blue?',
  ): Promise<{ done: Recorded; events: Recorded[]; chatId: string }> {
    const chat = await t.seed.chat(user.id);
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    expect((await send(socket, chat.id, text)).messageId).toBeTruthy();
    return { done: await doneFor(events, chat.id), events, chatId: chat.id };
  }

  const row = (id: string) => t.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const credits = async (userId: string) => (await t.read.user(userId))?.credits;

  it('should stream reasoning longer than the idle timeout live as message.reasoning, store it apart and never send it back', async () => {
    fake.setScript({
      reasoning: ['Light ', 'scatters ', 'off ', 'small ', 'molecules.'],
      reasoningField: 'reasoning_content',
      chunks: ['Rayleigh ', 'scattering.'],
      delayMs: 300,
    });
    const user = await t.seed.user({ credits: 5, password: null });
    const { done, events } = await ask(user);
    expect(done.event).toBe('message.done');
    const message = done.payload.message;
    const live = events.filter((e) => e.event === 'message.reasoning' && e.payload.messageId === message.id);
    expect(live.map((e) => e.payload.text).join('')).toBe('Light scatters off small molecules.');
    expect(message).toMatchObject({
      content: 'Rayleigh scattering.',
      reasoning: 'Light scatters off small molecules.',
      finishReason: 'stop',
      status: 'complete',
    });
    // Usage is for admins only.
    expect(message.usage).toBeUndefined();
    expect(message.model).toBeUndefined();
    expect(await row(message.id)).toMatchObject({
      reasoning: 'Light scatters off small molecules.',
      model: 'fake-r1',
      finish_reason: 'stop',
      input_tokens: 10,
      output_tokens: 2,
    });

    // The next turn gives the model the answer, not the thinking.
    fake.setScript({ chunks: ['Sure.'] });
    const socket = sockets.at(-1) as TestSocket;
    const next = record(socket);
    await send(socket, message.chatId, 'More?');
    await doneFor(next, message.chatId);
    const sent = JSON.stringify(fake.requests.at(-1)?.body.messages);
    expect(sent).toContain('Rayleigh scattering.');
    expect(sent).not.toContain('small molecules');
  });

  it("should show an admin the reply's model and token usage, cached and reasoning tokens included", async () => {
    fake.setScript({
      chunks: ['Hi'],
      usage: {
        prompt_tokens: 50,
        completion_tokens: 9,
        prompt_tokens_details: { cached_tokens: 40 },
        completion_tokens_details: { reasoning_tokens: 7 },
      },
    });
    const admin = await t.seed.user({ credits: 5, password: null });
    await t.seed.updateUser(admin.id, { role: 'admin' });
    const { done, chatId } = await ask(admin);
    const usage = { inputTokens: 50, outputTokens: 9, reasoningTokens: 7, cachedInputTokens: 40 };
    expect(done.payload.message).toMatchObject({ model: 'fake-r1', usage });
    const res = await fetch(`${t.url}${t.apiPrefix}/users/me/chats/${chatId}/messages?limit=10`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const list = (await res.json()) as Array<{ role: string; usage?: unknown; model?: string }>;
    expect(list.find((m) => m.role === 'assistant')).toMatchObject({ model: 'fake-r1', usage });
  });

  it('should keep a reply cut by the token limit as complete with finishReason length (charged)', async () => {
    fake.setScript({ chunks: ['The answer is long and'], finishReason: 'length' });
    const user = await t.seed.user({ credits: 5, password: null });
    const { done } = await ask(user);
    expect(done.event).toBe('message.done');
    expect(done.payload.message).toMatchObject({ status: 'complete', finishReason: 'length' });
    expect((await row(done.payload.message.id)).finish_reason).toBe('length');
    expect(await credits(user.id)).toBe(4);
  });

  it('should fail a reply the content filter withheld with its reason, and refund it', async () => {
    fake.setScript({ chunks: [], finishReason: 'content_filter' });
    const user = await t.seed.user({ credits: 5, password: null });
    const { done } = await ask(user);
    expect(done.event).toBe('message.error');
    expect(done.payload).toMatchObject({ code: 'llm:failed', message: conversationTexts.filtered });
    expect(await row(done.payload.messageId)).toMatchObject({ status: 'failed', finish_reason: 'content_filter' });
    expect(await credits(user.id)).toBe(5);
  });

  it('should fail and refund a reply whose stream carries an error object after some text (OpenRouter)', async () => {
    fake.setScript({
      raw: [
        ': OPENROUTER PROCESSING\n\n',
        chunk({ content: 'Part of ' }),
        sse({ error: { message: 'Provider returned error', code: 502 } }),
      ],
    });
    const user = await t.seed.user({ credits: 5, password: null });
    const { done } = await ask(user);
    expect(done.event).toBe('message.error');
    expect(done.payload.code).toBe('llm:failed');
    expect(await row(done.payload.messageId)).toMatchObject({ status: 'failed', finish_reason: 'error' });
    const ledger = (await t.read.ledger(user.id)).map((e) => e.amount);
    expect(ledger).toEqual([-1, 1]);
  });
});

/** A tool slower than the model's idle timeout is the tool's business, not the model's (issue #24). */
describe('the reply engine: a tool that runs longer than the idle timeout', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let images: FakeImages;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, images] = await Promise.all([startFakeOpenAI(), startFakeImages()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      // A tool two and a half times as long as the idle timeout (was 5 s and 8 s); not the shortest
      // timeout (1 s), which a loaded machine's pauses can reach while the text streams.
      LLM_IDLE_TIMEOUT_SECONDS: '2',
      IMAGES_BASE_URL: images.baseUrl,
      IMAGES_API_KEY: 'sk-images',
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), images.close()]);
  });

  it('should complete an image that takes 5 s under LLM_IDLE_TIMEOUT_SECONDS=2 and charge it once', async () => {
    const picture = await makeImage(32, 32);
    images.setImage(async () => {
      await new Promise((r) => setTimeout(r, 5000));
      return picture;
    });
    model.setScript(
      toolScript({
        calls: [{ id: 'call_slow', name: 'generate_image', arguments: '{"prompt":"a slow lighthouse"}' }],
        after: ['Here it is.'],
      }),
    );
    const muse = (await t.drive.personas.exportRecords()).find((p) => p.id === 'studio-muse');
    const user = await t.seed.user({ credits: 50, password: null });
    const chat = await t.seed.chat(user.id, 'studio-muse');
    const socket = await connected(connectSocket(t.url, user.token));
    sockets.push(socket);
    const events = record(socket);
    expect((await send(socket, chat.id, 'Draw')).messageId).toBeTruthy();
    const done = await waitFor(
      events,
      (r) => (r.event === 'message.done' || r.event === 'message.error') && r.payload.chatId === chat.id,
      20_000,
    );
    images.setImage(undefined);
    expect(done.event).toBe('message.done');
    const message = done.payload.message;
    expect(message.parts.find((p: { type: string }) => p.type === 'tool')).toMatchObject({
      id: 'call_slow',
      status: 'complete',
    });
    expect(message.content).toBe('Here it is.');
    expect(message.cost).toBe((muse?.cost ?? 0) + 4);
    const ledger = await t.read.ledger(user.id);
    expect(ledger.filter((e) => e.idempotency_key?.startsWith('tool:'))).toHaveLength(1);
    expect(ledger.filter((e) => e.amount > 0)).toHaveLength(0);
  }, 30_000);
});
