import { type Kysely, sql } from 'kysely';

/**
 * Files (issue #11): uploaded images, canvas masks and skill results. The bytes live in a file
 * store (DATA_DIR/files or S3) under `storage_key`, never in the database. A user message keeps
 * its attachments as JSON (ids and image sizes, no bytes) in `messages.attachments`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_user_idx').on('files').column('user_id').execute();
  await db.schema.createIndex('files_chat_idx').on('files').column('chat_id').execute();
  await sql`ALTER TABLE messages ADD COLUMN attachments text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE messages DROP COLUMN attachments`.execute(db);
  await db.schema.dropTable('files').execute();
}
