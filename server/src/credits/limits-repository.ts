import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { nowIso } from '../lib/time.js';

/** The UTC day (`YYYY-MM-DD`) and month (`YYYY-MM`) a moment belongs to: the periods limits count in. */
export function periodKeys(at: Date | string): { day: string; month: string } {
  const iso = typeof at === 'string' ? new Date(at).toISOString() : at.toISOString();
  return { day: iso.slice(0, 10), month: iso.slice(0, 7) };
}

export interface SpendingRow {
  daily_credits: number | null;
  monthly_credits: number | null;
  day_key: string;
  day_spent: number;
  month_key: string;
  month_spent: number;
}

/**
 * Spending limits (`spending_limits`, issue #49): only CreditService uses this. `spend` is one
 * conditional upsert that both checks the limits against what was spent in the current UTC day
 * and month and adds to it, so on PostgreSQL (the row lock; the condition is evaluated again on the
 * row as a concurrent charge left it) and SQLite (one writer) alike no two charges can pass a limit
 * together, in one process or many.
 */
export class SpendingLimitRepository {
  constructor(private readonly db: Executor) {}

  /** Adds `amount` to the current day and month when it stays within the limits; false when it would not. */
  async spend(userId: string, amount: number, trx: Executor = this.db, now = new Date()): Promise<boolean> {
    const { day, month } = periodKeys(now);
    const at = now.toISOString();
    const daySpent = sql`CASE WHEN spending_limits.day_key = ${day} THEN spending_limits.day_spent ELSE 0 END`;
    const monthSpent = sql`CASE WHEN spending_limits.month_key = ${month} THEN spending_limits.month_spent ELSE 0 END`;
    const result = await sql<{ user_id: string }>`
      INSERT INTO spending_limits (user_id, day_key, day_spent, month_key, month_spent, updated_at)
      VALUES (${userId}, ${day}, ${amount}, ${month}, ${amount}, ${at})
      ON CONFLICT (user_id) DO UPDATE SET
        day_spent = ${daySpent} + ${amount},
        day_key = ${day},
        month_spent = ${monthSpent} + ${amount},
        month_key = ${month},
        updated_at = ${at}
      WHERE (spending_limits.daily_credits IS NULL OR ${daySpent} + ${amount} <= spending_limits.daily_credits)
        AND (spending_limits.monthly_credits IS NULL OR ${monthSpent} + ${amount} <= spending_limits.monthly_credits)
      RETURNING user_id`.execute(trx);
    return result.rows.length > 0;
  }

  /**
   * Takes a refunded `amount` charged at `chargedAt` off what was spent, in the periods that are
   * still current (a refund of yesterday's charge gives nothing back to today); never below zero.
   */
  async unspend(userId: string, amount: number, chargedAt: string, trx: Executor = this.db): Promise<void> {
    const then = periodKeys(chargedAt);
    const current = periodKeys(new Date());
    const day = then.day === current.day ? amount : 0;
    const month = then.month === current.month ? amount : 0;
    if (day === 0 && month === 0) return;
    await trx
      .updateTable('spending_limits')
      .set({
        day_spent: sql<number>`CASE WHEN day_key = ${current.day} AND day_spent > ${day} THEN day_spent - ${day} WHEN day_key = ${current.day} THEN 0 ELSE day_spent END`,
        month_spent: sql<number>`CASE WHEN month_key = ${current.month} AND month_spent > ${month} THEN month_spent - ${month} WHEN month_key = ${current.month} THEN 0 ELSE month_spent END`,
      })
      .where('user_id', '=', userId)
      .execute();
  }

  find(userId: string, trx: Executor = this.db): Promise<SpendingRow | undefined> {
    return trx
      .selectFrom('spending_limits')
      .select(['daily_credits', 'monthly_credits', 'day_key', 'day_spent', 'month_key', 'month_spent'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Sets the limits (null: none), keeping what was spent. */
  async setLimits(userId: string, limits: { daily: number | null; monthly: number | null }): Promise<void> {
    const at = nowIso();
    await this.db
      .insertInto('spending_limits')
      .values({ user_id: userId, daily_credits: limits.daily, monthly_credits: limits.monthly, updated_at: at })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ daily_credits: limits.daily, monthly_credits: limits.monthly, updated_at: at }),
      )
      .execute();
  }

  async deleteOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('spending_limits').where('user_id', '=', userId).execute();
  }
}
