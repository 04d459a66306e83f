import { type Kysely, sql } from 'kysely';

/**
 * Hardening (issue #16):
 * - `attempt_counters`: one row per (scope, subject) holding a fixed-window count or a failure
 *   count with a back-off time, reserved atomically (`INSERT … ON CONFLICT … RETURNING`).
 * - One streaming reply per chat, enforced by the database across processes (unique partial index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempt_counters')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addPrimaryKeyConstraint('attempt_counters_pk', ['scope', 'subject'])
    .execute();
  await db.schema.createIndex('attempt_counters_window_idx').on('attempt_counters').column('window_start').execute();

  // Older processes could leave two streaming replies in one chat: keep the newest streaming.
  await sql`
    UPDATE messages SET status = 'failed'
    WHERE status = 'streaming'
      AND id NOT IN (SELECT MAX(id) FROM messages WHERE status = 'streaming' GROUP BY chat_id)
  `.execute(db);
  await sql`CREATE UNIQUE INDEX messages_one_streaming_per_chat ON messages (chat_id) WHERE status = 'streaming'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS messages_one_streaming_per_chat`.execute(db);
  await db.schema.dropTable('attempt_counters').execute();
}
