import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import { lockOwner } from '../db/owner-lock.js';
import type { FeedbackRow, FeedbackTable } from '../db/schema.js';

export interface FeedbackWithEmail extends FeedbackRow {
  email: string | null;
}

export class FeedbackRepository {
  constructor(
    private readonly db: Executor,
    private readonly kind: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  /**
   * Inserts a report unless its sender already has an open one (not marked handled) with the same
   * `about`: the check and the insert are one reservation (PostgreSQL: a per-sender transaction
   * lock; SQLite runs one transaction at a time). False when one was open (finding L3).
   */
  async insertReportOnce(row: Insertable<FeedbackTable> & { user_id: string }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await lockOwner(trx, this.kind, `report:${row.user_id}`);
      const open = await trx
        .selectFrom('feedback')
        .select('id')
        .where('user_id', '=', row.user_id)
        .where('type', '=', row.type)
        .where('about', '=', row.about)
        .where('handled_at', 'is', null)
        .executeTakeFirst();
      if (open) return false;
      await trx.insertInto('feedback').values(row).execute();
      return true;
    });
  }

  async insert(row: Insertable<FeedbackTable>, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('feedback').values(row).execute();
  }

  /** Newest first, with the sender's email when known. */
  listRecent(limit: number): Promise<FeedbackWithEmail[]> {
    return this.db
      .selectFrom('feedback')
      .leftJoin('users', 'users.id', 'feedback.user_id')
      .select([
        'feedback.id',
        'feedback.user_id',
        'feedback.type',
        'feedback.about',
        'feedback.message',
        'feedback.created_at',
        'feedback.handled_at',
        'users.email',
      ])
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc')
      .limit(limit)
      .execute();
  }

  find(id: string, trx: Executor = this.db): Promise<Pick<FeedbackRow, 'id' | 'about' | 'handled_at'> | undefined> {
    return trx.selectFrom('feedback').select(['id', 'handled_at', 'about']).where('id', '=', id).executeTakeFirst();
  }

  /** Marks feedback handled at `at`, or open again (null). */
  async setHandled(id: string, at: string | null, trx: Executor = this.db): Promise<void> {
    await trx.updateTable('feedback').set({ handled_at: at }).where('id', '=', id).execute();
  }

  /**
   * Account deletion (inside its transaction): the user's feedback goes with them (issue #30: no
   * row of a deleted user is left; its text is theirs even without their id).
   */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('feedback').where('user_id', '=', userId).execute();
  }
}
