import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { FeedbackRow, FeedbackTable } from '../db/schema.js';

export interface FeedbackWithEmail extends FeedbackRow {
  email: string | null;
}

export class FeedbackRepository {
  constructor(private readonly db: Executor) {}

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

  /**
   * Account deletion (inside its transaction): the user's feedback goes with them (issue #30: no
   * row of a deleted user is left; its text is theirs even without their id).
   */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('feedback').where('user_id', '=', userId).execute();
  }
}
