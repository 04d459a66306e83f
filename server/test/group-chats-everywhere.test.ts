import type { SharedChat } from '@neura/contract';
import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatExport } from '../src/sharing/export.js';
import { type AckBody, connected, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const COACH = 'mindful-coach';
const PAL = 'nutrition-pal';
const NAMES: Record<string, string> = { [COACH]: 'Mindful Coach', [PAL]: 'Nutrition Pal' };
const speakerOf = (request: FakeRequest) =>
  Object.values(NAMES).find((name) => String(request.body.messages?.[0]?.content ?? '').includes(`You are ${name}.`));

type Ack = AckBody & { id?: string };

/** Group chats (issue #46) where chats work: regenerate one persona's reply, share, export, search, live sync. */
describe('group chats everywhere chats work', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];
  let take = 0;

  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const emit = (socket: TestSocket, event: string, payload: unknown): Promise<Ack> =>
    new Promise((resolve) =>
      (socket.emit as (e: string, p: unknown, ack: (r: Ack) => void) => void)(event, payload, resolve),
    );
  const call = (method: 'GET' | 'POST', url: string, token: string) =>
    t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` } });
  const settled = (events: Recorded[], chatId: string, n: number) =>
    waitFor(
      events,
      () =>
        events.filter((r) => ['message.done', 'message.error'].includes(r.event) && r.payload.chatId === chatId)
          .length >= n,
    );
  const replies = (chatId: string) =>
    t.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('role', '=', 'assistant')
      .orderBy('id')
      .execute();
  const roundOver = async (chatId: string) => {
    const open = () =>
      t.db.selectFrom('chat_rounds').select('id').where('chat_id', '=', chatId).where('status', '=', 'open');
    for (let i = 0; i < 500 && (await open().execute()).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.setScript((request) => ({ chunks: [`${speakerOf(request) ?? 'Someone'} says zucchini ${++take}.`] }));
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should regenerate one persona’s reply, leaving the others’ replies current', async () => {
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [COACH, PAL] })).id as string;
    const sent = await send(socket, chatId, 'Lunch ideas?');
    await settled(events, chatId, 2);
    await roundOver(chatId);
    const [coach, pal] = await replies(chatId);

    // Retrying or regenerating the user's message (not a reply) is refused.
    expect((await emit(socket, 'regenerateMessage', { chatId, messageId: sent.messageId })).error?.code).toBe(
      'conflict',
    );
    const again = await emit(socket, 'regenerateMessage', { chatId, messageId: pal?.id });
    expect(again.error).toBeUndefined();
    await settled(events, chatId, 3);
    const rows = await replies(chatId);
    expect(rows.map((r) => [r.persona_id, r.superseded, r.status])).toEqual([
      [COACH, 0, 'complete'],
      [PAL, 1, 'complete'],
      [PAL, 0, 'complete'],
    ]);
    // The new version is Nutrition Pal's, seeing the group as before (the coach's reply labelled).
    const request = fake.requests.filter((r) => r.body.stream === true).at(-1);
    expect(speakerOf(request as FakeRequest)).toBe('Nutrition Pal');
    expect(request?.body.messages.at(-1)).toEqual({ role: 'user', content: `[Mindful Coach]: ${coach?.content}` });
    // Its versions are Nutrition Pal's two, not the coach's reply.
    const page = (await call('GET', `/users/me/chats/${chatId}/messages`, user.token)).json() as Array<{
      id: string;
      versions?: string[];
      personaId?: string;
    }>;
    expect(page.find((m) => m.id === coach?.id)?.versions).toEqual([coach?.id]);
    expect(page.find((m) => m.id === again.messageId)).toMatchObject({
      personaId: PAL,
      versions: [pal?.id, again.messageId],
    });
    expect((await t.read.user(user.id))?.credits).toBe(20 - 4 - 2);
  });

  it('should continue a group reply cut short with its own persona only', async () => {
    fake.setScript((request) =>
      speakerOf(request) === 'Nutrition Pal'
        ? { chunks: ['Oats, then'], finishReason: 'length' }
        : { chunks: [`${speakerOf(request) ?? 'Someone'} says zucchini ${++take}.`] },
    );
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [COACH, PAL] })).id as string;
    await send(socket, chatId, 'Breakfast?');
    await settled(events, chatId, 2);
    await roundOver(chatId);
    const cut = (await replies(chatId)).at(-1);
    expect(cut).toMatchObject({ persona_id: PAL, finish_reason: 'length' });
    fake.setScript((request) => ({ chunks: [`${speakerOf(request) ?? 'Someone'} says zucchini ${++take}.`] }));
    const res = await call('POST', `/users/me/chats/${chatId}/messages/${cut?.id}/continue`, user.token);
    expect(res.statusCode).toBe(200);
    await settled(events, chatId, 3);
    await roundOver(chatId);
    expect((await replies(chatId)).map((r) => r.persona_id)).toEqual([COACH, PAL, PAL]);
  });

  it('should keep a persona’s memory with that persona in a group', async () => {
    const user = await t.seed.user({ credits: 20 });
    const remembered = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/memory/items',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { text: 'Prefers gentle questions.', personaId: COACH },
    });
    expect(remembered.statusCode).toBeLessThan(300);
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [COACH, PAL] })).id as string;
    const before = fake.requests.length;
    await send(socket, chatId, 'How should I start?');
    await settled(events, chatId, 2);
    await roundOver(chatId);
    const systems = fake.requests
      .slice(before)
      .filter((r) => r.body.stream === true)
      .map((r) => [speakerOf(r), String(r.body.messages[0]?.content).includes('Prefers gentle questions.')]);
    expect(systems).toEqual([
      ['Mindful Coach', true],
      ['Nutrition Pal', false],
    ]);
  });

  it('should share, export and find a group chat with each reply’s speaker, and sync it live', async () => {
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const other = await open(user.token);
    const elsewhere = record(other);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [PAL, COACH] })).id as string;
    await send(socket, chatId, 'Any snacks?');
    await settled(events, chatId, 2);
    await roundOver(chatId);
    // The other device saw the chat, both replies with their speakers, and their ends.
    await waitFor(elsewhere, (r) => r.event === 'chat.created' && r.payload.chat.id === chatId);
    await settled(elsewhere, chatId, 2);
    const created = elsewhere.filter((r) => r.event === 'message.created' && r.payload.message.role === 'assistant');
    expect(created.map((r) => r.payload.message.personaId)).toEqual([PAL, COACH]);

    const share = (await call('POST', `/users/me/chats/${chatId}/share`, user.token)).json() as { id: string };
    const shared = (await t.app.inject({ method: 'GET', url: `/api/share/${share.id}` })).json() as SharedChat;
    expect(shared.messages.map((m) => [m.role, m.speaker?.name])).toEqual([
      ['user', undefined],
      ['assistant', 'Nutrition Pal'],
      ['assistant', 'Mindful Coach'],
    ]);

    // The credit history names each charge's speaker.
    const ledger = (await call('GET', '/billing/ledger', user.token)).json() as Array<{
      amount: number;
      detail: string;
    }>;
    expect(ledger.filter((e) => e.amount < 0).map((e) => e.detail)).toEqual(['Mindful Coach', 'Nutrition Pal']);

    const json = (await call('GET', `/users/me/chats/${chatId}/export?format=json`, user.token)).json() as ChatExport;
    expect(json.chat.personas).toEqual([
      { id: PAL, name: 'Nutrition Pal' },
      { id: COACH, name: 'Mindful Coach' },
    ]);
    expect(json.messages.filter((m) => m.role === 'assistant').map((m) => m.personaId)).toEqual([PAL, COACH]);
    expect(json.totalCost).toBe(4);
    const md = (await call('GET', `/users/me/chats/${chatId}/export?format=md`, user.token)).body;
    expect(md).toContain('Personas: Nutrition Pal, Mindful Coach');
    expect(md.indexOf('### Nutrition Pal')).toBeGreaterThan(0);
    expect(md.indexOf('### Mindful Coach')).toBeGreaterThan(md.indexOf('### Nutrition Pal'));

    // Search finds the replies, each under its speaker.
    const found = (await call('GET', '/users/me/search?q=zucchini&limit=50', user.token)).json() as {
      items: Array<{ chatId: string; persona: string }>;
    };
    expect(
      found.items
        .filter((r) => r.chatId === chatId)
        .map((r) => r.persona)
        .sort(),
    ).toEqual([COACH, PAL]);
  });
});
