import type { Dashboard, DashboardDay, ModelUsage, PersonaEarnings, RevenueLine, SkillUse } from '@neura/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DashboardDays } from './dashboard-days.js';
import { type DayFigures, type Dialect, mergeFigures, readFigures, runsOf } from './dashboard-figures.js';
import { lastDays } from './time-zone.js';

export const DASHBOARD_RANGES = [7, 30, 90] as const;

export type { Dashboard } from '@neura/contract';

export interface ModelPrice {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

const costOf = (price: ModelPrice | undefined, input: number, output: number): number | null =>
  price ? (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000 : null;

/**
 * The dashboard's figures, all sums over the ledger, the orders and the replies' recorded usage
 * (nothing counted on the side). Days are local days of `timeZone`. The ledger and the messages
 * are read by `readFigures` (console/dashboard-figures.ts): for the closed days `closedDays` keeps
 * (console/dashboard-days.ts: the same figures, computed once per closed day and dropped when a
 * row of that day changes) from there, for the others (today, any day not kept) from the sources.
 * Orders (few rows) are always read from the source. When a closed day of the operator's zone is
 * missing, the job is started in the background for the next dashboard.
 */
export async function computeDashboard(
  db: Db,
  dialect: Dialect,
  range: number,
  timeZone: string,
  prices: ModelPrice[],
  now = Date.now(),
  closedDays?: DashboardDays,
): Promise<Dashboard> {
  const days = lastDays(range, timeZone, now);
  const from = days[0]?.start ?? new Date(now).toISOString();
  const to = days[days.length - 1]?.end ?? from;
  const kept = closedDays ? await closedDays.kept(timeZone, days.slice(0, -1)) : new Map<number, DayFigures>();
  const live = days.filter((_, i) => !kept.has(i));
  if (closedDays && timeZone === closedDays.timeZone && live.length > 1) void closedDays.kick();

  const revenueQuery = sql<Record<string, unknown>>`
    SELECT product, kind, currency, COUNT(*) AS orders, SUM(amount_cents) AS amount,
      SUM(refunded_cents) AS refunded, SUM(CASE WHEN refunded_at IS NOT NULL THEN 1 ELSE 0 END) AS refunded_orders
    FROM orders
    WHERE status = 'paid' AND paid_at >= ${from} AND paid_at < ${to}
    GROUP BY product, kind, currency
    ORDER BY SUM(amount_cents) DESC, product`.execute(db);

  const valueQuery = sql<Record<string, unknown>>`
    SELECT currency, SUM(amount_cents) AS cents, SUM(credits) AS credits FROM orders
    WHERE kind = 'pack' AND status = 'paid' AND credits > 0
    GROUP BY currency ORDER BY SUM(amount_cents) DESC, currency`.execute(db);

  const namesQuery = db.selectFrom('personas').select(['id', 'name']).execute();

  const [liveFigures, revenueRows, valueRows, personaRows] = await Promise.all([
    readFigures(db, dialect, days, runsOf(live)),
    revenueQuery,
    valueQuery,
    namesQuery,
  ]);
  const figures = mergeFigures([liveFigures, ...kept.values()]);

  // ---- per day
  const daily: DashboardDay[] = days.map(({ day }) => ({
    day,
    messages: 0,
    activeUsers: 0,
    failures: 0,
    creditsSold: 0,
    creditsGranted: 0,
    creditsSpent: 0,
    refunds: 0,
    refundedCredits: 0,
    clawedBack: 0,
  }));
  const skills = new Map<string, SkillUse>();
  for (const r of figures.ledger) {
    const d = daily[r.day];
    if (!d) continue;
    const { reason, amount, rows: count } = r;
    if (reason === 'purchase') d.creditsSold += amount;
    else if (reason === 'clawback') d.clawedBack -= amount;
    else if (reason === 'message' || reason.startsWith('skill:') || reason.startsWith('refund:'))
      d.creditsSpent -= amount;
    else d.creditsGranted += amount;
    if (reason.startsWith('refund:')) {
      d.refunds += count;
      d.refundedCredits += amount;
    }
    const refund = reason.startsWith('refund:skill:');
    if (refund || reason.startsWith('skill:')) {
      const skill = reason.slice(refund ? 'refund:skill:'.length : 'skill:'.length);
      const use = skills.get(skill) ?? { skill, uses: 0, surcharge: 0 };
      use.uses += refund ? -count : count;
      use.surcharge -= amount;
      skills.set(skill, use);
    }
  }

  // ---- messages, models, personas
  const priceOf = new Map(prices.map((p) => [p.model, p]));
  const models = new Map<string, ModelUsage>();
  const personaUsage = new Map<
    string,
    { replies: number; charged: number; input: number; output: number; cost: number | null }
  >();
  for (const r of figures.messages) {
    const d = daily[r.day];
    const count = r.rows;
    if (r.role === 'user') {
      if (d) d.messages += count;
      continue;
    }
    if (r.role !== 'assistant') continue;
    if (d && r.status === 'failed') d.failures += count;
    const { input, output } = r;
    if (r.model !== null) {
      const model = r.model;
      const u = models.get(model) ?? {
        model,
        replies: 0,
        inputTokens: 0,
        outputTokens: 0,
        reasoningTokens: 0,
        cachedInputTokens: 0,
        estimatedCost: null,
      };
      u.replies += count;
      u.inputTokens += input;
      u.outputTokens += output;
      u.reasoningTokens += r.reasoning;
      u.cachedInputTokens += r.cached;
      models.set(model, u);
    }
    const persona = String(r.persona);
    const p = personaUsage.get(persona) ?? { replies: 0, charged: 0, input: 0, output: 0, cost: 0 };
    p.replies += count;
    p.charged += r.cost;
    p.input += input;
    p.output += output;
    const cost = r.model === null ? (input + output > 0 ? null : 0) : costOf(priceOf.get(r.model), input, output);
    p.cost = p.cost === null || cost === null ? null : p.cost + cost;
    personaUsage.set(persona, p);
  }
  for (const u of models.values()) u.estimatedCost = costOf(priceOf.get(u.model), u.inputTokens, u.outputTokens);

  const senders = new Set<string>();
  for (const r of figures.senders) {
    const d = daily[r.day];
    if (d) d.activeUsers = r.users.length;
    for (const user of r.users) senders.add(user);
  }

  const sum = (key: keyof Omit<DashboardDay, 'day'>) => daily.reduce((acc, d) => acc + d[key], 0);
  const totals = {
    messages: sum('messages'),
    activeUsers: senders.size,
    failures: sum('failures'),
    creditsSold: sum('creditsSold'),
    creditsGranted: sum('creditsGranted'),
    creditsSpent: sum('creditsSpent'),
    refunds: sum('refunds'),
    refundedCredits: sum('refundedCredits'),
    clawedBack: sum('clawedBack'),
  };

  const revenue: RevenueLine[] = revenueRows.rows.map((r) => ({
    product: String(r.product),
    kind: String(r.kind),
    currency: String(r.currency),
    orders: n(r.orders),
    amountCents: n(r.amount),
    refundedCents: n(r.refunded),
    refundedOrders: n(r.refunded_orders),
  }));

  const top = valueRows.rows[0];
  const creditValue =
    top && n(top.credits) > 0 ? { amount: n(top.cents) / 100 / n(top.credits), currency: String(top.currency) } : null;

  const names = new Map(personaRows.map((p) => [p.id, p.name] as const));
  const refunded = new Map<string, number>();
  for (const r of figures.refunds) {
    const key = r.persona ?? '';
    refunded.set(key, (refunded.get(key) ?? 0) + r.amount);
  }
  const personaIds = new Set([...personaUsage.keys(), ...refunded.keys()]);
  const personas: PersonaEarnings[] = [...personaIds].map((id) => {
    const usage = personaUsage.get(id);
    const creditsEarned = (usage?.charged ?? 0) - (refunded.get(id) ?? 0);
    const estimatedCost = usage ? usage.cost : 0;
    const earnedValue = creditValue ? creditsEarned * creditValue.amount : null;
    return {
      personaId: id === '' ? null : id,
      name: id === '' ? '(deleted chats)' : (names.get(id) ?? id),
      replies: usage?.replies ?? 0,
      creditsEarned,
      inputTokens: usage?.input ?? 0,
      outputTokens: usage?.output ?? 0,
      estimatedCost,
      earnedValue,
      margin: earnedValue === null || estimatedCost === null ? null : earnedValue - estimatedCost,
    };
  });
  personas.sort((a, b) => b.creditsEarned - a.creditsEarned || a.name.localeCompare(b.name));

  return {
    days: range,
    timeZone,
    from,
    to,
    daily,
    totals,
    revenue,
    models: [...models.values()].sort((a, b) => b.replies - a.replies || a.model.localeCompare(b.model)),
    personas,
    skills: [...skills.values()].sort((a, b) => b.uses - a.uses || b.surcharge - a.surcharge),
    creditValue,
  };
}
