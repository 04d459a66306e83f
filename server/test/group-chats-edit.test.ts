import { type FakeOpenAI, type FakeRequest, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AckBody, connected, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Mindful Coach (2), Nutrition Pal (2), Trainer Max (3). */
const COACH = 'mindful-coach';
const PAL = 'nutrition-pal';
const MAX = 'trainer-max';
const NAMES: Record<string, string> = { [COACH]: 'Mindful Coach', [PAL]: 'Nutrition Pal', [MAX]: 'Trainer Max' };
const speakerOf = (request: FakeRequest) =>
  Object.keys(NAMES).find((id) => String(request.body.messages?.[0]?.content ?? '').includes(`You are ${NAMES[id]}.`));

type Ack = AckBody & { id?: string; chatId?: string };

/** Group chats (issue #46): an edit runs the round again; a group's draft; a server with no model. */
describe('group chats: edit, draft, no model', () => {
  let t: TestApp;
  /** The same kind of app with no model configured. */
  let bare: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const open = async (token: string, app: TestApp = t) => {
    const socket = connectSocket(app.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const emit = (socket: TestSocket, event: string, payload: unknown): Promise<Ack> =>
    new Promise((resolve) =>
      (socket.emit as (e: string, p: unknown, ack: (r: Ack) => void) => void)(event, payload, resolve),
    );
  const rows = (app: TestApp, chatId: string) =>
    app.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('id').execute();
  const replies = async (chatId: string) => (await rows(t, chatId)).filter((r) => r.role === 'assistant');
  const openRounds = (app: TestApp, chatId: string) =>
    app.db.selectFrom('chat_rounds').selectAll().where('chat_id', '=', chatId).where('status', '=', 'open').execute();
  const roundOver = async (chatId: string) => {
    for (let i = 0; i < 500 && (await openRounds(t, chatId)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await openRounds(t, chatId)).toEqual([]);
  };
  const settled = (events: Recorded[], chatId: string, n: number) =>
    waitFor(
      events,
      () =>
        events.filter((r) => ['message.done', 'message.error'].includes(r.event) && r.payload.chatId === chatId)
          .length >= n,
    );
  const credits = async (app: TestApp, userId: string) => (await app.read.user(userId))?.credits;

  /** A user with `credits`, a group of the three personas, and its first round, `text`, answered by all. */
  const firstRound = async (credits: number, text: string) => {
    const user = await t.seed.user({ credits });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [COACH, PAL, MAX] })).id as string;
    const sent = await send(socket, chatId, text);
    await settled(events, chatId, 3);
    await roundOver(chatId);
    return { user, socket, events, chatId, sent };
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    fake.setScript((request) => ({ chunks: [`${NAMES[speakerOf(request) ?? ''] ?? 'Someone'} here.`] }));
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
    bare = await startTestApp();
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await bare.stop();
    await t.stop();
    await fake.close();
  });

  it('should run the round again from an edited message: held, each reply charged, the earlier replies versions', async () => {
    const { user, socket, events, chatId, sent } = await firstRound(20, 'Lunch ideas?');
    expect(await credits(t, user.id)).toBe(13);
    const first = await replies(chatId);

    const before = fake.requests.filter((r) => r.body.stream === true).length;
    const edit = await emit(socket, 'editMessage', { chatId, messageId: sent.messageId, text: 'Dinner ideas?' });
    expect(edit.error).toBeUndefined();
    await settled(events, chatId, 6);
    await roundOver(chatId);
    const all = await replies(chatId);
    const fresh = all.filter((r) => !first.some((f) => f.id === r.id));
    expect(edit.messageId).toBe(fresh[0]?.id);
    expect(fresh.map((r) => [r.persona_id, r.status, r.superseded, r.reply_to])).toEqual([
      [COACH, 'complete', 0, sent.messageId],
      [PAL, 'complete', 0, sent.messageId],
      [MAX, 'complete', 0, sent.messageId],
    ]);
    // The old replies are superseded and keep the text they answered.
    expect(all.filter((r) => first.some((f) => f.id === r.id)).map((r) => [r.superseded, r.prompt])).toEqual([
      [1, 'Lunch ideas?'],
      [1, 'Lunch ideas?'],
      [1, 'Lunch ideas?'],
    ]);
    const question = (await rows(t, chatId)).find((r) => r.id === sent.messageId);
    expect(question?.content).toBe('Dinner ideas?');
    // Each persona saw the new text; each new reply lists its own persona's versions.
    const requests = fake.requests.filter((r) => r.body.stream === true).slice(before);
    expect(requests.map(speakerOf)).toEqual([COACH, PAL, MAX]);
    expect(requests[0]?.body.messages.at(-1)).toEqual({ role: 'user', content: '[User]: Dinner ideas?' });
    const created = events.filter(
      (r) => r.event === 'message.created' && fresh.some((f) => f.id === r.payload.message.id),
    );
    expect(created.map((r) => r.payload.message.versions)).toEqual(
      fresh.map((r) => [first.find((f) => f.persona_id === r.persona_id)?.id, r.id]),
    );
    // Charged like a round: the sum again, each reply from the hold, nothing held back.
    expect(await credits(t, user.id)).toBe(6);
    const charges = (await t.read.ledger(user.id)).map((r) => r.amount);
    expect(charges).toEqual([-2, -2, -3, -2, -2, -3]);
  });

  it('should answer an edit naming one persona with that persona only, and refuse what it cannot pay or edit', async () => {
    const { user, socket, events, chatId, sent } = await firstRound(9, 'Hi all');
    expect(await credits(t, user.id)).toBe(2);
    // The whole round again (7) is more than the 2 left: refused, the text unchanged, nothing charged.
    const refused = await emit(socket, 'editMessage', { chatId, messageId: sent.messageId, text: 'Hello all' });
    expect(refused.error?.code).toBe('credits:insufficient');
    expect((await rows(t, chatId)).find((r) => r.id === sent.messageId)?.content).toBe('Hi all');
    expect((await replies(chatId)).every((r) => r.superseded === 0)).toBe(true);
    expect(await openRounds(t, chatId)).toEqual([]);
    // Only a reply is not an edit target.
    const reply = (await replies(chatId))[0];
    const wrong = await emit(socket, 'editMessage', { chatId, messageId: reply?.id, text: 'x' });
    expect(wrong.error?.code).toBe('conflict');
    // Addressed to one persona (2 credits): only Nutrition Pal answers again.
    const edit = await emit(socket, 'editMessage', { chatId, messageId: sent.messageId, text: '@Nutrition Pal hi' });
    expect(edit.error).toBeUndefined();
    await settled(events, chatId, 4);
    await roundOver(chatId);
    const current = (await replies(chatId)).filter((r) => r.superseded === 0);
    expect(current.map((r) => r.persona_id)).toEqual([PAL]);
    expect(await credits(t, user.id)).toBe(0);
  });

  it('should answer an edit with the personas in `to` only, and refuse a `to` outside the group', async () => {
    const { user, socket, events, chatId, sent } = await firstRound(20, 'Hi all');
    const outside = await emit(socket, 'editMessage', {
      chatId,
      messageId: sent.messageId,
      text: 'x',
      to: ['chef-basil'],
    });
    expect(outside.error?.code).toBe('request:invalid');
    // The text names nobody (a translated name would not match): `to` picks Trainer Max alone.
    const edit = await emit(socket, 'editMessage', {
      chatId,
      messageId: sent.messageId,
      text: 'Plan my week',
      to: [MAX],
    });
    expect(edit.error).toBeUndefined();
    await settled(events, chatId, 4);
    await roundOver(chatId);
    const current = (await replies(chatId)).filter((r) => r.superseded === 0);
    expect(current.map((r) => r.persona_id)).toEqual([MAX]);
    expect(await credits(t, user.id)).toBe(20 - 7 - 3);
  });

  it("should make a group chat from a draft's first message, and leave none when it is refused", async () => {
    const user = await t.seed.user({ credits: 3 });
    const socket = await open(user.token);
    const events = record(socket);
    const poor = await emit(socket, 'createChatWithMessage', { personas: [COACH, PAL], text: 'Hello' });
    expect(poor.error?.code).toBe('credits:insufficient');
    const listed = () => t.db.selectFrom('chats').select('id').where('user_id', '=', user.id).execute();
    expect(await listed()).toEqual([]);
    const one = await emit(socket, 'createChatWithMessage', { personas: [COACH], text: 'Hello' });
    expect(one.error?.code).toBe('request:invalid');
    const both = await emit(socket, 'createChatWithMessage', { persona: COACH, personas: [COACH, PAL], text: 'Hi' });
    expect(both.error?.code).toBe('request:invalid');

    const ack = await emit(socket, 'createChatWithMessage', { personas: [COACH, PAL], text: 'Hello', to: [PAL] });
    expect(ack.error).toBeUndefined();
    const chatId = ack.chatId as string;
    const created = await waitFor(events, (r) => r.event === 'chat.created' && r.payload.chat.id === chatId);
    expect(created.payload.chat).toMatchObject({ persona: COACH, personas: [COACH, PAL] });
    await settled(events, chatId, 1);
    await roundOver(chatId);
    expect((await replies(chatId)).map((r) => [r.persona_id, r.reply_to])).toEqual([[PAL, ack.messageId]]);
    expect(await credits(t, user.id)).toBe(1);
  });

  it('should answer a group round with the no-model notice when no model is configured, charging nothing', async () => {
    const user = await bare.seed.user({ credits: 10 });
    const socket = await open(user.token, bare);
    const events = record(socket);
    const chatId = (await emit(socket, 'createChat', { personas: [COACH, PAL] })).id as string;
    const ack = await send(socket, chatId, 'Hello both');
    expect(ack.error).toBeUndefined();
    const done = await waitFor(events, (r) => r.event === 'message.done' && r.payload.chatId === chatId);
    expect(done.payload.message).toMatchObject({ role: 'system' });
    expect(done.payload.message.content).toMatch(/LLM_BASE_URL/);
    const stored = await rows(bare, chatId);
    expect(stored.map((r) => [r.role, r.cost])).toEqual([
      ['user', 0],
      ['system', 0],
    ]);
    expect(stored[0]?.id).toBe(ack.messageId);
    expect(await credits(bare, user.id)).toBe(10);
    expect(await openRounds(bare, chatId)).toEqual([]);
    // The chat is free again; "Let … speak" and an edit have nothing to write with: refused.
    expect((await send(socket, chatId, 'Again')).error).toBeUndefined();
    const turn = await emit(socket, 'nextSpeaker', { chatId, personaId: PAL });
    expect(turn.error).toMatchObject({ code: 'conflict' });
    expect(await credits(bare, user.id)).toBe(10);
  });
});
