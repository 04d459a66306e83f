import type { Dashboard, DashboardDay, ModelUsage, PersonaEarnings, RevenueLine, SkillUse } from '@neura/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type DayRange, lastDays } from './time-zone.js';

export const DASHBOARD_RANGES = [7, 30, 90] as const;

export type { Dashboard } from '@neura/contract';

export interface ModelPrice {
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
}

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

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
 * recorded usage (nothing counted on the side). Days are the operator's local days. Each big
 * table is read once for the range (the queries run side by side on PostgreSQL's pool):
 * - the ledger, grouped by day and reason: credits sold, granted, spent, refunds, claw-backs, skills;
 * - the messages (joined to their chat's persona), grouped by day, role, status, persona and model:
 *   messages and failures per day, tokens per model and persona, and what each persona's replies
 *   were charged (a reply's `cost` is exactly its `charge:<reply>` ledger row);
 * - the ledger's message refunds (few rows) joined to their reply's persona;
 * - distinct users who sent a message, per day and over the range.
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
  const ledgerDay = dayIndex(sql.ref('l.created_at'), days, dialect);
  const messageDay = dayIndex(sql.ref('m.created_at'), days, dialect);

  const ledgerQuery = sql<Record<string, unknown>>`
    SELECT ${ledgerDay} AS day, l.reason AS reason, COUNT(*) AS rows_count, SUM(l.amount) AS amount
    FROM credit_ledger l
    WHERE l.created_at >= ${from} AND l.created_at < ${to}
    GROUP BY 1, l.reason`.execute(db);

  // Grouped by chat first, then the (few) groups joined to their chat's persona.
  const messageQuery = sql<Record<string, unknown>>`
    SELECT g.day AS day, g.role AS role, g.status AS status, c.persona_id AS persona_id, g.model AS model,
      SUM(g.rows_count) AS rows_count, SUM(g.cost) AS cost, SUM(g.input_tokens) AS input_tokens,
      SUM(g.output_tokens) AS output_tokens, SUM(g.reasoning_tokens) AS reasoning_tokens,
      SUM(g.cached_tokens) AS cached_tokens
    FROM (
      SELECT ${messageDay} AS day, m.role AS role, m.status AS status, m.chat_id AS chat_id, m.model AS model,
        COUNT(*) AS rows_count, SUM(m.cost) AS cost,
        SUM(COALESCE(m.input_tokens, 0)) AS input_tokens, SUM(COALESCE(m.output_tokens, 0)) AS output_tokens,
        SUM(COALESCE(m.reasoning_tokens, 0)) AS reasoning_tokens, SUM(COALESCE(m.cached_input_tokens, 0)) AS cached_tokens
      FROM messages m
      WHERE m.created_at >= ${from} AND m.created_at < ${to}
      GROUP BY 1, m.role, m.status, m.chat_id, m.model
    ) g JOIN chats c ON c.id = g.chat_id
    GROUP BY g.day, g.role, g.status, c.persona_id, g.model`.execute(db);

  // Message refunds (`refund:<reply id>`) by the persona of the reply they gave back.
  const refundQuery = sql<Record<string, unknown>>`
    SELECT c.persona_id AS persona_id, SUM(l.amount) AS amount
    FROM credit_ledger l
    LEFT JOIN messages m ON m.id = substr(l.idempotency_key, 8)
    LEFT JOIN chats c ON c.id = m.chat_id
    WHERE l.created_at >= ${from} AND l.created_at < ${to}
      AND l.reason LIKE 'refund:%' AND l.reason NOT LIKE 'refund:skill:%'
    GROUP BY c.persona_id`.execute(db);

  // Distinct senders per day (day >= 0) and over the whole range (day null or -1).
  const activeQuery =
    dialect === 'postgres'
      ? sql<Record<string, unknown>>`
        SELECT ${messageDay} AS day, COUNT(DISTINCT m.user_id) AS n
        FROM messages m
        WHERE m.role = 'user' AND m.created_at >= ${from} AND m.created_at < ${to}
        GROUP BY GROUPING SETS ((1), ())`.execute(db)
      : Promise.all([
          sql<Record<string, unknown>>`
            SELECT ${messageDay} AS day, COUNT(DISTINCT m.user_id) AS n FROM messages m
            WHERE m.role = 'user' AND m.created_at >= ${from} AND m.created_at < ${to} GROUP BY 1`.execute(db),
          sql<Record<string, unknown>>`
            SELECT -1 AS day, COUNT(DISTINCT m.user_id) AS n FROM messages m
            WHERE m.role = 'user' AND m.created_at >= ${from} AND m.created_at < ${to}`.execute(db),
        ]).then(([perDay, all]) => ({ rows: [...perDay.rows, ...all.rows] }));

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

  const [ledgerRows, messageRows, refundRows, activeRows, revenueRows, valueRows, personaRows] = await Promise.all([
    ledgerQuery,
    messageQuery,
    refundQuery,
    activeQuery,
    revenueQuery,
    valueQuery,
    namesQuery,
  ]);

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
  for (const r of ledgerRows.rows) {
    const d = daily[Number(r.day)];
    if (!d) continue;
    const reason = String(r.reason);
    const amount = n(r.amount);
    const count = n(r.rows_count);
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
  for (const r of messageRows.rows) {
    const d = daily[Number(r.day)];
    const count = n(r.rows_count);
    if (r.role === 'user') {
      if (d) d.messages += count;
      continue;
    }
    if (r.role !== 'assistant') continue;
    if (d && r.status === 'failed') d.failures += count;
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
      u.replies += count;
      u.inputTokens += input;
      u.outputTokens += output;
      u.reasoningTokens += n(r.reasoning_tokens);
      u.cachedInputTokens += n(r.cached_tokens);
      models.set(model, u);
    }
    const persona = String(r.persona_id);
    const p = personaUsage.get(persona) ?? { replies: 0, charged: 0, input: 0, output: 0, cost: 0 };
    p.replies += count;
    p.charged += n(r.cost);
    p.input += input;
    p.output += output;
    const cost =
      r.model == null ? (input + output > 0 ? null : 0) : costOf(priceOf.get(String(r.model)), input, output);
    p.cost = p.cost === null || cost === null ? null : p.cost + cost;
    personaUsage.set(persona, p);
  }
  for (const u of models.values()) u.estimatedCost = costOf(priceOf.get(u.model), u.inputTokens, u.outputTokens);

  let activeInRange = 0;
  for (const r of activeRows.rows) {
    const day = r.day === null || r.day === undefined ? -1 : Number(r.day);
    if (day === -1) activeInRange = n(r.n);
    else {
      const d = daily[day];
      if (d) d.activeUsers = n(r.n);
    }
  }

  const sum = (key: keyof Omit<DashboardDay, 'day'>) => daily.reduce((acc, d) => acc + d[key], 0);
  const totals = {
    messages: sum('messages'),
    activeUsers: activeInRange,
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
  const refunded = new Map(refundRows.rows.map((r) => [r.persona_id == null ? '' : String(r.persona_id), n(r.amount)]));
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
