import type { Executor } from '../db/database.js';
import type { ChatRow, ChatUpdate, NewChat } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/** A chat's insert, not run yet: a caller may run it inside a statement of its own (ChatService.insertIn). */
export type ChatInsert = ReturnType<ChatRepository['insertQuery']>;

/** ChatService.insertIn's: a temporary chat's one session, and a statement of the caller's that runs the insert (`along`). */
export type ChatInsertTo = { socketId?: string | undefined; along?: (insert: ChatInsert) => Promise<void> };

/** A chat's preview update after a message, not run: a caller may run it inside a statement of its own (ChatService.recordActivityIn). */
export type ChatTouch = ReturnType<ChatRepository['touchQuery']>;

/** The only reader and writer of the `chats` table. */
export class ChatRepository {
  constructor(private readonly db: Executor) {}

  /** A user's chats: pinned first, then most recent activity first (temporary ones are never listed). */
  listForUser(userId: string, trx: Executor = this.db): Promise<ChatRow[]> {
    return trx
      .selectFrom('chats')
      .selectAll()
      .where('user_id', '=', userId)
      .where('temporary', '=', 0)
      .orderBy('is_pinned', 'desc')
      .orderBy((eb) => eb.fn.coalesce('last_message_at', 'created_at'), 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findById(chatId: string, trx: Executor = this.db): Promise<ChatRow | undefined> {
    return trx.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
  }

  /** The chat when it belongs to the user; undefined otherwise (unknown and not-yours look the same). */
  findOwned(userId: string, chatId: string, trx: Executor = this.db): Promise<ChatRow | undefined> {
    return trx
      .selectFrom('chats')
      .selectAll()
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async insert(chat: NewChat, trx: Executor = this.db): Promise<void> {
    await this.insertQuery(chat, trx).execute();
  }

  /** A chat's insert, not run (ChatInsert). */
  insertQuery(chat: NewChat, trx: Executor = this.db) {
    return trx.insertInto('chats').values(chat);
  }

  /** Updates an owned chat; returns whether a row changed. */
  async updateOwned(userId: string, chatId: string, changes: ChatUpdate, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('chats')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes an owned chat (its messages cascade); returns whether a row was deleted. */
  async deleteOwned(userId: string, chatId: string, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .deleteFrom('chats')
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** After a message: the list preview and the activity time (used by the conversation engine). */
  async touchAfterMessage(chatId: string, preview: string | null, at: string, trx: Executor = this.db): Promise<void> {
    await this.touchQuery(chatId, preview, at, trx).execute();
  }

  /** touchAfterMessage's update, not run (ChatTouch). */
  touchQuery(chatId: string, preview: string | null, at: string, trx: Executor = this.db) {
    return trx
      .updateTable('chats')
      .set({ preview, last_message_at: at, updated_at: nowIso() })
      .where('id', '=', chatId);
  }

  /** The user's chats in a folder (issue #49). */
  async idsInFolder(userId: string, folderId: string, trx: Executor = this.db): Promise<string[]> {
    const rows = await trx
      .selectFrom('chats')
      .select('id')
      .where('user_id', '=', userId)
      .where('folder_id', '=', folderId)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Takes the user's chats out of a folder (it is being deleted). */
  async unfile(userId: string, folderId: string, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('chats')
      .set({ folder_id: null })
      .where('user_id', '=', userId)
      .where('folder_id', '=', folderId)
      .execute();
  }

  /** Temporary chats whose last message (or, without one, their start) is before `before`. */
  expiredTemporary(before: string, limit: number, trx: Executor = this.db) {
    return trx
      .selectFrom('chats')
      .select(['id', 'user_id'])
      .where('temporary', '=', 1)
      .where((eb) => eb(eb.fn.coalesce('last_message_at', 'created_at'), '<', before))
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Removes every chat of the user (account deletion, inside its transaction). */
  async deleteAllOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('chats').where('user_id', '=', userId).execute();
  }
}
