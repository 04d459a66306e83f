import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { DashboardDaysRepository } from './dashboard-days-repository.js';
import { atDay, type DayFigures, type Dialect, readFigures } from './dashboard-figures.js';
import { type DayRange, lastDays } from './time-zone.js';

/** The longest range the dashboard shows: closed days older than this are not kept. */
const KEPT_DAYS = 90;
/** How long the job waits for writers older than its placeholders before giving up this round. */
const WAIT_FOR_WRITERS_MS = 60_000;

/**
 * The closed days of the console dashboard (issue #28, migration 0016): the figures of each local
 * day that has ended, in the operator's time zone, computed once from the ledger and the messages
 * by the same grouped queries as a live dashboard and kept in `dashboard_days`. A dashboard reads
 * the days kept and computes the rest (today, and any day not kept) from the sources.
 *
 * Exact, never drifting: triggers delete a kept day whenever a row of that day is inserted, updated
 * or deleted (a late refund dated to an earlier day, a reply failed by the sweeper, a deleted chat
 * or account), so a kept day always equals the sums over its rows; the next run keeps it again.
 * A day is written in two steps so a change racing with its computation is never lost: a
 * placeholder (`ready = 0`) is committed first; on PostgreSQL the job then waits until every
 * transaction that was open at that moment has ended, computes, and marks the row ready only if
 * it is still there (a change since deleted it). On SQLite the placeholder, the reads and the
 * result are one write transaction (writers wait for it).
 *
 * The `dashboard.days` job (console/module.ts): at start-up, after each local midnight, and when
 * a dashboard finds a closed day missing; one process at a time (the job's claim), and its writes
 * are idempotent (a direct `rollUp` beside it keeps the same figures).
 */
export class DashboardDays {
  private readonly repo: DashboardDaysRepository;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    readonly timeZone: string,
    private readonly log?: Pick<FastifyBaseLogger, 'error' | 'info'>,
    /** Asks the job queue to run the job soon (`kick`). */
    private readonly runSoon?: () => Promise<void>,
  ) {
    this.repo = new DashboardDaysRepository(db);
  }

  /** The kept figures of the closed days among `days`, by their index in `days`. */
  async kept(timeZone: string, days: DayRange[]): Promise<Map<number, DayFigures>> {
    const found = new Map<number, DayFigures>();
    if (days.length === 0) return found;
    const rows = await this.db
      .selectFrom('dashboard_days')
      .select(['day', 'start_at', 'end_at', 'figures'])
      .where('time_zone', '=', timeZone)
      .where('ready', '=', 1)
      .where(
        'day',
        'in',
        days.map((d) => d.day),
      )
      .execute();
    const index = new Map(days.map((d, i) => [d.day, i]));
    for (const row of rows) {
      const i = index.get(row.day);
      const range = i === undefined ? undefined : days[i];
      // A day whose bounds differ (the zone's rules changed since) is not used.
      if (i === undefined || !range || range.start !== row.start_at || range.end !== row.end_at || !row.figures)
        continue;
      found.set(i, atDay(JSON.parse(row.figures) as DayFigures, i));
    }
    return found;
  }

  /**
   * Keeps every closed day of the last KEPT_DAYS in `timeZone` that is not kept yet; returns how
   * many it wrote. `signal` (the job queue stopping) ends it between days.
   */
  async rollUp(timeZone = this.timeZone, now = Date.now(), signal?: AbortSignal): Promise<number> {
    const days = lastDays(KEPT_DAYS + 1, timeZone, now).slice(0, -1); // today is not closed
    const oldest = days[0]?.day ?? '';
    if (this.dialect === 'postgres') return this.rollUpPostgres(timeZone, days, oldest, signal);
    await this.repo.dropStale(timeZone, oldest);
    let written = 0;
    for (const day of await this.missing(timeZone, days)) {
      if (signal?.aborted) break;
      const kept = await this.db.transaction().execute(async (trx) => {
        // The write first: from here no other writer can change the day until the result is in.
        if (!(await this.repo.claim(timeZone, [day], trx))) return false; // another process kept it
        const figures = await readFigures(trx, 'sqlite', [day]);
        await this.repo.markReady(timeZone, day.day, figures, { trx });
        return true;
      });
      if (kept) written++;
    }
    return written;
  }

  private async rollUpPostgres(
    timeZone: string,
    days: DayRange[],
    oldest: string,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    await this.repo.dropStale(timeZone, oldest);
    const missing = await this.missing(timeZone, days);
    if (missing.length === 0) return 0;
    await this.repo.claim(timeZone, missing);
    // A writer that changed one of these days before the placeholders were committed found none
    // to delete: wait until every transaction open at this point has ended, so each such change
    // is either visible to the reads below or rolled back.
    if (!(await this.waitForOlderWriters(signal))) {
      this.log?.info('dashboard days: writers still open, trying again later');
      return 0;
    }
    let written = 0;
    for (const day of missing) {
      if (signal?.aborted) break;
      const figures = await readFigures(this.db, 'postgres', [day]);
      // Not marked: a row of the day changed meanwhile (its trigger deleted the placeholder).
      if (await this.repo.markReady(timeZone, day.day, figures, { onlyPlaceholder: true })) written++;
    }
    return written;
  }

  private async waitForOlderWriters(signal: AbortSignal | undefined): Promise<boolean> {
    const snap = await sql<{ s: string }>`SELECT pg_current_snapshot()::text AS s`.execute(this.db);
    const snapshot = snap.rows[0]?.s ?? '';
    const until = Date.now() + WAIT_FOR_WRITERS_MS;
    for (;;) {
      const open = await sql<{ open: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_snapshot_xip(${snapshot}::pg_snapshot) AS x
          WHERE pg_xact_status(x) = 'in progress') AS open`.execute(this.db);
      if (!open.rows[0]?.open) return true;
      if (Date.now() > until || signal?.aborted) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async missing(timeZone: string, days: DayRange[]): Promise<DayRange[]> {
    if (days.length === 0) return [];
    const kept = await this.db
      .selectFrom('dashboard_days')
      .select('day')
      .where('time_zone', '=', timeZone)
      .where('day', '>=', days[0]?.day ?? '')
      .execute();
    const have = new Set(kept.map((r) => r.day));
    return days.filter((d) => !have.has(d.day));
  }

  /** A dashboard found a closed day missing: the job runs as soon as it can (in the background). */
  kick(): void {
    void Promise.resolve(this.runSoon?.()).catch((error) =>
      this.log?.error({ err: error }, 'dashboard days: could not ask for a roll-up'),
    );
  }

  /** When the job runs next: a minute after the coming local midnight of the operator's zone. */
  untilNextRun(now: number): number {
    const today = lastDays(1, this.timeZone, now)[0];
    const next = (today ? Date.parse(today.end) : now + 86_400_000) + 60_000;
    return Math.max(1000, next - now);
  }
}
