import { type Kysely, sql } from 'kysely';

/**
 * Group chats (issue #46):
 * - `chats.personas`: JSON array of the chat's persona ids, in speaking order (null: a chat of one
 *   persona, `persona_id`); `persona_id` stays the first.
 * - `messages.persona_id`: on a reply, the persona that spoke (null: the chat's persona).
 * - `chat_rounds`: one round of a group chat (the replies to one message, or one "Let … speak"):
 *   what it held of the user's balance (`reserved`), what its replies were charged (`used`), open
 *   until released. At most one open round per chat (partial unique index): two devices, or two
 *   processes, never run rounds in one chat at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('personas', 'text').execute();
  await db.schema.alterTable('messages').addColumn('persona_id', 'text').execute();
  await db.schema
    .createTable('chat_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reserved', 'integer', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`CREATE UNIQUE INDEX chat_rounds_one_open_per_chat ON chat_rounds (chat_id) WHERE status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_rounds').execute();
  await db.schema.alterTable('messages').dropColumn('persona_id').execute();
  await db.schema.alterTable('chats').dropColumn('personas').execute();
}
