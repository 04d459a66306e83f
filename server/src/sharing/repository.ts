import type { Executor } from '../db/database.js';
import type { ChatShareRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/** The only reader and writer of `chat_shares` (rows go with their chat and user by cascade). */
export class ShareRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: ChatShareRow, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('chat_shares').values(row).execute();
  }

  findById(id: string, trx: Executor = this.db): Promise<ChatShareRow | undefined> {
    return trx.selectFrom('chat_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user's live links, newest first, with their chat's current name. */
  listLive(userId: string, trx: Executor = this.db) {
    return trx
      .selectFrom('chat_shares as s')
      .innerJoin('chats as c', 'c.id', 's.chat_id')
      .select(['s.id', 's.chat_id', 's.snapshot', 's.created_at', 'c.name as chat_name'])
      .where('s.user_id', '=', userId)
      .where('s.revoked_at', 'is', null)
      .orderBy('s.id', 'desc')
      .execute();
  }

  /** Revokes the user's link; whether a live link changed. */
  async revokeOwned(userId: string, id: string, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('chat_shares')
      .set({ revoked_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Every row of the user (data archive). */
  listAllOf(userId: string, trx: Executor = this.db): Promise<ChatShareRow[]> {
    return trx.selectFrom('chat_shares').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  /** Account deletion (inside its transaction). */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('chat_shares').where('user_id', '=', userId).execute();
  }
}
