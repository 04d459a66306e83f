import type { Kysely } from 'kysely';

/**
 * The `attempts` table of 0001 (one row per rate-limited event) has been dead since 0004 moved the
 * limits to `attempt_counters` (atomic windows and back-offs): nothing writes or reads it, and an
 * account's deletion already removed its rows. It goes, with its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attempts_scope_subject_idx').ifExists().execute();
  await db.schema.dropTable('attempts').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempts_scope_subject_idx')
    .on('attempts')
    .columns(['scope', 'subject', 'created_at'])
    .execute();
}
