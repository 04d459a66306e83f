import type { SpendingLimitsInput } from '@neura/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { nowIso } from '../lib/time.js';
import { periodKeys } from './periods.js';

export interface SpendingRow {
  daily_credits: number | null;
  monthly_credits: number | null;
  day_key: string;
  day_spent: number;
  month_key: string;
  month_spent: number;
  /** The user's IANA time zone (null: UTC): the limits count its day and month. */
  time_zone: string | null;
}

/**
 * Spending limits (`spending_limits`, issue #49): only CreditService uses this. `spend` is one
 * conditional upsert that both checks the limits against what was spent in the user's current
 * local day and month (the zone read first, in the same transaction) and adds to it, so on PostgreSQL (the row lock; the condition is evaluated again on the
 * row as a concurrent charge left it) and SQLite (one writer) alike no two charges can pass a limit
 * together, in one process or many.
 */
export class SpendingLimitRepository {
  constructor(private readonly db: Executor) {}

  /** Adds `amount` to the current day and month when it stays within the limits; false when it would not. */
  async spend(
    userId: string,
    amount: number,
    trx: Executor = this.db,
    now = new Date(),
    /** The user's time zone when the caller read it in this transaction (CreditRepository.debitIfCoveredInZone). */
    known?: { timeZone: string | null },
  ): Promise<boolean> {
    const keys = periodKeys(now, known ? known.timeZone : await this.timeZoneOf(userId, trx));
    const at = now.toISOString();
    const row = sql`VALUES (${userId}, ${keys.day}, ${amount}, ${keys.month}, ${amount}, ${at})`;
    const result = await countUpsert(row, amount, keys, at).execute(trx);
    return result.rows.length > 0;
  }

  /**
   * `spend`'s statement, not run, counting only when a CTE named `debit` (CreditRepository.
   * chargeAlong) took the balance: its row is the upsert's source. The periods are those of
   * `timeZone`, the zone the caller expects the debit to read (chargeAlong answers the one it read).
   */
  spendAfterDebit(userId: string, amount: number, now: Date, timeZone: string | null): RawBuilder<{ user_id: string }> {
    const keys = periodKeys(now, timeZone);
    const at = now.toISOString();
    const row = sql`SELECT ${userId}, ${keys.day}, ${amount}, ${keys.month}, ${amount}, ${at} FROM debit`;
    return countUpsert(row, amount, keys, at);
  }

  /**
   * Takes a refunded `amount` charged at `chargedAt` off what was spent, in the periods that are
   * still current (a refund of yesterday's charge gives nothing back to today); never below zero.
   */
  async unspend(userId: string, amount: number, chargedAt: string, trx: Executor = this.db): Promise<void> {
    const zone = await this.timeZoneOf(userId, trx);
    const then = periodKeys(chargedAt, zone);
    const current = periodKeys(new Date(), zone);
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

  private async timeZoneOf(userId: string, trx: Executor): Promise<string | null> {
    const row = await trx
      .selectFrom('spending_limits')
      .select('time_zone')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.time_zone ?? null;
  }

  find(userId: string, trx: Executor = this.db): Promise<SpendingRow | undefined> {
    return trx
      .selectFrom('spending_limits')
      .select(['daily_credits', 'monthly_credits', 'day_key', 'day_spent', 'month_key', 'month_spent', 'time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Sets the limits (null: none) and the user's time zone, keeping what was spent and what is left out. */
  async setLimits(userId: string, input: SpendingLimitsInput): Promise<void> {
    const at = nowIso();
    const current = await this.find(userId);
    const values = {
      daily_credits: input.dailyCredits === undefined ? (current?.daily_credits ?? null) : input.dailyCredits,
      monthly_credits: input.monthlyCredits === undefined ? (current?.monthly_credits ?? null) : input.monthlyCredits,
      time_zone: input.timeZone ?? current?.time_zone ?? null,
    };
    await this.db
      .insertInto('spending_limits')
      .values({ user_id: userId, ...values, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: at }))
      .execute();
  }

  /** Moves the user's limits to `timeZone` when a row exists in another zone (one statement; nothing to do is no write). */
  async followTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.db
      .updateTable('spending_limits')
      .set({ time_zone: timeZone, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('time_zone', 'is', null), eb('time_zone', '<>', timeZone)]))
      .execute();
  }

  async deleteOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('spending_limits').where('user_id', '=', userId).execute();
  }
}

/**
 * The spending count's upsert (`spend`): adds `amount` to the current day and month of `keys`
 * when the limits allow it (the condition is evaluated again on the row as a concurrent charge
 * left it), from `source` (a VALUES row, or a SELECT of one).
 */
function countUpsert(
  source: RawBuilder<unknown>,
  amount: number,
  keys: { day: string; month: string },
  at: string,
): RawBuilder<{ user_id: string }> {
  const { day, month } = keys;
  const daySpent = sql`CASE WHEN spending_limits.day_key = ${day} THEN spending_limits.day_spent ELSE 0 END`;
  const monthSpent = sql`CASE WHEN spending_limits.month_key = ${month} THEN spending_limits.month_spent ELSE 0 END`;
  return sql<{ user_id: string }>`
      INSERT INTO spending_limits (user_id, day_key, day_spent, month_key, month_spent, updated_at)
      ${source}
      ON CONFLICT (user_id) DO UPDATE SET
        day_spent = ${daySpent} + ${amount},
        day_key = ${day},
        month_spent = ${monthSpent} + ${amount},
        month_key = ${month},
        updated_at = ${at}
      WHERE (spending_limits.daily_credits IS NULL OR ${daySpent} + ${amount} <= spending_limits.daily_credits)
        AND (spending_limits.monthly_credits IS NULL OR ${monthSpent} + ${amount} <= spending_limits.monthly_credits)
      RETURNING user_id`;
}
