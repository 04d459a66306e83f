import type { Executor } from '../db/database.js';
import type { DayFigures } from './dashboard-figures.js';
import type { DayRange } from './time-zone.js';

const placeholder = (timeZone: string, day: DayRange) => ({
  time_zone: timeZone,
  day: day.day,
  start_at: day.start,
  end_at: day.end,
  ready: 0,
  figures: null,
  computed_at: new Date().toISOString(),
});

/**
 * The one writer of `dashboard_days` (the dashboard's closed days, console/dashboard-days.ts): the
 * job's placeholders and results. The triggers of migration 0016 delete a kept day whose rows change.
 */
export class DashboardDaysRepository {
  constructor(private readonly db: Executor) {}

  /** Drops the days older than `oldest` and every placeholder left unfinished (`ready = 0`). */
  async dropStale(timeZone: string, oldest: string): Promise<void> {
    await this.db
      .deleteFrom('dashboard_days')
      .where('time_zone', '=', timeZone)
      .where((eb) => eb.or([eb('day', '<', oldest), eb('ready', '=', 0)]))
      .execute();
  }

  /** Writes placeholders for `days` (a day already there is left alone); true when one was written. */
  async claim(timeZone: string, days: DayRange[], trx: Executor = this.db): Promise<boolean> {
    if (days.length === 0) return false;
    const claimed = await trx
      .insertInto('dashboard_days')
      .values(days.map((day) => placeholder(timeZone, day)))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Marks a day ready with its figures; with `onlyPlaceholder`, only while its placeholder is still
   * there (a change since deleted it). True when a row was marked.
   */
  async markReady(
    timeZone: string,
    day: string,
    figures: DayFigures,
    options: { onlyPlaceholder?: boolean; trx?: Executor } = {},
  ): Promise<boolean> {
    let update = (options.trx ?? this.db)
      .updateTable('dashboard_days')
      .set({ ready: 1, figures: JSON.stringify(figures) })
      .where('time_zone', '=', timeZone)
      .where('day', '=', day);
    if (options.onlyPlaceholder) update = update.where('ready', '=', 0);
    const done = await update.executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }
}
