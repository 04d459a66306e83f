import { sql } from 'kysely';
import type { Db, Executor } from '../db/database.js';
import type { FileRow } from '../db/schema.js';

/** The `files` table: the only place its SQL appears. */
export class FileRepository {
  constructor(private readonly db: Db) {}

  /** Bytes the user's files take. */
  async totalSize(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.sum<number | string | null>('size').as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  async insert(row: FileRow): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  /** The files of a chat with everything known about them (a fork copies them). */
  listRowsByChat(chatId: string): Promise<FileRow[]> {
    return this.db.selectFrom('files').selectAll().where('chat_id', '=', chatId).execute();
  }

  findById(id: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOwned(userId: string, id: string): Promise<FileRow | undefined> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  listOwned(userId: string, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
  }

  async setPurpose(userId: string, ids: readonly string[], purpose: FileRow['purpose']): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('files')
      .set({ purpose })
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Ties files not yet in a chat to the chat they were sent in (they go when it is deleted). */
  async attachToChat(ids: readonly string[], chatId: string, trx: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('files')
      .set({ chat_id: chatId })
      .where('id', 'in', [...ids])
      .where('chat_id', 'is', null)
      .execute();
  }

  listByChat(chatId: string): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    return this.db.selectFrom('files').select(['id', 'storage_key']).where('chat_id', '=', chatId).execute();
  }

  listByUser(userId: string, trx: Executor = this.db): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    return trx.selectFrom('files').select(['id', 'storage_key']).where('user_id', '=', userId).execute();
  }

  /** Uploads never sent with a message (no chat) made before `before`, oldest first. */
  listUnsent(before: string, limit: number): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    return this.db
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where('chat_id', 'is', null)
      .where('purpose', 'in', ['attachment', 'mask'])
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /**
   * Deletes these uploads while they are still in no chat (one sent meanwhile stays); answers the
   * rows it deleted, whose bytes go next.
   */
  deleteUnsent(ids: readonly string[]): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .deleteFrom('files')
      .where('id', 'in', [...ids])
      .where('chat_id', 'is', null)
      .returning(['id', 'storage_key'])
      .execute();
  }

  /**
   * The owner's knowledge files among `ids` that no chat holds and no persona's knowledge names
   * (checked in the same statement); answers the rows deleted.
   */
  deleteKnowledge(userId: string, ids: readonly string[]): Promise<Pick<FileRow, 'id' | 'storage_key'>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .deleteFrom('files')
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .where('purpose', '=', 'knowledge')
      .where('chat_id', 'is', null)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('personas')
              .select('personas.id')
              .where('personas.knowledge', 'like', sql<string>`'%"' || files.id || '"%'`),
          ),
        ),
      )
      .returning(['id', 'storage_key'])
      .execute();
  }

  async deleteIds(ids: readonly string[], trx: Executor = this.db): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .deleteFrom('files')
      .where('id', 'in', [...ids])
      .execute();
  }
}
