import type { FakeServer } from '@neura/test-kit/fakes/http';
import { type FakeOpenAI, startFakeOpenAI, toolResultsOf } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, record, send, waitFor } from '../helpers/conversation.js';
import { connectSocket } from '../helpers/socket.js';

/** N9: a reply the server could not finish gives back its skill surcharges with its charge. */
describe('surcharges of failed and interrupted replies (N9)', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;

  beforeAll(async () => {
    [model, searxng] = await Promise.all([startFakeOpenAI(), startFakeSearxng()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      SEARXNG_URL: searxng.url,
      SKILL_COSTS: '{"web_search":2}',
    });
  });
  afterAll(async () => {
    await t?.stop();
    await Promise.all([model?.close(), searxng?.close()]);
  });

  it('should refund the surcharge of a reply whose model fails after the call', async () => {
    // The call runs (surcharge taken); the model then fails on the request with its result.
    model.setScript((request) =>
      toolResultsOf(request).size === 0
        ? { chunks: [], toolCalls: [{ id: 'call_1', name: 'web_search', arguments: '{"query":"q"}' }] }
        : { chunks: ['Half'], failAfter: 1 },
    );
    const user = await t.seed.user({ credits: 20 });
    const chat = await t.seed.chat(user.id, 'scout');
    const socket = await connected(connectSocket(t.url, user.token));
    const events = record(socket);
    try {
      await send(socket, chat.id, 'search');
      const error = await waitFor(events, (e) => e.event === 'message.error' && e.payload.chatId === chat.id);
      const id = error.payload.messageId as string;
      const keys = (await t.read.ledger(user.id)).map((r) => r.idempotency_key);
      expect(keys).toContain(`tool:${id}:call_1`);
      expect(keys).toContain(`refund:tool:${id}:call_1`);
      expect((await t.read.user(user.id))?.credits).toBe(20);
    } finally {
      socket.close();
    }
  });

  it('should refund surcharges with the charge when recovery fails an interrupted reply, once', async () => {
    const user = await t.seed.user({ credits: 20 });
    const messageId = 'm-interrupted-1';
    await t.drive.credits.chargeKeyed(user.id, 2, `tool:${messageId}:a`, 'skill:web_search');
    await t.drive.credits.chargeKeyed(user.id, 3, `tool:${messageId}:b`, 'skill:web_search');
    await t.drive.credits.chargeKeyed(user.id, 4, `tool:other:a`, 'skill:web_search');
    expect((await t.read.user(user.id))?.credits).toBe(11);
    await t.drive.credits.refund(user.id, messageId, 'refund:interrupted');
    await t.drive.credits.refund(user.id, messageId, 'refund:interrupted');
    expect((await t.read.user(user.id))?.credits).toBe(16);
  });
});
