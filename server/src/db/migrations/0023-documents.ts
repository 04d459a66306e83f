import { type Kysely, sql } from 'kysely';
import { isPostgres } from './0010-search-share.js';

/**
 * Documents (issue #45): an uploaded document is a `files` row (its bytes in the file store) plus a
 * `documents` row (name, kind, pages, status) and its passages in `document_chunks` (page, text).
 * Both go with their file row (ON DELETE CASCADE), so a chat's or an account's deletion leaves none.
 *
 * Full text as in 0021 (memory): SQLite keeps an external-content FTS5 table `document_chunks_fts`
 * current with triggers, keyed by `seq`; PostgreSQL keeps `document tsvector` with a GIN index, set
 * by a trigger. `messages.document_tokens`: the tokens of passages a reply's context carried (its receipt).
 * `personas.knowledge`: JSON array of the maker's document ids every chat with the persona is grounded on;
 * those files get `purpose = 'knowledge'` (never swept as unsent uploads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('messages').addColumn('document_tokens', 'integer').execute();
  await db.schema.alterTable('personas').addColumn('knowledge', 'text').execute();
  await db.schema
    .createTable('documents')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pages', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_user_idx').on('documents').column('user_id').execute();
  await db.schema
    .createTable('document_chunks')
    .$call((t) =>
      pg
        ? t.addColumn('id', 'text', (c) => c.primaryKey())
        : t
            .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
            .addColumn('id', 'text', (c) => c.notNull().unique()),
    )
    .addColumn('file_id', 'text', (c) => c.notNull().references('documents.file_id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_chunks_file_idx').on('document_chunks').columns(['file_id', 'ord']).execute();

  if (pg) {
    await sql`ALTER TABLE document_chunks ADD COLUMN document tsvector`.execute(db);
    await sql`CREATE INDEX document_chunks_document_idx ON document_chunks USING GIN (document)`.execute(db);
    await sql`
      CREATE FUNCTION document_chunks_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.document := to_tsvector('english', NEW.text);
        RETURN NEW;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER document_chunks_document BEFORE INSERT OR UPDATE OF text ON document_chunks
      FOR EACH ROW EXECUTE FUNCTION document_chunks_document()`.execute(db);
    return;
  }
  // `file_id` is indexed too: a query ANDs the chat's file ids with the words, so FTS5 ranks only
  // the chat's passages (not every match in the database).
  await sql`CREATE VIRTUAL TABLE document_chunks_fts USING fts5(
    file_id, text, content = 'document_chunks', content_rowid = 'seq',
    tokenize = 'porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`
    CREATE TRIGGER document_chunks_ai AFTER INSERT ON document_chunks BEGIN
      INSERT INTO document_chunks_fts (rowid, file_id, text) VALUES (new.seq, new.file_id, new.text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER document_chunks_ad AFTER DELETE ON document_chunks BEGIN
      INSERT INTO document_chunks_fts (document_chunks_fts, rowid, file_id, text)
      VALUES ('delete', old.seq, old.file_id, old.text);
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const name of ['document_chunks_ad', 'document_chunks_ai'])
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
    await sql`DROP TABLE document_chunks_fts`.execute(db);
  }
  await db.schema.dropTable('document_chunks').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION document_chunks_document()`.execute(db);
  await db.schema.dropTable('documents').execute();
  await db.schema.alterTable('personas').dropColumn('knowledge').execute();
  await db.schema.alterTable('messages').dropColumn('document_tokens').execute();
}
