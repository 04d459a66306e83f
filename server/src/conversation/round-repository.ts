import type { Selectable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { ChatRoundsTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

type RoundRow = Pick<Selectable<ChatRoundsTable>, 'id' | 'chat_id' | 'user_id' | 'reserved' | 'used' | 'created_at'>;

/**
 * The only reader and writer of `chat_rounds` (group chats, issue #46): a round's hold of credits,
 * the charges its replies took from it, and its one release.
 */
export class RoundRepository {
  constructor(private readonly db: Executor) {}

  /** Opens a round; a second open round in the chat fails on the partial unique index. */
  async open(row: { id: string; chatId: string; userId: string; reserved: number }, trx: Executor): Promise<void> {
    const now = nowIso();
    await trx
      .insertInto('chat_rounds')
      .values({
        id: row.id,
        chat_id: row.chatId,
        user_id: row.userId,
        reserved: row.reserved,
        used: 0,
        status: 'open',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  /** A reply takes `amount` from the round's hold; false when the round is no longer open or the hold is spent. */
  async use(id: string, amount: number, trx: Executor): Promise<boolean> {
    const result = await trx
      .updateTable('chat_rounds')
      .set((eb) => ({ used: eb('used', '+', amount), updated_at: nowIso() }))
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where((eb) => eb(eb('used', '+', amount), '<=', eb.ref('reserved')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Closes the round, once: the row as it was closed (what to give back), or undefined when already closed. */
  close(id: string, trx: Executor): Promise<RoundRow | undefined> {
    return trx
      .updateTable('chat_rounds')
      .set({ status: 'done', updated_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .returning(['id', 'chat_id', 'user_id', 'reserved', 'used', 'created_at'])
      .executeTakeFirst();
  }

  /** Whether a round is open in the chat (here or in another process). */
  async hasOpen(chatId: string, trx: Executor = this.db): Promise<boolean> {
    const row = await trx
      .selectFrom('chat_rounds')
      .select('id')
      .where('chat_id', '=', chatId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Open rounds untouched since `before` (their process died, or their release failed). */
  listStaleOpen(before: string): Promise<Array<Pick<ChatRoundsTable, 'id' | 'chat_id'>>> {
    return this.db
      .selectFrom('chat_rounds')
      .select(['id', 'chat_id'])
      .where('status', '=', 'open')
      .where('updated_at', '<', before)
      .execute();
  }
}
