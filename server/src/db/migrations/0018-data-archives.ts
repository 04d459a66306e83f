import { type Kysely, sql } from 'kysely';

/**
 * "Download my data" jobs in the database (issue #40, M1), so every process sees them: one row per
 * archive while it is built, waits to be downloaded, or failed. The partial unique index lets one
 * account build one archive at a time, across processes (a second insert fails).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_archives')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'integer')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('data_archives_user_idx').on('data_archives').column('user_id').execute();
  await sql`CREATE UNIQUE INDEX data_archives_one_building ON data_archives (user_id) WHERE status = 'building'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS data_archives_one_building`.execute(db);
  await db.schema.dropTable('data_archives').execute();
}
