import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/**
 * Limit counters in the database, one row per (scope, subject). Every change is ONE statement
 * (`INSERT … ON CONFLICT DO UPDATE … RETURNING`): PostgreSQL locks the row for it and SQLite runs
 * one statement at a time, so parallel requests and processes never read the same count.
 */
export class AttemptRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Counts `amount` events (one by default) in a fixed window and returns the count including
   * them. A window that ended (started at or before `windowCutoff`) starts over at `amount`.
   */
  async increment(scope: string, subject: string, now: string, windowCutoff: string, amount = 1): Promise<number> {
    const result = await sql<{ count: number }>`
      INSERT INTO attempt_counters (scope, subject, count, window_start, blocked_until)
      VALUES (${scope}, ${subject}, ${amount}, ${now}, NULL)
      ON CONFLICT (scope, subject) DO UPDATE SET
        count = CASE WHEN attempt_counters.window_start <= ${windowCutoff} THEN ${amount} ELSE attempt_counters.count + ${amount} END,
        window_start = CASE WHEN attempt_counters.window_start <= ${windowCutoff} THEN ${now} ELSE attempt_counters.window_start END
      RETURNING count
    `.execute(this.db);
    return Number(result.rows[0]?.count ?? Number.POSITIVE_INFINITY);
  }

  /** Gives back counted events (the reserved attempt turned out fine), never below 0. */
  async decrement(scope: string, subject: string, amount = 1): Promise<void> {
    await this.db
      .updateTable('attempt_counters')
      .set({ count: sql<number>`CASE WHEN count > ${amount} THEN count - ${amount} ELSE 0 END` })
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('count', '>', 0)
      .execute();
  }

  /**
   * Reserves one try under an exponential back-off: refused (undefined) while `blocked_until` is in
   * the future; otherwise counts the try (starting over when the last one is older than `resetCutoff`)
   * and sets `blocked_until` to `blockedUntilFor(count)` in the same statement.
   * `delays` lists, for counts 1…n, the ISO time until which the next try waits (null = no wait);
   * counts past the list use its last entry.
   */
  async reserveBackoff(
    scope: string,
    subject: string,
    now: string,
    resetCutoff: string,
    delays: Array<string | null>,
  ): Promise<number | undefined> {
    const next = sql`(CASE WHEN attempt_counters.window_start <= ${resetCutoff} THEN 1 ELSE attempt_counters.count + 1 END)`;
    const last = delays.length;
    const until = sql`(CASE ${sql.join(
      delays.slice(0, -1).map((d, i) => sql`WHEN ${next} = ${i + 1} THEN CAST(${d} AS TEXT)`),
      sql.raw(' '),
    )} ELSE CAST(${delays[last - 1] ?? null} AS TEXT) END)`;
    const result = await sql<{ count: number }>`
      INSERT INTO attempt_counters (scope, subject, count, window_start, blocked_until)
      VALUES (${scope}, ${subject}, 1, ${now}, CAST(${delays[0] ?? null} AS TEXT))
      ON CONFLICT (scope, subject) DO UPDATE SET
        count = ${next},
        blocked_until = ${until},
        window_start = ${now}
      WHERE attempt_counters.blocked_until IS NULL OR attempt_counters.blocked_until <= ${now}
      RETURNING count
    `.execute(this.db);
    const row = result.rows[0];
    return row ? Number(row.count) : undefined;
  }

  /** A back-off's count of tries in a row (0 when none, or when the last is older than `resetCutoff`). */
  async backoffCount(scope: string, subject: string, resetCutoff: string): Promise<number> {
    const row = await this.db
      .selectFrom('attempt_counters')
      .select('count')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('window_start', '>', resetCutoff)
      .executeTakeFirst();
    return row ? Number(row.count) : 0;
  }

  /** Forgets a subject's counter (a right password resets its back-off). */
  async reset(scope: string, subject: string): Promise<void> {
    await this.db.deleteFrom('attempt_counters').where('scope', '=', scope).where('subject', '=', subject).execute();
  }

  /** Forgets a subject's counters under these scopes. */
  async deleteSubject(scopes: string[], subject: string, trx: Executor = this.db): Promise<void> {
    if (scopes.length === 0) return;
    await trx.deleteFrom('attempt_counters').where('scope', 'in', scopes).where('subject', '=', subject).execute();
  }

  /** Drops counters untouched since the cut-off (all scopes). */
  async pruneBefore(beforeIso: string): Promise<void> {
    await this.db
      .deleteFrom('attempt_counters')
      .where('window_start', '<=', beforeIso)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', beforeIso)]))
      .execute();
  }

  /** Deletes the counters of these subjects and of every subject starting with one of the prefixes. */
  async deleteSubjects(subjects: string[], prefixes: string[], trx: Executor = this.db): Promise<void> {
    await trx
      .deleteFrom('attempt_counters')
      .where((eb) =>
        eb.or([eb('subject', 'in', subjects), ...prefixes.map((prefix) => eb('subject', 'like', `${prefix}%`))]),
      )
      .execute();
  }
}
