import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '../src/console/dashboard.js';
import { call } from './helpers/accounts.js';

/**
 * The dashboard's figures against the same figures computed here, in plain code, from every row
 * of the ledger, the orders and the replies (on SQLite, and on PostgreSQL in the -pg run). The data
 * is written through the app's own services at chosen times (only Date is faked), some of it just
 * before or after midnight in the operator's zone, some of it outside the range.
 */

const TZ = 'Asia/Kathmandu'; // UTC+5:45: local midnight is 18:15 UTC.
const MODEL = 'openai:gpt-dash';
const CHEAP = 'ollama:free';
const PRICE = { inputPerMTok: 0.5, outputPerMTok: 1.5 };
const DAY = 86_400_000;
/** "Now" for the dashboard: 10:00 local on 20 June 2026. */
const NOW = Date.parse('2026-06-20T04:15:00Z');

const localDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/** Rounds every float (sums of prices) so two correct computations compare equal. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e9) / 1e9;
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  }
  return value;
}

describe('admin dashboard figures', () => {
  let t: TestApp;
  let admin: TestUser;
  /** The people and chats of the first test's story (the second test goes on with it). */
  let story: { ada: TestUser; bob: TestUser; adaChat: string; bobChat: string };

  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS: 'sandbox' });
    admin = await t.seed.user({ password: null, credits: 0 });
    await t.admin.users.setRole({ id: null, label: 'test' }, admin.email, 'admin');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t.stop();
  });

  const at = (iso: string) => vi.setSystemTime(Date.parse(iso));

  async function buy(user: TestUser, product: string): Promise<string> {
    const { body } = await call<{ orderId: string }>(
      t,
      'POST',
      '/billing/checkout',
      { product },
      { token: user.token },
    );
    await call(t, 'POST', `/billing/sandbox/${body.orderId}/complete`, { outcome: 'paid' }, { token: user.token });
    return body.orderId;
  }

  /** One exchange at `iso`: the user message, the reply (charged, maybe failed and refunded), maybe a skill call. */
  async function exchange(
    user: TestUser,
    chatId: string,
    iso: string,
    reply: {
      model: string | null;
      input: number;
      output: number;
      cost: number;
      failed?: boolean;
      skill?: 'kept' | 'refunded';
    },
  ) {
    at(iso);
    const [, replyId] = await t.seed.messages({ id: chatId, userId: user.id }, [
      { role: 'user', content: 'hello', at: iso },
      {
        role: 'assistant',
        content: reply.failed ? '' : 'hi',
        status: reply.failed ? 'failed' : 'complete',
        cost: reply.cost,
        at: new Date(Date.parse(iso) + 1).toISOString(),
        ...(reply.model ? { model: reply.model, inputTokens: reply.input, outputTokens: reply.output } : {}),
        ...(reply.model === MODEL ? { reasoningTokens: 7, cachedInputTokens: 11 } : {}),
      },
    ]);
    const id = replyId as string;
    if (reply.cost > 0) await t.drive.credits.charge(user.id, reply.cost, id);
    if (reply.failed) await t.drive.credits.refund(user.id, id, 'refund:llm:failed');
    if (reply.skill) {
      const key = `tool:${id}:call1`;
      await t.drive.credits.chargeKeyed(user.id, 2, key, 'skill:web-search');
      if (reply.skill === 'refunded') await t.drive.credits.refundKeyed(user.id, key, 'refund:skill:web-search');
    }
  }

  /** The dashboard's figures against the same figures computed here, in plain code, from every row. */
  async function expectSumsOverSources(dashboard: Dashboard) {
    const db = t.db;
    const ledger = await db.selectFrom('credit_ledger').selectAll().execute();
    const messages = await db.selectFrom('messages').selectAll().execute();
    const chats = await db.selectFrom('chats').selectAll().execute();
    const orders = await db.selectFrom('orders').selectAll().execute();
    const personaNames = new Map((await db.selectFrom('personas').selectAll().execute()).map((p) => [p.id, p.name]));
    const days = Array.from({ length: 7 }, (_, i) => localDay(NOW - (6 - i) * DAY));
    const inRange = (iso: string | null) => iso !== null && days.includes(localDay(Date.parse(iso)));
    const dayOf = (iso: string) => localDay(Date.parse(iso));
    const spentReason = (r: string) => r === 'message' || r.startsWith('skill:') || r.startsWith('refund:');
    const grantedReason = (r: string) => !['purchase', 'message', 'clawback'].includes(r) && !spentReason(r);

    const daily = days.map((day) => {
      const userMessages = messages.filter((m) => m.role === 'user' && dayOf(m.created_at) === day);
      const rows = ledger.filter((l) => dayOf(l.created_at) === day);
      const total = (pick: (l: (typeof ledger)[number]) => boolean, sign = 1) =>
        rows.filter(pick).reduce((a, l) => a + sign * l.amount, 0);
      return {
        day,
        messages: userMessages.length,
        activeUsers: new Set(userMessages.map((m) => m.user_id)).size,
        failures: messages.filter((m) => m.role === 'assistant' && m.status === 'failed' && dayOf(m.created_at) === day)
          .length,
        creditsSold: total((l) => l.reason === 'purchase'),
        creditsGranted: total((l) => grantedReason(l.reason)),
        creditsSpent: total((l) => spentReason(l.reason), -1),
        refunds: rows.filter((l) => l.reason.startsWith('refund:')).length,
        refundedCredits: total((l) => l.reason.startsWith('refund:')),
        clawedBack: total((l) => l.reason === 'clawback', -1),
      };
    });
    const sum = (key: keyof (typeof daily)[number]) => daily.reduce((a, d) => a + Number(d[key]), 0);
    const totals = {
      messages: sum('messages'),
      activeUsers: new Set(messages.filter((m) => m.role === 'user' && inRange(m.created_at)).map((m) => m.user_id))
        .size,
      failures: sum('failures'),
      creditsSold: sum('creditsSold'),
      creditsGranted: sum('creditsGranted'),
      creditsSpent: sum('creditsSpent'),
      refunds: sum('refunds'),
      refundedCredits: sum('refundedCredits'),
      clawedBack: sum('clawedBack'),
    };

    const revenue = new Map<string, Record<string, string | number>>();
    for (const o of orders.filter((o) => o.status === 'paid' && inRange(o.paid_at))) {
      const key = `${o.product}|${o.currency}`;
      const line = revenue.get(key) ?? {
        product: o.product,
        kind: o.kind,
        currency: o.currency,
        orders: 0,
        amountCents: 0,
        refundedCents: 0,
        refundedOrders: 0,
      };
      line.orders = Number(line.orders) + 1;
      line.amountCents = Number(line.amountCents) + o.amount_cents;
      line.refundedCents = Number(line.refundedCents) + o.refunded_cents;
      line.refundedOrders = Number(line.refundedOrders) + (o.refunded_at ? 1 : 0);
      revenue.set(key, line);
    }

    const price = (model: string | null) => (model === MODEL ? PRICE : undefined);
    const cost = (model: string | null, input: number, output: number) => {
      const p = price(model);
      return p ? (input * p.inputPerMTok + output * p.outputPerMTok) / 1e6 : null;
    };
    const replies = messages.filter((m) => m.role === 'assistant' && inRange(m.created_at));
    const models = [...new Set(replies.filter((m) => m.model).map((m) => m.model as string))].map((model) => {
      const of = replies.filter((m) => m.model === model);
      const tokens = (k: 'input_tokens' | 'output_tokens' | 'reasoning_tokens' | 'cached_input_tokens') =>
        of.reduce((a, m) => a + (m[k] ?? 0), 0);
      return {
        model,
        replies: of.length,
        inputTokens: tokens('input_tokens'),
        outputTokens: tokens('output_tokens'),
        reasoningTokens: tokens('reasoning_tokens'),
        cachedInputTokens: tokens('cached_input_tokens'),
        estimatedCost: cost(model, tokens('input_tokens'), tokens('output_tokens')),
      };
    });

    const paidPacks = orders.filter((o) => o.kind === 'pack' && o.status === 'paid');
    const creditValue = {
      amount: paidPacks.reduce((a, o) => a + o.amount_cents, 0) / 100 / paidPacks.reduce((a, o) => a + o.credits, 0),
      currency: 'usd',
    };
    const personaOf = new Map(messages.map((m) => [m.id, chats.find((c) => c.id === m.chat_id)?.persona_id]));
    const personas = [...new Set(chats.map((c) => c.persona_id))].map((personaId) => {
      const of = replies.filter((m) => personaOf.get(m.id) === personaId);
      const earned = -ledger
        .filter((l) => inRange(l.created_at))
        .filter(
          (l) => l.reason === 'message' || (l.reason.startsWith('refund:') && !l.reason.startsWith('refund:skill:')),
        )
        .filter((l) => personaOf.get(l.idempotency_key.slice('charge:'.length)) === personaId)
        .reduce((a, l) => a + l.amount, 0);
      const costs = of.map((m) => (m.model ? cost(m.model, m.input_tokens ?? 0, m.output_tokens ?? 0) : 0));
      const estimatedCost = costs.some((c) => c === null) ? null : costs.reduce((a: number, c) => a + (c ?? 0), 0);
      const earnedValue = earned * creditValue.amount;
      return {
        personaId,
        name: personaNames.get(personaId) ?? personaId,
        replies: of.length,
        creditsEarned: earned,
        inputTokens: of.reduce((a, m) => a + (m.input_tokens ?? 0), 0),
        outputTokens: of.reduce((a, m) => a + (m.output_tokens ?? 0), 0),
        estimatedCost,
        earnedValue,
        margin: estimatedCost === null ? null : earnedValue - estimatedCost,
      };
    });

    const skillRows = ledger.filter((l) => inRange(l.created_at) && /^(refund:)?skill:/.test(l.reason));
    const skills = [
      {
        skill: 'web-search',
        uses:
          skillRows.filter((l) => l.reason === 'skill:web-search').length -
          skillRows.filter((l) => l.reason === 'refund:skill:web-search').length,
        surcharge: -skillRows.reduce((a, l) => a + l.amount, 0),
      },
    ];

    expect(rounded(dashboard.daily)).toEqual(rounded(daily));
    expect(dashboard.totals).toEqual(totals);
    expect(new Set(dashboard.revenue.map((r) => JSON.stringify(r)))).toEqual(
      new Set([...revenue.values()].map((r) => JSON.stringify(r))),
    );
    expect(rounded([...dashboard.models].sort((a, b) => a.model.localeCompare(b.model)))).toEqual(
      rounded(models.sort((a, b) => a.model.localeCompare(b.model))),
    );
    expect(
      rounded([...dashboard.personas].sort((a, b) => String(a.personaId).localeCompare(String(b.personaId)))),
    ).toEqual(rounded(personas.sort((a, b) => a.personaId.localeCompare(b.personaId))));
    expect(dashboard.skills).toEqual(skills);
    expect(rounded(dashboard.creditValue)).toEqual(rounded(creditValue));
  }

  it('should equal sums over the ledger, orders and replies in the operator’s days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const actor = { id: admin.id, label: admin.email };
    at('2026-06-01T00:00:00Z');
    const ada = await t.seed.user({ credits: 0, password: null });
    const bob = await t.seed.user({ credits: 0, password: null });
    const adaChat = await t.seed.chat(ada.id, 'default');
    const bobChat = await t.seed.chat(bob.id, 'scout');
    story = { ada, bob, adaChat: adaChat.id, bobChat: bobChat.id };

    // Outside the 7-day range (13 June local).
    at('2026-06-13T10:00:00Z');
    await buy(ada, 'max');
    await exchange(ada, adaChat.id, '2026-06-13T10:05:00Z', { model: MODEL, input: 5000, output: 500, cost: 2 });
    // 14 June 23:55 local (18:10 UTC) and 15 June 00:05 local (18:20 UTC): two different days.
    at('2026-06-14T18:10:00Z');
    await t.admin.users.adjustCredits(actor, bob.id, 40);
    await exchange(bob, bobChat.id, '2026-06-14T18:10:30Z', { model: CHEAP, input: 900, output: 90, cost: 1 });
    at('2026-06-14T18:20:00Z');
    const refunded = await buy(bob, 'starter');
    await exchange(bob, bobChat.id, '2026-06-14T18:20:30Z', {
      model: MODEL,
      input: 1200,
      output: 300,
      cost: 1,
      skill: 'kept',
    });
    // 17 June: a failed (refunded) reply, a skill call refunded, Pro bought, a reply with no usage reported.
    await exchange(ada, adaChat.id, '2026-06-17T06:00:00Z', {
      model: MODEL,
      input: 800,
      output: 0,
      cost: 2,
      failed: true,
    });
    await exchange(ada, adaChat.id, '2026-06-17T07:00:00Z', {
      model: MODEL,
      input: 2000,
      output: 700,
      cost: 2,
      skill: 'refunded',
    });
    at('2026-06-17T08:00:00Z');
    await buy(bob, 'pro');
    await exchange(bob, bobChat.id, '2026-06-17T09:00:00Z', { model: null, input: 0, output: 0, cost: 1 });
    // 20 June (today): the starter order refunded from the console, a take, more talk.
    at('2026-06-20T02:00:00Z');
    await t.drive.billingAdmin.refundOrder(actor, refunded);
    await t.admin.users.adjustCredits(actor, ada.id, -5);
    await exchange(ada, adaChat.id, '2026-06-20T03:00:00Z', {
      model: MODEL,
      input: 3000,
      output: 1000,
      cost: 2,
      skill: 'kept',
    });
    await t.drive.console.setModelPrice(actor, { model: MODEL, ...PRICE });

    at(new Date(NOW).toISOString());
    const res = await call<Dashboard>(t, 'GET', `/admin/dashboard?days=7&tz=${encodeURIComponent(TZ)}`, undefined, {
      token: admin.token,
    });
    vi.useRealTimers();
    expect(res.status).toBe(200);
    const dashboard = res.body;

    await expectSumsOverSources(dashboard);

    // ---- and a few of them by hand, so both computations are checked against the story above
    expect(dashboard.daily.map((d) => d.day)).toEqual([
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-06-17',
      '2026-06-18',
      '2026-06-19',
      '2026-06-20',
    ]);
    expect(dashboard.daily[0]).toMatchObject({ day: '2026-06-14', messages: 1, creditsGranted: 40, creditsSpent: 1 });
    expect(dashboard.daily[1]).toMatchObject({ day: '2026-06-15', messages: 1, creditsSold: 100, creditsSpent: 3 });
    expect(dashboard.daily[3]).toMatchObject({
      messages: 3,
      failures: 1,
      refunds: 2,
      refundedCredits: 4,
      creditsSpent: 3,
    });
    expect(dashboard.daily[6]).toMatchObject({ clawedBack: 100, creditsGranted: -5, creditsSpent: 4 });
    expect(dashboard.totals).toMatchObject({ messages: 6, activeUsers: 2, creditsSold: 100, failures: 1 });
    expect(dashboard.revenue).toEqual(
      expect.arrayContaining([
        {
          product: 'pro',
          kind: 'pro',
          currency: 'usd',
          orders: 1,
          amountCents: 1999,
          refundedCents: 0,
          refundedOrders: 0,
        },
        {
          product: 'starter',
          kind: 'pack',
          currency: 'usd',
          orders: 1,
          amountCents: 499,
          refundedCents: 499,
          refundedOrders: 1,
        },
      ]),
    );
    expect(dashboard.revenue).toHaveLength(2);
    expect(dashboard.models.find((m) => m.model === MODEL)).toMatchObject({
      replies: 4,
      inputTokens: 7000,
      outputTokens: 2000,
      reasoningTokens: 28,
      cachedInputTokens: 44,
    });
    expect(dashboard.models.find((m) => m.model === MODEL)?.estimatedCost).toBeCloseTo(
      (7000 * 0.5 + 2000 * 1.5) / 1e6,
      12,
    );
    expect(dashboard.models.find((m) => m.model === CHEAP)?.estimatedCost).toBeNull();
    expect(dashboard.skills).toEqual([{ skill: 'web-search', uses: 2, surcharge: 4 }]);
    expect(dashboard.personas.find((p) => p.personaId === 'default')).toMatchObject({ replies: 3, creditsEarned: 4 });
    expect(dashboard.personas.find((p) => p.personaId === 'scout')).toMatchObject({
      replies: 3,
      creditsEarned: 3,
      estimatedCost: null,
      margin: null,
    });
  });

  /** The closed days the job kept for TZ (ready rows), by local day. */
  const keptDays = async () =>
    (
      await t.db
        .selectFrom('dashboard_days')
        .select('day')
        .where('time_zone', '=', TZ)
        .where('ready', '=', 1)
        .orderBy('day')
        .execute()
    ).map((r) => r.day);

  const dashboardAt = async (ms: number) => {
    at(new Date(ms).toISOString());
    const res = await call<Dashboard>(t, 'GET', `/admin/dashboard?days=7&tz=${encodeURIComponent(TZ)}`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('should read closed days from the kept figures, and still equal the sums after late rows change them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { ada, bob, adaChat, bobChat } = story;
    const before = await dashboardAt(NOW);
    // The job keeps every closed day of the last 90 (today, 20 June, is not closed).
    expect(await t.drive.dashboardDays.rollUp(TZ, NOW)).toBe(90);
    expect(await t.drive.dashboardDays.rollUp(TZ, NOW)).toBe(0);
    const kept = await keptDays();
    expect(kept).toHaveLength(90);
    expect(kept.at(-1)).toBe('2026-06-19');
    const fromKept = await dashboardAt(NOW);
    expect(rounded(fromKept)).toEqual(rounded(before));
    await expectSumsOverSources(fromKept);

    // Late rows in closed days: a refunded failure written with an earlier date (16 June), a
    // reply of 17 June failed afterwards (as the sweeper does), and Bob's chat deleted (his
    // messages of 14, 15 and 17 June go; his ledger rows stay).
    await exchange(ada, adaChat, '2026-06-16T05:00:00Z', { model: MODEL, input: 10, output: 0, cost: 3, failed: true });
    at(new Date(NOW).toISOString());
    const late = await t.db
      .selectFrom('messages')
      .select('id')
      .where('chat_id', '=', adaChat)
      .where('role', '=', 'assistant')
      .where('created_at', '>=', '2026-06-17T07:00:00.000Z')
      .where('created_at', '<', '2026-06-17T08:00:00.000Z')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('messages').set({ status: 'failed' }).where('id', '=', late.id).execute();
    await t.drive.chatService.delete(bob.id, bobChat);
    // Exactly the days those rows belong to were dropped; the others are still read from the kept figures.
    expect((await keptDays()).filter((d) => d >= '2026-06-13')).toEqual(['2026-06-13', '2026-06-18', '2026-06-19']);

    const after = await dashboardAt(NOW);
    await expectSumsOverSources(after);
    expect(after.daily[2]).toMatchObject({
      day: '2026-06-16',
      messages: 1,
      failures: 1,
      refunds: 1,
      refundedCredits: 3,
    });
    expect(after.daily[3]?.failures).toBe((before.daily[3]?.failures ?? 0) + 1);
    expect(after.totals.messages).toBe(before.totals.messages + 1 - 3);

    // Kept again, the figures are the same.
    expect(await t.drive.dashboardDays.rollUp(TZ, NOW)).toBe(4);
    const keptAgain = await dashboardAt(NOW);
    vi.useRealTimers();
    expect(rounded(keptAgain)).toEqual(rounded(after));
  });
});
