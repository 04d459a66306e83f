import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { connected, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

/** Spending limits (issue #49): set by the user, counted with the charge, never passed by parallel sends. */
describe('spending limits', () => {
  let t: TestApp;
  let fake: FakeOpenAI;
  const sockets: TestSocket[] = [];

  const open = async (token: string) => {
    const socket = connectSocket(t.url, token);
    sockets.push(socket);
    return connected(socket);
  };
  const call = async (method: 'GET' | 'PUT', user: TestUser, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url: '/api/users/me/limits',
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const credits = async (userId: string) => (await t.read.user(userId))?.credits;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestApp({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await fake.close();
  });

  it('should set, keep and clear the limits, and refuse bad values with 400', async () => {
    const user = await t.seed.user({ credits: 10 });
    const start = await call('GET', user);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ dailyCredits: null, monthlyCredits: null, spentToday: 0, spentThisMonth: 0 });
    expect(start.body.dayResetsAt).toMatch(/T00:00:00\.000Z$/);

    expect((await call('PUT', user, { dailyCredits: 5 })).body).toMatchObject({
      dailyCredits: 5,
      monthlyCredits: null,
    });
    expect((await call('PUT', user, { monthlyCredits: 50 })).body).toMatchObject({
      dailyCredits: 5,
      monthlyCredits: 50,
    });
    expect((await call('PUT', user, { dailyCredits: null })).body).toMatchObject({
      dailyCredits: null,
      monthlyCredits: 50,
    });
    for (const bad of [{ dailyCredits: 0 }, { dailyCredits: 1.5 }, { monthlyCredits: 'ten' }, { dailyCredits: -3 }]) {
      const res = await call('PUT', user, bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request:invalid');
    }
    expect((await call('GET', user)).body).toMatchObject({ dailyCredits: null, monthlyCredits: 50 });
    const other = await t.seed.user();
    expect((await call('GET', other)).body.monthlyCredits).toBeNull();
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/users/me/limits', payload: { dailyCredits: 1 } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('should let exactly the daily limit through 20 parallel sends and refuse the rest before any charge', async () => {
    const user = await t.seed.user({ credits: 100 });
    await call('PUT', user, { dailyCredits: 5 });
    const chats = await Promise.all(Array.from({ length: 20 }, () => t.seed.chat(user.id)));
    const socket = await open(user.token);
    const events = record(socket);
    const acks = await Promise.all(chats.map((c) => send(socket, c.id, 'Hi')));
    const ok = acks.filter((a) => a.messageId);
    const refused = acks.filter((a) => a.error);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    expect(new Set(refused.map((a) => a.error?.code))).toEqual(new Set(['credits:limit']));
    const message = refused[0]?.error?.message ?? '';
    expect(message).toContain('daily spending limit you set (5 credits a day)');
    expect(message).toMatch(/resets at \d{4}-\d{2}-\d{2} 00:00 UTC/);
    await waitFor(events, () => events.filter((r) => r.event === 'message.done').length === 5);
    expect(await credits(user.id)).toBe(95);
    const charges = (await t.read.ledger(user.id)).filter((r) => r.amount < 0);
    expect(charges).toHaveLength(5);
    expect((await call('GET', user)).body).toMatchObject({ spentToday: 5, spentThisMonth: 5 });
    // The refused sends left no message behind.
    const messages = await t.db
      .selectFrom('messages')
      .select('id')
      .where('user_id', '=', user.id)
      .where('role', '=', 'user')
      .execute();
    expect(messages).toHaveLength(5);
  });

  it('should count surcharges, give refunds back, and name the monthly limit', async () => {
    const user = await t.seed.user({ credits: 100 });
    await call('PUT', user, { monthlyCredits: 10 });
    const messageId = newId();
    expect(await t.drive.credits.charge(user.id, 4, messageId)).toBe(96);
    expect(await t.drive.credits.chargeKeyed(user.id, 5, `tool:${messageId}:a`, 'tool:generate_image')).toBe(91);
    // 9 of 10 spent: a surcharge of 2 is refused (undefined), nothing taken.
    expect(await t.drive.credits.chargeKeyed(user.id, 2, `tool:${messageId}:b`, 'tool:generate_image')).toBe(undefined);
    expect(await credits(user.id)).toBe(91);
    await expect(t.drive.credits.charge(user.id, 2, newId())).rejects.toMatchObject({
      code: 'credits:limit',
      status: 402,
      message: expect.stringContaining('monthly spending limit you set (10 credits a month)'),
    });
    // The refund of the message gives its charge and its surcharge back to the month.
    expect(await t.drive.credits.refund(user.id, messageId)).toBe(100);
    expect((await call('GET', user)).body).toMatchObject({ spentToday: 0, spentThisMonth: 0 });
    expect(await t.drive.credits.charge(user.id, 10, newId())).toBe(90);
  });

  it('should count the user local day and month (their time zone), and refuse an unknown zone', async () => {
    const now = new Date();
    const localDay = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        now,
      );
    const clock = (zone: string, at: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        new Date(at),
      );
    // UTC+14 and UTC-11: at any moment at least one of them is on another date than UTC.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const user = await t.seed.user({ credits: 100 });
      const set = await call('PUT', user, { dailyCredits: 3, timeZone: zone });
      expect(set.body).toMatchObject({ dailyCredits: 3, timeZone: zone });
      expect(clock(zone, set.body.dayResetsAt)).toBe('00:00');
      expect(clock(zone, set.body.monthResetsAt)).toBe('00:00');
      await t.drive.credits.charge(user.id, 2, newId());
      const row = await t.db
        .selectFrom('spending_limits')
        .select(['day_key', 'month_key'])
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ day_key: localDay(zone), month_key: localDay(zone).slice(0, 7) });
      expect((await call('GET', user)).body).toMatchObject({ spentToday: 2, timeZone: zone });
      await expect(t.drive.credits.charge(user.id, 2, newId())).rejects.toMatchObject({
        code: 'credits:limit',
        message: expect.stringContaining(`00:00 (${zone})`),
      });
      // A later save without a zone keeps it.
      expect((await call('PUT', user, { monthlyCredits: 40 })).body.timeZone).toBe(zone);
    }
    const user = await t.seed.user({ credits: 10 });
    expect((await call('GET', user)).body.timeZone).toBe('UTC');
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(80)]) {
      const res = await call('PUT', user, { dailyCredits: 3, timeZone });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request:invalid');
    }
    expect((await call('PUT', user, { timeZone: 'Mars/Olympus_Mons' })).body.message).toContain('Unknown time zone');
    expect((await call('GET', user)).body).toMatchObject({ dailyCredits: null, timeZone: 'UTC' });
  });

  it("should follow the browser's zone sent on connect when it differs, and ignore an unknown one", async () => {
    const user = await t.seed.user({ credits: 10 });
    const connectIn = async (timeZone: string) => {
      const socket = io(`${t.url}/session`, { query: { token: user.token, timeZone }, transports: ['websocket'] });
      sockets.push(socket as TestSocket);
      await nextEvent(socket, 'ready');
      socket.close();
    };
    // No limits yet: nothing is written for a connect.
    await connectIn('Asia/Tokyo');
    expect(await t.db.selectFrom('spending_limits').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    await call('PUT', user, { dailyCredits: 5, timeZone: 'Europe/Lisbon' });
    // The user travels: the next connect moves the limits to the new zone (written beside `ready`: waited for).
    await connectIn('America/New_York');
    await vi.waitFor(async () => expect((await call('GET', user)).body.timeZone).toBe('America/New_York'));
    for (const bad of ['Mars/Olympus_Mons', '', 'x'.repeat(80)]) await connectIn(bad);
    await connectIn('America/New_York');
    expect((await call('GET', user)).body).toMatchObject({ dailyCredits: 5, timeZone: 'America/New_York' });
  });

  it('should start a new day from zero', async () => {
    const user = await t.seed.user({ credits: 100 });
    await call('PUT', user, { dailyCredits: 3 });
    await t.drive.credits.charge(user.id, 3, newId());
    await expect(t.drive.credits.charge(user.id, 1, newId())).rejects.toMatchObject({ code: 'credits:limit' });
    // What was spent belongs to yesterday now.
    await t.db.updateTable('spending_limits').set({ day_key: '2000-01-01' }).where('user_id', '=', user.id).execute();
    expect((await call('GET', user)).body.spentToday).toBe(0);
    expect(await t.drive.credits.charge(user.id, 3, newId())).toBe(94);
  });

  it('should refuse a send past the limit in the user language', async () => {
    const user = await t.seed.user({ credits: 100 });
    await t.seed.updateUser(user.id, { locale: 'de' });
    await call('PUT', user, { dailyCredits: 1 });
    const chats = await Promise.all([t.seed.chat(user.id), t.seed.chat(user.id)]);
    const socket = await open(user.token);
    const events = record(socket);
    expect((await send(socket, chats[0]?.id ?? '', 'Hi')).messageId).toBeTruthy();
    const refused = await send(socket, chats[1]?.id ?? '', 'Hi');
    expect(refused.error?.code).toBe('credits:limit');
    expect(refused.error?.message).toContain('Tageslimit');
    await waitFor(events, (r) => r.event === 'message.done');
  });
});
