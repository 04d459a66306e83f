import type { Executor } from '../db/database.js';
import type { ChatFolderRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/** The only reader and writer of the `chat_folders` table (issue #49). */
export class FolderRepository {
  constructor(private readonly db: Executor) {}

  /** The user's folders in their order. */
  listForUser(userId: string, trx: Executor = this.db): Promise<ChatFolderRow[]> {
    return trx
      .selectFrom('chat_folders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  findOwned(userId: string, id: string, trx: Executor = this.db): Promise<ChatFolderRow | undefined> {
    return trx
      .selectFrom('chat_folders')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(row: ChatFolderRow, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('chat_folders').values(row).execute();
  }

  async rename(userId: string, id: string, name: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('chat_folders')
      .set({ name, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Writes the order: `ids[i]` gets position i. */
  async setOrder(userId: string, ids: string[], trx: Executor = this.db): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable('chat_folders')
        .set({ position })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    }
  }

  /** Deletes an owned folder (its chats' `folder_id` is set null by the foreign key); whether one went. */
  async deleteOwned(userId: string, id: string, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .deleteFrom('chat_folders')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('chat_folders').where('user_id', '=', userId).execute();
  }
}
