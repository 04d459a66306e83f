import { makePdf } from '@neura/test-kit/documents';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsPrice } from '../src/documents/pricing.js';
import { call } from './helpers/accounts.js';
import { type AckBody, connected, doneFor, record } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const PER_1K = 20;

/** A price for documents is configuration (issue #45): DOCUMENT_PRICE_PER_1K_TOKENS, a surcharge on the reply. */
describe('document price', () => {
  let t: TestApp;
  let api: string;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const balance = async (user: TestUser) =>
    Number((await call(t, 'GET', '/users/me', undefined, { token: user.token })).body.credits);
  const upload = async (user: TestUser, text: string) => {
    const pdf = await makePdf([[text]]);
    const res = await uploadFile(api, user.token, pdf, { filename: 'notes.pdf', type: 'application/pdf' });
    return String(res.body.id);
  };
  async function send(user: TestUser, chatId: string, text: string, attachments?: string[]) {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(await connected(socket));
    const ack = await new Promise<AckBody>((resolve) =>
      socket.emit('sendMessage', { chatId, text, ...(attachments ? { attachments } : {}) }, (r) =>
        resolve(r as AckBody),
      ),
    );
    if (!ack.messageId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    return events;
  }

  beforeAll(async () => {
    model = await startFakeOpenAI({ chunks: ['From your notes.'] });
    t = await startTestApp({
      LLM_BASE_URL: model.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      DOCUMENT_PRICE_PER_1K_TOKENS: String(PER_1K),
    });
    api = `${t.url}${t.apiPrefix}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  it('should price document tokens per 1,000, rounded up, and nothing when free', () => {
    expect(documentsPrice(1, 20)).toBe(1);
    expect(documentsPrice(1000, 20)).toBe(20);
    expect(documentsPrice(1001, 20)).toBe(21);
    expect(documentsPrice(5000, 0)).toBe(0);
    expect(documentsPrice(0, 20)).toBe(0);
  });

  it("should charge a grounded reply its documents' price with it, show it on the reply, and refund it with a failed reply", async () => {
    const user = await t.seed.user({ credits: 50 });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    // The persona's price, from a reply without documents.
    const plain = await doneFor(await send(user, chat.id, 'Hello'), chat.id);
    const base = Number(plain.payload.message.cost);
    expect(await balance(user)).toBe(50 - base);

    const doc = await upload(user, 'The boiler is serviced every October by the landlord.');
    const done = await doneFor(await send(user, chat.id, 'When is the boiler serviced?', [doc]), chat.id);
    const reply = done.payload.message;
    const price = documentsPrice(reply.documentTokens, PER_1K);
    expect(price).toBeGreaterThan(0);
    const sources = reply.parts.find((p: { type: string }) => p.type === 'sources');
    expect(sources).toMatchObject({ cost: price, items: [expect.objectContaining({ fileId: doc })] });
    expect(reply.cost).toBe(base + price);
    expect(await balance(user)).toBe(50 - 2 * base - price);

    // The model fails: the message and the documents' surcharge both go back.
    model.setScript({ status: 500 });
    const before = await balance(user);
    const failed = await doneFor(await send(user, chat.id, 'And the boiler again?'), chat.id);
    expect(failed.event).toBe('message.error');
    model.setScript({ chunks: ['From your notes.'] });
    expect(await balance(user)).toBe(before);
  });

  it('should answer without the documents, charging nothing for them and saying so, when the balance does not cover their price', async () => {
    const probe = await t.seed.user({ credits: 50 });
    const probeChat = await t.seed.chat(probe.id, 'mindful-coach');
    const base = Number((await doneFor(await send(probe, probeChat.id, 'Hi'), probeChat.id)).payload.message.cost);

    const user = await t.seed.user({ credits: base });
    const chat = await t.seed.chat(user.id, 'mindful-coach');
    const doc = await upload(user, 'The boiler is serviced every October by the landlord.');
    const before = model.requests.length;
    const reply = (await doneFor(await send(user, chat.id, 'When is the boiler serviced?', [doc]), chat.id)).payload
      .message;
    expect(reply.cost).toBe(base);
    expect(reply.documentTokens).toBeUndefined();
    // The reply says the documents were left out and what they would have cost; it cites nothing.
    const sources = reply.parts?.find((p: { type: string }) => p.type === 'sources');
    expect(sources).toMatchObject({ type: 'sources', items: [] });
    expect(sources?.unpaid).toBeGreaterThan(0);
    // That line is for the owner: a share of the chat leaves it out.
    const headers = { authorization: `Bearer ${user.token}` };
    const share = await t.app.inject({ method: 'POST', url: `/api/users/me/chats/${chat.id}/share`, headers });
    const shareId = (share.json() as { url: string }).url.split('/').pop();
    const shared = (await t.app.inject({ method: 'GET', url: `/api/share/${shareId}` })).json() as {
      messages: Array<{ parts?: Array<{ type: string }> }>;
    };
    expect(shared.messages).toHaveLength(2);
    expect(shared.messages.flatMap((m) => m.parts ?? []).some((p) => p.type === 'sources')).toBe(false);
    const request = model.requests.slice(before).find((r) => r.body.stream === true);
    expect(JSON.stringify(request?.body.messages)).not.toContain('attached_documents');
    expect(await balance(user)).toBe(0);
  });
});
