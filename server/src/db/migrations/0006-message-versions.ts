import { type Kysely, sql } from 'kysely';

/**
 * Message versions (issue #17, message actions):
 * - `reply_to`: on an assistant reply, the id of the user message it answers. Replies sharing a
 *   `reply_to` are versions of one answer (retry of a failed reply, regenerate, edit-and-resend).
 * - `superseded`: 1 on a version replaced by a newer one; it stays readable in history but leaves
 *   the model's context.
 * Existing replies answer the user message right before them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('reply_to', 'text').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('superseded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    UPDATE messages SET reply_to = (
      SELECT MAX(u.id) FROM messages u
      WHERE u.chat_id = messages.chat_id AND u.role = 'user' AND u.id < messages.id
    )
    WHERE role = 'assistant'
  `.execute(db);
  await db.schema.createIndex('messages_reply_to_idx').on('messages').column('reply_to').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_reply_to_idx').execute();
  await db.schema.alterTable('messages').dropColumn('superseded').execute();
  await db.schema.alterTable('messages').dropColumn('reply_to').execute();
}
