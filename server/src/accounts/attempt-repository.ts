import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** Rate-limit events: one row per event, counted in a time window and pruned by age. */
export class AttemptRepository {
  constructor(private readonly db: Executor) {}

  async record(scope: string, subject: string): Promise<void> {
    await this.db.insertInto('attempts').values({ id: newId(), scope, subject, created_at: nowIso() }).execute();
  }

  async countSince(scope: string, subject: string, sinceIso: string): Promise<number> {
    const row = await this.db
      .selectFrom('attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('created_at', '>', sinceIso)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async pruneBefore(scope: string, subject: string, beforeIso: string): Promise<void> {
    await this.db
      .deleteFrom('attempts')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('created_at', '<=', beforeIso)
      .execute();
  }

  /** Drops every event older than the cut-off (all scopes). */
  async pruneAllBefore(beforeIso: string): Promise<void> {
    await this.db.deleteFrom('attempts').where('created_at', '<=', beforeIso).execute();
  }

  async deleteForSubject(subject: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('attempts').where('subject', '=', subject).execute();
  }
}
