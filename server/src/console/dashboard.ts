import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type DayRange, lastDays } from './time-zone.js';

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export interface DashboardDay {
  day: string;
  /** Messages users sent. */
  messages: number;
  /** Distinct users who sent a message that day. */
  activeUsers: number;
  /** Replies that failed. */
  failures: number;
  creditsSold: number;
  creditsGranted: number;
  /** Charged for messages and skills, net of refunds. */
  creditsSpent: number;
  /** Message and skill refunds (count and credits given back). */
  refunds: number;
  refundedCredits: number;
  /** Credits taken back after an order refund. */
  clawedBack: number;
}

export interface ModelUsage {
  model: string;
  replies: number;
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  /** Estimated provider cost in the shop's currency (major units); null without a price for the model. */
  estimatedCost: number | null;
}

export interface PersonaEarnings {
  personaId: string | null;
  name: string;
  replies: number;
  creditsEarned: number;
  inputTokens: number;
  outputTokens: number;
  estimatedCost: number | null;
  /** creditsEarned at the average paid price per credit, in the shop's currency. */
  earnedValue: number | null;
  /** earnedValue − estimatedCost. */
  margin: number | null;
}

export interface RevenueLine {
  product: string;
  kind: string;
  currency: string;
  orders: number;
  amountCents: number;
  refundedCents: number;
  refundedOrders: number;
}

export interface SkillUse {
  skill: string;
  uses: number;
  surcharge: number;
}

export interface Dashboard {
  days: number;
  timeZone: string;
  from: string;
  to: string;
  daily: DashboardDay[];
  totals: Omit<DashboardDay, 'day'>;
  revenue: RevenueLine[];
  models: ModelUsage[];
  personas: PersonaEarnings[];
  skills: SkillUse[];
  /** The average price of a credit over paid packs (all time), in the major units of `currency`. */
  creditValue: { amount: number; currency: string } | null;
}

export interface ModelPrice {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/** Ledger reasons by kind (see CreditService, Fulfilment, the skill registry). */
const SPENT = sql`(l.reason = 'message' OR l.reason LIKE 'skill:%' OR l.reason LIKE 'refund:%')`;
const REFUND = sql`l.reason LIKE 'refund:%'`;
const GRANTED = sql`(l.reason NOT IN ('purchase', 'message', 'clawback') AND l.reason NOT LIKE 'skill:%' AND l.reason NOT LIKE 'refund:%')`;

/**
 * The index (0 = first day) of the operator's day a timestamp column falls in, for rows already
 * limited to [first start, last end). PostgreSQL: a binary search over the day boundaries
 * (`width_bucket`, byte order: the timestamps are ISO strings of one format); SQLite: the same as a
 * CASE over the boundaries. One pass over the rows either way, and the same boundaries.
 */
function dayIndex(column: RawBuilder<unknown>, days: DayRange[], dialect: Dialect): RawBuilder<number> {
  const bounds = days.slice(1).map((d) => d.start);
  if (bounds.length === 0) return sql<number>`0`;
  if (dialect === 'postgres') {
    return sql<number>`(width_bucket(${column} COLLATE "C", ARRAY[${sql.join(bounds.map((b) => sql`${b}::text`))}] COLLATE "C") )`;
  }
  return sql<number>`(CASE ${sql.join(
    bounds.map((b, i) => sql`WHEN ${column} < ${b} THEN ${sql.lit(i)}`),
    sql` `,
  )} ELSE ${sql.lit(bounds.length)} END)`;
}

export type Dialect = 'postgres' | 'sqlite';

const costOf = (price: ModelPrice | undefined, input: number, output: number): number | null =>
  price ? (input * price.inputPerMTok + output * price.outputPerMTok) / 1_000_000 : null;

/**
 * The dashboard's figures, all computed by SQL over the ledger, the orders and the replies'
 * recorded usage (nothing counted on the side). Days are the operator's local days.
 */
export async function computeDashboard(
  db: Db,
  dialect: Dialect,
  range: number,
  timeZone: string,
  prices: ModelPrice[],
  now = Date.now(),
): Promise<Dashboard> {
  const days = lastDays(range, timeZone, now);
  const from = days[0]?.start ?? new Date(now).toISOString();
  const to = days[days.length - 1]?.end ?? from;

  const messageRows = await sql<Record<string, unknown>>`
    SELECT ${dayIndex(sql.ref('m.created_at'), days, dialect)} AS day,
      SUM(CASE WHEN m.role = 'user' THEN 1 ELSE 0 END) AS messages,
      COUNT(DISTINCT CASE WHEN m.role = 'user' THEN m.user_id END) AS active_users,
      SUM(CASE WHEN m.role = 'assistant' AND m.status = 'failed' THEN 1 ELSE 0 END) AS failures
    FROM messages m
    WHERE m.created_at >= ${from} AND m.created_at < ${to}
    GROUP BY 1`.execute(db);

  const ledgerRows = await sql<Record<string, unknown>>`
    SELECT ${dayIndex(sql.ref('l.created_at'), days, dialect)} AS day,
      SUM(CASE WHEN l.reason = 'purchase' THEN l.amount ELSE 0 END) AS sold,
      SUM(CASE WHEN ${GRANTED} THEN l.amount ELSE 0 END) AS granted,
      SUM(CASE WHEN ${SPENT} THEN -l.amount ELSE 0 END) AS spent,
      SUM(CASE WHEN ${REFUND} THEN 1 ELSE 0 END) AS refunds,
      SUM(CASE WHEN ${REFUND} THEN l.amount ELSE 0 END) AS refunded,
      SUM(CASE WHEN l.reason = 'clawback' THEN -l.amount ELSE 0 END) AS clawed_back
    FROM credit_ledger l
    WHERE l.created_at >= ${from} AND l.created_at < ${to}
    GROUP BY 1`.execute(db);

  const activeRow = await sql<{ n: unknown }>`
    SELECT COUNT(DISTINCT user_id) AS n FROM messages
    WHERE role = 'user' AND created_at >= ${from} AND created_at < ${to}`.execute(db);

  const byDayMessages = new Map(messageRows.rows.map((r) => [Number(r.day), r]));
  const byDayLedger = new Map(ledgerRows.rows.map((r) => [Number(r.day), r]));
  const daily: DashboardDay[] = days.map(({ day }, i) => {
    const m = byDayMessages.get(i);
    const l = byDayLedger.get(i);
    return {
      day,
      messages: n(m?.messages),
      activeUsers: n(m?.active_users),
      failures: n(m?.failures),
      creditsSold: n(l?.sold),
      creditsGranted: n(l?.granted),
      creditsSpent: n(l?.spent),
      refunds: n(l?.refunds),
      refundedCredits: n(l?.refunded),
      clawedBack: n(l?.clawed_back),
    };
  });
  const sum = (key: keyof Omit<DashboardDay, 'day'>) => daily.reduce((acc, d) => acc + d[key], 0);
  const totals = {
    messages: sum('messages'),
    activeUsers: n(activeRow.rows[0]?.n),
    failures: sum('failures'),
    creditsSold: sum('creditsSold'),
    creditsGranted: sum('creditsGranted'),
    creditsSpent: sum('creditsSpent'),
    refunds: sum('refunds'),
    refundedCredits: sum('refundedCredits'),
    clawedBack: sum('clawedBack'),
  };

  const revenueRows = await sql<Record<string, unknown>>`
    SELECT product, kind, currency, COUNT(*) AS orders, SUM(amount_cents) AS amount,
      SUM(refunded_cents) AS refunded, SUM(CASE WHEN refunded_at IS NOT NULL THEN 1 ELSE 0 END) AS refunded_orders
    FROM orders
    WHERE status = 'paid' AND paid_at >= ${from} AND paid_at < ${to}
    GROUP BY product, kind, currency
    ORDER BY SUM(amount_cents) DESC, product`.execute(db);
  const revenue: RevenueLine[] = revenueRows.rows.map((r) => ({
    product: String(r.product),
    kind: String(r.kind),
    currency: String(r.currency),
    orders: n(r.orders),
    amountCents: n(r.amount),
    refundedCents: n(r.refunded),
    refundedOrders: n(r.refunded_orders),
  }));

  const priceOf = new Map(prices.map((p) => [p.model, p]));
  const usageRows = await sql<Record<string, unknown>>`
    SELECT c.persona_id AS persona_id, m.model AS model, COUNT(*) AS replies,
      SUM(COALESCE(m.input_tokens, 0)) AS input_tokens, SUM(COALESCE(m.output_tokens, 0)) AS output_tokens,
      SUM(COALESCE(m.reasoning_tokens, 0)) AS reasoning_tokens, SUM(COALESCE(m.cached_input_tokens, 0)) AS cached_tokens
    FROM messages m JOIN chats c ON c.id = m.chat_id
    WHERE m.role = 'assistant' AND m.created_at >= ${from} AND m.created_at < ${to}
    GROUP BY c.persona_id, m.model`.execute(db);

  const models = new Map<string, ModelUsage>();
  const personaUsage = new Map<string, { replies: number; input: number; output: number; cost: number | null }>();
  for (const r of usageRows.rows) {
    const input = n(r.input_tokens);
    const output = n(r.output_tokens);
    if (r.model !== null && r.model !== undefined) {
      const model = String(r.model);
      const u = models.get(model) ?? {
        model,
        replies: 0,
        inputTokens: 0,
        outputTokens: 0,
        reasoningTokens: 0,
        cachedInputTokens: 0,
        estimatedCost: null,
      };
      u.replies += n(r.replies);
      u.inputTokens += input;
      u.outputTokens += output;
      u.reasoningTokens += n(r.reasoning_tokens);
      u.cachedInputTokens += n(r.cached_tokens);
      models.set(model, u);
    }
    const persona = String(r.persona_id);
    const p = personaUsage.get(persona) ?? { replies: 0, input: 0, output: 0, cost: 0 };
    p.replies += n(r.replies);
    p.input += input;
    p.output += output;
    const cost =
      r.model == null ? (input + output > 0 ? null : 0) : costOf(priceOf.get(String(r.model)), input, output);
    p.cost = p.cost === null || cost === null ? null : p.cost + cost;
    personaUsage.set(persona, p);
  }
  for (const u of models.values()) u.estimatedCost = costOf(priceOf.get(u.model), u.inputTokens, u.outputTokens);

  // Credits a persona earned: its replies' charges (`charge:<reply id>`) net of their refunds (`refund:<reply id>`).
  const earnedRows = await sql<Record<string, unknown>>`
    SELECT c.persona_id AS persona_id, -SUM(l.amount) AS earned
    FROM credit_ledger l
    LEFT JOIN messages m ON m.id = substr(l.idempotency_key, 8)
    LEFT JOIN chats c ON c.id = m.chat_id
    WHERE l.created_at >= ${from} AND l.created_at < ${to}
      AND (l.reason = 'message' OR (l.reason LIKE 'refund:%' AND l.reason NOT LIKE 'refund:skill:%'))
    GROUP BY c.persona_id`.execute(db);

  const valueRows = await sql<Record<string, unknown>>`
    SELECT currency, SUM(amount_cents) AS cents, SUM(credits) AS credits FROM orders
    WHERE kind = 'pack' AND status = 'paid' AND credits > 0
    GROUP BY currency ORDER BY SUM(amount_cents) DESC, currency`.execute(db);
  const top = valueRows.rows[0];
  const creditValue =
    top && n(top.credits) > 0 ? { amount: n(top.cents) / 100 / n(top.credits), currency: String(top.currency) } : null;

  const names = new Map(
    (await db.selectFrom('personas').select(['id', 'name']).execute()).map((p) => [p.id, p.name] as const),
  );
  const earned = new Map(earnedRows.rows.map((r) => [r.persona_id == null ? '' : String(r.persona_id), n(r.earned)]));
  const personaIds = new Set([...personaUsage.keys(), ...earned.keys()]);
  const personas: PersonaEarnings[] = [...personaIds].map((id) => {
    const usage = personaUsage.get(id);
    const creditsEarned = earned.get(id) ?? 0;
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

  const skillRows = await sql<Record<string, unknown>>`
    SELECT l.reason AS reason, COUNT(*) AS rows_count, SUM(l.amount) AS amount FROM credit_ledger l
    WHERE l.created_at >= ${from} AND l.created_at < ${to}
      AND (l.reason LIKE 'skill:%' OR l.reason LIKE 'refund:skill:%')
    GROUP BY l.reason`.execute(db);
  const skills = new Map<string, SkillUse>();
  for (const r of skillRows.rows) {
    const reason = String(r.reason);
    const refund = reason.startsWith('refund:');
    const skill = reason.slice(refund ? 'refund:skill:'.length : 'skill:'.length);
    const s = skills.get(skill) ?? { skill, uses: 0, surcharge: 0 };
    s.uses += refund ? -n(r.rows_count) : n(r.rows_count);
    s.surcharge -= n(r.amount);
    skills.set(skill, s);
  }

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
