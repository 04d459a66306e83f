import type { Kysely } from 'kysely';

/**
 * Drops `messages_status_idx` (status alone). Every query that filters on status either names the
 * chat (served by `messages_chat_idx`) or looks for `streaming` rows, which the partial unique
 * index `messages_one_streaming_per_chat` (0004) already holds. Each message insert and each reply
 * that ends kept this index up to date on the send path for nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_status_idx').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('messages_status_idx').on('messages').column('status').execute();
}
