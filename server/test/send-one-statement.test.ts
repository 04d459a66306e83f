import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodKeys } from '../src/credits/periods.js';
import { type AckBody, connected, doneFor, type Recorded, record, send } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';
import { statementHold } from './helpers/statement-hold.js';

/**
 * A paid send's charge and rows (issue #50): on PostgreSQL, in a burst (another send being stored)
 * and once the user's limits' time zone is known to the process, one statement (CreditService.
 * chargeAlong); a send alone, the user's first, SQLite and a zone changed elsewhere take the
 * separate statements. Either way: charged once, the same events.
 */
describe('a paid send’s charge and rows', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  const { statements, hold, onStatement } = statementHold((sql) => sql.replace(/\s+/g, ' ').trim().toLowerCase());
  const sockets: TestSocket[] = [];
  const postgres = () => t.config.database.kind === 'postgres';

  beforeAll(async () => {
    model = await startFakeOpenAI({ chunks: ['Ahoy.'] });
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' }, { onStatement });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
  });

  async function open(user: TestUser): Promise<{ socket: TestSocket; events: Recorded[] }> {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    const events = record(await connected(socket));
    return { socket, events };
  }
  /** createChatWithMessage until its reply is done (a refusal: its ack); the statements it ran. */
  async function newChat(
    session: { socket: TestSocket; events: Recorded[] },
    text: string,
  ): Promise<{ ack: AckBody & { chatId?: string }; sql: string[] }> {
    const from = statements.length;
    const ack = await new Promise<AckBody & { chatId?: string }>((resolve) =>
      session.socket.emit('createChatWithMessage', { persona: 'pirate-storyteller', text }, (r) =>
        resolve(r as AckBody),
      ),
    );
    if (ack.chatId) await doneFor(session.events, ack.chatId);
    return { ack, sql: statements.slice(from) };
  }
  /**
   * Runs `fn` while another user's send is held inside its transaction, as in a burst: a send is
   * then stored with its charge last, on PostgreSQL in one statement. SQLite's one connection would
   * wait for the held send: there `fn` runs as it is (its sends are stored apart either way).
   */
  async function duringAnotherSend<T>(fn: () => Promise<T>): Promise<T> {
    if (!postgres()) return fn();
    const session = await open(await t.seed.user({ credits: 50 }));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holding = new Promise<void>((resolve) => {
      hold({
        pattern: /^insert into "credit_ledger"/,
        until: () => {
          resolve();
          return released;
        },
      });
    });
    const other = newChat(session, 'Hold the line');
    await holding;
    try {
      return await fn();
    } finally {
      release();
      expect((await other).ack.chatId).toBeDefined();
    }
  }
  const charges = async (userId: string) => (await t.read.ledger(userId)).filter((row) => row.amount < 0);
  const balance = async (userId: string) => (await t.read.user(userId))?.credits;
  const inOne = (sql: string[]) => sql.filter((s) => s.startsWith('with "debit" as (update "users" set "credits"'));
  const apart = (sql: string[]) => sql.filter((s) => s.startsWith('update "users" set "credits"'));
  /** The chat's and its messages' events up to its first reply's end, by name, in order. */
  const toldOf = (events: Recorded[], chatId: string) => {
    const of = events.filter((e) => (e.payload?.chatId ?? e.payload?.chat?.id) === chatId);
    const end = of.findIndex((e) => e.event === 'message.done');
    return of
      .slice(0, end)
      .map((e) => e.event)
      .filter((e) => ['chat.created', 'message.created', 'chat.updated'].includes(e));
  };
  /** The balance the user's devices were last told (`updateCredits`). */
  const lastTold = (events: Recorded[]) => events.findLast((e) => e.event === 'updateCredits')?.payload.credits;

  it('should charge a later send and store its chat and messages in one statement on PostgreSQL in a burst', async () => {
    const user = await t.seed.user({ credits: 50 });
    const session = await open(user);
    const first = await newChat(session, 'Tell me of the first harbour');
    expect(first.ack.chatId).toBeDefined();
    // The first charge of a user in this process learns the zone its limits count in: apart.
    expect(inOne(first.sql)).toEqual([]);
    expect(apart(first.sql)).toHaveLength(1);

    const second = await duringAnotherSend(() => newChat(session, 'Tell me of the second harbour'));
    expect(second.ack.chatId).toBeDefined();
    const one = inOne(second.sql);
    if (postgres()) {
      expect(one).toHaveLength(1);
      for (const part of ['spending_limits', 'credit_ledger', 'insert into "chats"', 'insert into "messages"']) {
        expect(one[0]).toContain(part);
      }
      expect(apart(second.sql)).toEqual([]);
      expect(second.sql.filter((s) => /^insert into "?(credit_ledger|spending_limits)/.test(s))).toEqual([]);
    } else {
      expect(one).toEqual([]);
      expect(apart(second.sql)).toHaveLength(1);
    }
    // Charged once each, the balance to match, and the events as a send stored apart tells them.
    const paid = await charges(user.id);
    expect(paid).toHaveLength(2);
    expect(await balance(user.id)).toBe(50 + paid.reduce((sum, row) => sum + row.amount, 0));
    expect(await t.read.chats(user.id)).toHaveLength(2);
    // The same events as the send stored apart told, in the same order.
    const told = toldOf(session.events, second.ack.chatId as string);
    expect(told).toEqual(toldOf(session.events, first.ack.chatId as string));
    expect(told).toEqual(['chat.created', 'message.created', 'message.created']);
    expect(lastTold(session.events)).toBe(await balance(user.id));

    // Alone, a send is stored apart even with the zone known: its charge first (three plain
    // statements), so the model is asked before its rows are written.
    const alone = await newChat(session, 'Tell me of the third harbour');
    expect(alone.ack.chatId).toBeDefined();
    expect(inOne(alone.sql)).toEqual([]);
    expect(apart(alone.sql)).toHaveLength(1);
    const at = (pattern: RegExp) => alone.sql.findIndex((s) => pattern.test(s));
    expect(at(/^update "users" set "credits"/)).toBeLessThan(at(/^insert into "(chats|messages)"|^with "new_chat"/));
    expect(await charges(user.id)).toHaveLength(3);
  });

  it('should write the chat’s preview in the same statement when the send in a burst is to a chat that exists', async () => {
    const user = await t.seed.user({ credits: 50 });
    const session = await open(user);
    const { ack } = await newChat(session, 'Tell me of the cove');
    const chatId = ack.chatId as string;
    // The first reply's preview is written once it has ended: waited for, so it is not counted below.
    const replied = (e: Recorded) => e.event === 'chat.updated' && e.payload.updatedFields.preview === 'Ahoy.';
    await expect.poll(() => session.events.some(replied)).toBe(true);
    const from = statements.length;
    const fromEvent = session.events.length;
    await duringAnotherSend(async () => {
      const sent = await send(session.socket, chatId, 'And of the lighthouse');
      expect(sent.messageId).toBeDefined();
      const done = () => session.events.slice(fromEvent).filter((e) => e.event === 'message.done').length;
      await expect.poll(done).toBe(1);
    });

    const sql = statements.slice(from);
    if (postgres()) {
      expect(inOne(sql)).toHaveLength(1);
      expect(inOne(sql)[0]).toContain('update "chats" set "preview"');
    } else expect(apart(sql)).toHaveLength(1);
    // Its two messages, then the chat's preview (the reply's own comes once it has ended).
    const told = toldOf(session.events.slice(fromEvent), chatId);
    expect(told).toEqual(['message.created', 'message.created', 'chat.updated']);
    const updated = session.events.slice(fromEvent).find((e) => e.event === 'chat.updated');
    expect(updated?.payload.updatedFields.preview).toBe('And of the lighthouse');
    expect(lastTold(session.events)).toBe(await balance(user.id));
    const paid = await charges(user.id);
    expect(paid).toHaveLength(2);
    expect(await balance(user.id)).toBe(50 + paid.reduce((sum, row) => sum + row.amount, 0));
  });

  it('should refuse a later send the balance does not cover and keep nothing of it', async () => {
    const probe = await t.seed.user({ credits: 50 });
    await newChat(await open(probe), 'What does a message cost');
    const cost = -((await charges(probe.id))[0]?.amount ?? 0);
    expect(cost).toBeGreaterThan(0);

    const user = await t.seed.user({ credits: cost });
    const session = await open(user);
    expect((await newChat(session, 'Tell me of the map')).ack.chatId).toBeDefined();
    const refused = await duringAnotherSend(() => newChat(session, 'Tell me of the treasure'));
    expect(refused.ack.error?.code).toBe('credits:insufficient');
    if (postgres()) expect(inOne(refused.sql)).toHaveLength(1);
    // Alone: charged apart, refused the same way, before any row.
    const alone = await newChat(session, 'Tell me of the gold');
    expect(alone.ack.error?.code).toBe('credits:insufficient');
    expect(apart(alone.sql)).toHaveLength(1);
    // A refused charge never asks the model.
    expect(model.requests.some((r) => JSON.stringify(r.body).includes('Tell me of the gold'))).toBe(false);
    expect(await t.read.chats(user.id)).toHaveLength(1);
    expect(await charges(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(0);
  });

  it('should refuse a later send past the daily spending limit and keep nothing of it', async () => {
    const user = await t.seed.user({ credits: 50 });
    const session = await open(user);
    expect((await newChat(session, 'Tell me of the compass')).ack.chatId).toBeDefined();
    const spent = -((await charges(user.id))[0]?.amount ?? 0);
    const limits = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/limits',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { dailyCredits: spent },
    });
    expect(limits.statusCode).toBe(200);
    // The limits were set here: the next charge learns their zone again, apart; the one after runs in one.
    expect((await newChat(session, 'Tell me of the anchor')).ack.error?.code).toBe('credits:limit');
    const refused = await duringAnotherSend(() => newChat(session, 'Tell me of the sextant'));
    expect(refused.ack.error?.code).toBe('credits:limit');
    expect(refused.ack.error?.message).toContain(`(${spent} credit`);
    if (postgres()) expect(inOne(refused.sql)).toHaveLength(1);
    const alone = await newChat(session, 'Tell me of the astrolabe');
    expect(alone.ack.error?.code).toBe('credits:limit');
    expect(alone.ack.error?.message).toContain(`(${spent} credit`);
    expect(inOne(alone.sql)).toEqual([]);
    expect(await t.read.chats(user.id)).toHaveLength(1);
    expect(await charges(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(50 - spent);
  });

  it('should roll the one statement back and charge apart once when the limits moved to another time zone', async () => {
    const user = await t.seed.user({ credits: 50 });
    const session = await open(user);
    await newChat(session, 'Tell me of the tides');
    // Another process moves the user's limits to a zone whose date differs from UTC's now.
    const now = new Date();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (z) => periodKeys(now, z).day !== periodKeys(now, null).day,
    ) as string;
    await t.db.updateTable('spending_limits').set({ time_zone: zone }).where('user_id', '=', user.id).execute();

    const second = await duringAnotherSend(() => newChat(session, 'Tell me of the moon'));
    expect(second.ack.chatId).toBeDefined();
    if (postgres()) expect(inOne(second.sql)).toHaveLength(1);
    // Stored apart after the rollback: the debit once more, counted in the zone's day.
    expect(apart(second.sql)).toHaveLength(1);
    const limits = await t.db
      .selectFrom('spending_limits')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(limits?.day_key).toBe(periodKeys(new Date(), zone).day);
    const paid = await charges(user.id);
    expect(paid).toHaveLength(2);
    expect(await balance(user.id)).toBe(50 + paid.reduce((sum, row) => sum + row.amount, 0));
    expect(await t.read.chats(user.id)).toHaveLength(2);
    // The next send knows the zone again: one statement.
    const third = await duringAnotherSend(() => newChat(session, 'Tell me of the stars'));
    if (postgres()) expect(inOne(third.sql)).toHaveLength(1);
    expect(await charges(user.id)).toHaveLength(3);
  });
});
