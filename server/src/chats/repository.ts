import type { Executor } from '../db/database.js';
import type { ChatRow } from '../db/schema.js';

export class ChatRepository {
  constructor(private readonly db: Executor) {}

  /** A user's chats, most recent activity first. */
  listForUser(userId: string): Promise<ChatRow[]> {
    return this.db
      .selectFrom('chats')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_pinned', 'desc')
      .orderBy((eb) => eb.fn.coalesce('last_message_at', 'created_at'), 'desc')
      .execute();
  }
}
