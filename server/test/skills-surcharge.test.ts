import type { FakeServer } from '@neura/test-kit/fakes/http';
import { type FakeOpenAI, startFakeOpenAI, toolScript } from '@neura/test-kit/fakes/openai';
import { startFakeSearxng } from '@neura/test-kit/fakes/searxng';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connected, doneFor, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Skill surcharges (ARCHITECTURE.md §3): charged when a call starts, refunded once if it fails. */
describe('skill surcharges', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  let searxng: FakeServer;
  let base = 0;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [model, searxng] = await Promise.all([startFakeOpenAI(), startFakeSearxng()]);
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      SEARXNG_URL: searxng.url,
      SKILL_COSTS: '{"web_search":2}',
    });
    base = (await t.drive.personas.exportRecords()).find((p) => p.id === 'scout')?.cost ?? 0;
    model.setScript(
      toolScript({ calls: [{ id: 'call_1', name: 'web_search', arguments: '{"query":"q"}' }], after: ['Ok.'] }),
    );
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await Promise.all([model.close(), searxng.close()]);
  });

  async function reply(credits: number) {
    const user = await t.seed.user({ credits });
    const chat = await t.seed.chat(user.id, 'scout');
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await connected(socket);
    const events = record(socket);
    await send(socket, chat.id, 'search');
    const done = await doneFor(events, chat.id);
    const ledger = await t.read.ledger(user.id);
    const balance = (await t.read.user(user.id))?.credits;
    return { message: done.payload.message, ledger, balance };
  }

  it('should charge the surcharge when the call starts and count it in the message cost', async () => {
    const { message, ledger, balance } = await reply(20);
    expect(message.parts[0]).toMatchObject({ skill: 'web_search', status: 'complete' });
    expect(message.cost).toBe(base + 2);
    expect(ledger.map((r) => [r.amount, r.idempotency_key])).toEqual([
      [-base, `charge:${message.id}`],
      [-2, `tool:${message.id}:call_1`],
    ]);
    expect(balance).toBe(20 - base - 2);
  });

  it('should refund the surcharge once when the call fails', async () => {
    searxng.fail({ status: 500 });
    const { message, ledger, balance } = await reply(20);
    searxng.fail(undefined);
    expect(message.parts[0]).toMatchObject({ status: 'failed' });
    expect(message.cost).toBe(base);
    expect(ledger.map((r) => r.idempotency_key)).toEqual([
      `charge:${message.id}`,
      `tool:${message.id}:call_1`,
      `refund:tool:${message.id}:call_1`,
    ]);
    expect(balance).toBe(20 - base);
  });

  it('should fail the call, not the reply, when the credits do not cover the surcharge', async () => {
    const { message, ledger, balance } = await reply(base + 1);
    expect(message.status).toBe('complete');
    expect(message.parts[0]).toMatchObject({
      status: 'failed',
      output: { error: 'Not enough credits for this skill.' },
    });
    expect(ledger).toHaveLength(1);
    expect(balance).toBe(1);
  });
});
