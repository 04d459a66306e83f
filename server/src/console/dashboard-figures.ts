import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DayRange } from './time-zone.js';

export type Dialect = 'postgres' | 'sqlite';

/**
 * The dashboard's source rows, grouped (the figures of some local days): what the dashboard
 * assembles, and what a closed day stores in `dashboard_days` (console/dashboard-days.ts). `day`
 * is an index into the days asked for. Plain numbers (PostgreSQL's bigint sums converted).
 */
export interface DayFigures {
  /** The ledger by day and reason. */
  ledger: Array<{ day: number; reason: string; rows: number; amount: number }>;
  /** Messages by day, role, status, their chat's persona and model, with the replies' usage. */
  messages: Array<{
    day: number;
    role: string;
    status: string;
    persona: string | null;
    model: string | null;
    rows: number;
    cost: number;
    input: number;
    output: number;
    reasoning: number;
    cached: number;
  }>;
  /** Message refunds (`refund:<reply id>`) by day and the persona of the reply they gave back. */
  refunds: Array<{ day: number; persona: string | null; amount: number }>;
  /** Who sent a message, per day. */
  senders: Array<{ day: number; users: string[] }>;
}

const emptyFigures = (): DayFigures => ({ ledger: [], messages: [], refunds: [], senders: [] });

const n = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

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

/** `column` in one of the spans (each [start, end)). */
function within(column: RawBuilder<unknown>, spans: Array<{ start: string; end: string }>): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    spans.map((s) => sql`(${column} >= ${s.start} AND ${column} < ${s.end})`),
    sql` OR `,
  )})`;
}

/**
 * Reads the figures of `days` from the ledger and the messages, limited to the rows in `spans`
 * (runs of those days; all of them when omitted). Each big table is read once (the queries run
 * side by side on PostgreSQL's pool):
 * - the ledger, grouped by day and reason: credits sold, granted, spent, refunds, claw-backs, skills;
 * - the messages (joined to their chat's persona), grouped by day, role, status, persona and model:
 *   messages and failures per day, tokens per model and persona, and what each persona's replies
 *   were charged (a reply's `cost` is exactly its `charge:<reply>` ledger row);
 * - the ledger's message refunds (few rows) joined to their reply's persona;
 * - the distinct senders of each day.
 */
export async function readFigures(
  db: Db,
  dialect: Dialect,
  days: DayRange[],
  spans: Array<{ start: string; end: string }> = runsOf(days),
): Promise<DayFigures> {
  if (days.length === 0 || spans.length === 0) return emptyFigures();
  const ledgerDay = dayIndex(sql.ref('l.created_at'), days, dialect);
  const messageDay = dayIndex(sql.ref('m.created_at'), days, dialect);
  const ledgerIn = within(sql.ref('l.created_at'), spans);
  const messageIn = within(sql.ref('m.created_at'), spans);

  const ledgerQuery = sql<Record<string, unknown>>`
    SELECT ${ledgerDay} AS day, l.reason AS reason, COUNT(*) AS rows_count, SUM(l.amount) AS amount
    FROM credit_ledger l
    WHERE ${ledgerIn}
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
      WHERE ${messageIn}
      GROUP BY 1, m.role, m.status, m.chat_id, m.model
    ) g JOIN chats c ON c.id = g.chat_id
    GROUP BY g.day, g.role, g.status, c.persona_id, g.model`.execute(db);

  const refundQuery = sql<Record<string, unknown>>`
    SELECT ${ledgerDay} AS day, c.persona_id AS persona_id, SUM(l.amount) AS amount
    FROM credit_ledger l
    LEFT JOIN messages m ON m.id = substr(l.idempotency_key, 8)
    LEFT JOIN chats c ON c.id = m.chat_id
    WHERE ${ledgerIn} AND l.reason LIKE 'refund:%' AND l.reason NOT LIKE 'refund:skill:%'
    GROUP BY 1, c.persona_id`.execute(db);

  const senderQuery = sql<Record<string, unknown>>`
    SELECT ${messageDay} AS day, m.user_id AS user_id FROM messages m
    WHERE m.role = 'user' AND ${messageIn}
    GROUP BY 1, m.user_id`.execute(db);

  const [ledgerRows, messageRows, refundRows, senderRows] = await Promise.all([
    ledgerQuery,
    messageQuery,
    refundQuery,
    senderQuery,
  ]);
  const senders = new Map<number, string[]>();
  for (const r of senderRows.rows) {
    const day = n(r.day);
    const list = senders.get(day) ?? [];
    list.push(String(r.user_id));
    senders.set(day, list);
  }
  return {
    ledger: ledgerRows.rows.map((r) => ({
      day: n(r.day),
      reason: String(r.reason),
      rows: n(r.rows_count),
      amount: n(r.amount),
    })),
    messages: messageRows.rows.map((r) => ({
      day: n(r.day),
      role: String(r.role),
      status: String(r.status),
      persona: text(r.persona_id),
      model: text(r.model),
      rows: n(r.rows_count),
      cost: n(r.cost),
      input: n(r.input_tokens),
      output: n(r.output_tokens),
      reasoning: n(r.reasoning_tokens),
      cached: n(r.cached_tokens),
    })),
    refunds: refundRows.rows.map((r) => ({ day: n(r.day), persona: text(r.persona_id), amount: n(r.amount) })),
    senders: [...senders].map(([day, users]) => ({ day, users })),
  };
}

/** The contiguous runs of `days` (oldest first) as [start, end) spans. */
export function runsOf(days: DayRange[]): Array<{ start: string; end: string }> {
  const spans: Array<{ start: string; end: string }> = [];
  for (const d of days) {
    const last = spans[spans.length - 1];
    if (last && last.end === d.start) last.end = d.end;
    else spans.push({ start: d.start, end: d.end });
  }
  return spans;
}

/** Figures of several parts of a range, one list (their `day` already indexes the same days). */
export function mergeFigures(parts: DayFigures[]): DayFigures {
  return {
    ledger: parts.flatMap((p) => p.ledger),
    messages: parts.flatMap((p) => p.messages),
    refunds: parts.flatMap((p) => p.refunds),
    senders: parts.flatMap((p) => p.senders),
  };
}

/** The same figures with every `day` index moved to `day`: a stored day (index 0) placed in a range. */
export function atDay(figures: DayFigures, day: number): DayFigures {
  return {
    ledger: figures.ledger.map((r) => ({ ...r, day })),
    messages: figures.messages.map((r) => ({ ...r, day })),
    refunds: figures.refunds.map((r) => ({ ...r, day })),
    senders: figures.senders.map((r) => ({ ...r, day })),
  };
}
