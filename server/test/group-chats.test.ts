import { type FakeOpenAI, type FakeRequest, type FakeScript, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { listenApp, startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import { type AckBody, connected, type Recorded, record, send, stop, waitFor } from './helpers/conversation.js';
import { redisAvailable } from './helpers/services-env.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

/** Mindful Coach (2), Nutrition Pal (2), Trainer Max (3): a round of all three costs 7. */
const COACH = 'mindful-coach';
const PAL = 'nutrition-pal';
const MAX = 'trainer-max';
const NAMES: Record<string, string> = { [COACH]: 'Mindful Coach', [PAL]: 'Nutrition Pal', [MAX]: 'Trainer Max' };

/** Who the request is for: the persona the system prompt says it is. */
const speakerOf = (request: FakeRequest): string => {
  const system = String(request.body.messages?.[0]?.content ?? '');
  return Object.keys(NAMES).find((id) => system.includes(`You are ${NAMES[id]}.`)) ?? 'unknown';
};

type Ack = AckBody & { id?: string; personas?: string[] };

describe('group chats', () => {
  let t: TestApp;
  /** A second process on the same database and Redis when both are there (PostgreSQL + Redis). */
  let other: TestApp | undefined;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];
  /** Per persona: its script (default: "<Name> here."). */
  let scripts: Record<string, FakeScript> = {};

  const open = async (token: string, app: TestApp = t) => {
    const socket = connectSocket(app.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const emit = (socket: TestSocket, event: string, payload: unknown): Promise<Ack> =>
    new Promise((resolve) =>
      (socket.emit as (e: string, p: unknown, ack: (r: Ack) => void) => void)(event, payload, resolve),
    );
  const credits = async (userId: string) => (await t.read.user(userId))?.credits;
  const ledger = (userId: string) => t.read.ledger(userId);
  const replies = (chatId: string) =>
    t.db
      .selectFrom('messages')
      .selectAll()
      .where('chat_id', '=', chatId)
      .where('role', '=', 'assistant')
      .orderBy('id')
      .execute();
  const openRounds = (chatId: string) =>
    t.db.selectFrom('chat_rounds').selectAll().where('chat_id', '=', chatId).where('status', '=', 'open').execute();
  const streamed = () => fake.requests.filter((r) => r.body.stream === true);
  /** Waits until the chat's round is over: no open round left. */
  const roundOver = async (chatId: string) => {
    for (let i = 0; i < 500 && (await openRounds(chatId)).length > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await openRounds(chatId)).toEqual([]);
  };
  const group = async (socket: TestSocket, personas = [COACH, PAL, MAX]) => {
    const ack = await emit(socket, 'createChat', { personas });
    expect(ack.error).toBeUndefined();
    return ack.id as string;
  };
  const dones = (events: Recorded[], chatId: string) =>
    events.filter((r) => (r.event === 'message.done' || r.event === 'message.error') && r.payload.chatId === chatId);
  const waitDones = (events: Recorded[], chatId: string, n: number) =>
    waitFor(events, () => dones(events, chatId).length >= n);

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    const redis = redisAvailable();
    t = await startTestApp({
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      LLM_API_KEY: 'sk-fake',
      ...(redis && process.env.TEST_DATABASE_URL ? { REDIS_URL: redis } : {}),
    });
    if (redis && process.env.TEST_DATABASE_URL) other = await listenApp(t.config, { db: t.db, logger: false });
  });
  beforeEach(() => {
    scripts = {};
    fake.setScript((request) => {
      const id = speakerOf(request);
      return scripts[id] ?? { chunks: [`${NAMES[id] ?? 'Someone'} here.`] };
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await other?.close();
    await t.stop();
    await fake.close();
  });

  it('should start a group and answer a round in order, each persona seeing the others, charged the sum', async () => {
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = await group(socket);
    const created = await waitFor(events, (r) => r.event === 'chat.created');
    expect(created.payload.chat).toMatchObject({ id: chatId, persona: COACH, personas: [COACH, PAL, MAX] });

    const before = streamed().length;
    const ack = await send(socket, chatId, 'What should I eat before a run?');
    expect(ack.error).toBeUndefined();
    await waitDones(events, chatId, 3);
    await roundOver(chatId);

    const rows = await replies(chatId);
    expect(rows.map((r) => [r.persona_id, r.content, r.status, r.cost])).toEqual([
      [COACH, 'Mindful Coach here.', 'complete', 2],
      [PAL, 'Nutrition Pal here.', 'complete', 2],
      [MAX, 'Trainer Max here.', 'complete', 3],
    ]);
    expect(rows.every((r) => r.reply_to === ack.messageId)).toBe(true);
    // One reply at a time: each reply is created only after the one before it is done.
    const order = events
      .filter((r) => ['message.created', 'message.done'].includes(r.event) && r.payload.message.role === 'assistant')
      .map((r) => `${r.event}:${r.payload.message.personaId}`);
    expect(order).toEqual([
      `message.created:${COACH}`,
      `message.done:${COACH}`,
      `message.created:${PAL}`,
      `message.done:${PAL}`,
      `message.created:${MAX}`,
      `message.done:${MAX}`,
    ]);

    // Each request: the persona's own instructions, told who it is, the earlier replies labelled.
    const requests = streamed().slice(before);
    expect(requests.map(speakerOf)).toEqual([COACH, PAL, MAX]);
    const third = requests[2]?.body.messages as Array<{ role: string; content: string }>;
    expect(third[0]?.content).toContain('You are Trainer Max.');
    expect(third.slice(1)).toEqual([
      { role: 'user', content: '[User]: What should I eat before a run?' },
      { role: 'user', content: '[Mindful Coach]: Mindful Coach here.' },
      { role: 'user', content: '[Nutrition Pal]: Nutrition Pal here.' },
    ]);

    expect(await credits(user.id)).toBe(13);
    const charges = (await ledger(user.id)).map((r) => [r.amount, r.idempotency_key]);
    expect(charges).toEqual(rows.map((r) => [-r.cost, `charge:${r.id}`]));
    const balances = events.filter((r) => r.event === 'updateCredits').map((r) => r.payload.credits);
    expect(balances.at(-1)).toBe(13);
  });

  it('should answer only the personas addressed by @Name or `to`, and let one speak again', async () => {
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = await group(socket);

    await send(socket, chatId, '@nutrition pal, what about breakfast?');
    await waitDones(events, chatId, 1);
    await roundOver(chatId);
    expect((await replies(chatId)).map((r) => r.persona_id)).toEqual([PAL]);

    expect(
      (await emit(socket, 'sendMessage', { chatId, text: 'And you two?', to: [MAX, COACH] })).error,
    ).toBeUndefined();
    await waitDones(events, chatId, 3);
    await roundOver(chatId);
    // In the chat's order, whatever the order of `to`.
    expect((await replies(chatId)).map((r) => r.persona_id)).toEqual([PAL, COACH, MAX]);

    const turn = await emit(socket, 'nextSpeaker', { chatId, personaId: PAL });
    expect(turn.error).toBeUndefined();
    await waitDones(events, chatId, 4);
    await roundOver(chatId);
    const rows = await replies(chatId);
    expect(rows.at(-1)).toMatchObject({ id: turn.messageId, persona_id: PAL, status: 'complete', cost: 2 });
    expect(await credits(user.id)).toBe(20 - 2 - 5 - 2);

    const stranger = await emit(socket, 'sendMessage', { chatId, text: 'Hi', to: ['scout'] });
    expect(stranger.error?.code).toBe('request:invalid');
    expect((await emit(socket, 'nextSpeaker', { chatId, personaId: 'scout' })).error?.code).toBe('request:invalid');
  });

  it('should refuse a round it cannot pay for, charging and storing nothing', async () => {
    const user = await t.seed.user({ credits: 6 });
    const socket = await open(user.token);
    const chatId = await group(socket);
    const ack = await send(socket, chatId, 'Hello all');
    expect(ack.error?.code).toBe('credits:insufficient');
    expect(await credits(user.id)).toBe(6);
    expect(await ledger(user.id)).toEqual([]);
    const stored = await t.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).execute();
    expect(stored).toEqual([]);
    expect(await openRounds(chatId)).toEqual([]);
    // Two of them it can pay for.
    expect((await emit(socket, 'sendMessage', { chatId, text: 'Hello', to: [COACH, PAL] })).error).toBeUndefined();
    await roundOver(chatId);
    expect(await credits(user.id)).toBe(2);
  });

  it("should count a round's hold against the user's spending limit, and give back what it did not use", async () => {
    scripts[PAL] = { chunks: ['Eat', ' oats', ' and', ' more'], holdAfter: 2 };
    const user = await t.seed.user({ credits: 20 });
    await t.drive.credits.setSpendingLimits(user.id, { dailyCredits: 6 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = await group(socket);
    // The whole round (7 credits) would pass the daily limit of 6: refused before any charge.
    expect((await send(socket, chatId, 'Hello all')).error?.code).toBe('credits:limit');
    expect(await credits(user.id)).toBe(20);
    expect((await t.drive.credits.spendingLimits(user.id)).spentToday).toBe(0);
    // With a limit of 7 it fits, all 7 held; stopped during the second reply, Trainer Max's 3 come off again.
    await t.drive.credits.setSpendingLimits(user.id, { dailyCredits: 7 });
    expect((await send(socket, chatId, 'Breakfast?')).error).toBeUndefined();
    await waitFor(events, (r) => r.event === 'message.delta' && r.payload.text.includes('oats'));
    expect((await t.drive.credits.spendingLimits(user.id)).spentToday).toBe(7);
    expect((await stop(socket, chatId)).success).toBe(true);
    await waitFor(events, (r) => r.event === 'message.done' && r.payload.message?.status === 'stopped');
    fake.release();
    await roundOver(chatId);
    expect(await credits(user.id)).toBe(16);
    expect((await t.drive.credits.spendingLimits(user.id)).spentToday).toBe(4);
  });

  it('should end the round on Stop and give back what it did not use, once', async () => {
    scripts[PAL] = { chunks: ['Eat', ' oats', ' and', ' more'], holdAfter: 2 };
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = await group(socket);
    await send(socket, chatId, 'Breakfast?');
    await waitFor(events, (r) => r.event === 'message.delta' && r.payload.text.includes('oats'));
    // Stop from another device (with Redis: on the other process).
    const other2 = await open(user.token, other ?? t);
    expect((await stop(other2, chatId)).success).toBe(true);
    // The stop travels to the reply's process (Redis): the reply ends there before the model goes on.
    await waitFor(events, (r) => r.event === 'message.done' && r.payload.message?.status === 'stopped');
    fake.release();
    await roundOver(chatId);
    const rows = await replies(chatId);
    expect(rows.map((r) => [r.persona_id, r.status])).toEqual([
      [COACH, 'complete'],
      [PAL, 'stopped'],
    ]);
    // The two replies that spoke are paid for; Trainer Max's 3 went back.
    expect(await credits(user.id)).toBe(16);
    expect(await t.drive.conversation.recoverInterrupted(Date.now() + 3_600_000)).toBe(0);
    expect(await credits(user.id)).toBe(16);
  });

  it('should refund a failed reply and go on with the next persona', async () => {
    scripts[PAL] = { status: 400, error: { message: 'bad request' } };
    const user = await t.seed.user({ credits: 20 });
    const socket = await open(user.token);
    const events = record(socket);
    const chatId = await group(socket);
    await send(socket, chatId, 'Plan my week');
    await waitDones(events, chatId, 3);
    await roundOver(chatId);
    expect((await replies(chatId)).map((r) => [r.persona_id, r.status])).toEqual([
      [COACH, 'complete'],
      [PAL, 'failed'],
      [MAX, 'complete'],
    ]);
    expect(await credits(user.id)).toBe(15);
  });

  it('should release a round its process left open, once', async () => {
    const user = await t.seed.user({ credits: 10 });
    const socket = await open(user.token);
    const chatId = await group(socket);
    // A round whose process died after holding 7 credits and charging none.
    const long = new Date(Date.now() - 3_600_000).toISOString();
    await t.db
      .insertInto('chat_rounds')
      .values({
        id: newId(),
        chat_id: chatId,
        user_id: user.id,
        reserved: 7,
        used: 0,
        status: 'open',
        created_at: long,
        updated_at: long,
      })
      .execute();
    await t.seed.updateUser(user.id, { credits: 3 });
    expect((await send(socket, chatId, 'Hi')).error?.code).toBe('conflict');
    await t.drive.conversation.recoverInterrupted();
    await t.drive.conversation.recoverInterrupted();
    expect(await credits(user.id)).toBe(10);
    expect(await openRounds(chatId)).toEqual([]);
  });

  it('should never run two rounds of one chat at once, from two devices at once', async () => {
    scripts[COACH] = { chunks: ['Slow', ' start'], holdAfter: 1 };
    const user = await t.seed.user({ credits: 40 });
    const phone = await open(user.token);
    const laptop = await open(user.token, other ?? t);
    const events = record(phone);
    const chatId = await group(phone);
    const [a, b] = await Promise.all([send(phone, chatId, 'One'), send(laptop, chatId, 'Two')]);
    const acks = [a, b];
    expect(acks.filter((x) => x.error === undefined)).toHaveLength(1);
    expect(acks.find((x) => x.error)?.error?.code).toBe('conflict');
    // Between two replies of the round too: nothing else starts.
    await waitFor(events, (r) => r.event === 'message.delta');
    const [turn, again] = await Promise.all([
      emit(laptop, 'nextSpeaker', { chatId, personaId: PAL }),
      send(laptop, chatId, 'Three'),
    ]);
    expect([turn.error?.code, again.error?.code]).toEqual(['conflict', 'conflict']);
    fake.release();
    await waitDones(events, chatId, 3);
    await roundOver(chatId);
    const rows = await replies(chatId);
    expect(rows).toHaveLength(3);
    // Never two replies streaming at once: each starts after the one before it was updated last.
    for (let i = 1; i < rows.length; i++)
      expect((rows[i]?.created_at ?? '') >= (rows[i - 1]?.updated_at ?? '')).toBe(true);
    expect(await credits(user.id)).toBe(33);
  });

  it('should only take personas the user may chat with, 2 to 5, and add one later', async () => {
    const user = await t.seed.user({ credits: 5 });
    const maker = await t.seed.user();
    const socket = await open(user.token);
    expect((await emit(socket, 'createChat', { personas: [COACH, 'startup-advisor'] })).error?.code).toBe(
      'pro:required',
    );
    expect((await emit(socket, 'createChat', { personas: [COACH] })).error?.code).toBe('request:invalid');
    expect((await emit(socket, 'createChat', { personas: [COACH, COACH] })).error?.code).toBe('request:invalid');
    const privateId = `private-${newId()}`;
    await t.db
      .insertInto('personas')
      .values({
        id: privateId,
        icon: '🙂',
        name: 'Secret',
        description: 'x',
        cost: 1,
        tags: '[]',
        published: 0,
        requires_pro: 0,
        included_skills: '[]',
        system_prompt: 'x',
        model: null,
        greeting: null,
        created_at: nowIso(),
        updated_at: nowIso(),
        owner_id: maker.id,
        visibility: 'private',
      })
      .execute();
    expect((await emit(socket, 'createChat', { personas: [COACH, privateId] })).error?.code).toBe('not-found');

    const chatId = await group(socket, [COACH, PAL]);
    const events = record(socket);
    const added = await emit(socket, 'addChatPersona', { chatId, personaId: MAX });
    expect(added.personas).toEqual([COACH, PAL, MAX]);
    const updated = await waitFor(events, (r) => r.event === 'chat.updated' && r.payload.chatId === chatId);
    expect(updated.payload.updatedFields).toEqual({ personas: [COACH, PAL, MAX] });
    expect((await emit(socket, 'addChatPersona', { chatId, personaId: MAX })).error?.code).toBe('conflict');
    expect((await emit(socket, 'addChatPersona', { chatId, personaId: privateId })).error?.code).toBe('not-found');
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/chats',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(listed.json().find((c: { id: string }) => c.id === chatId)).toMatchObject({ personas: [COACH, PAL, MAX] });
  });
});
