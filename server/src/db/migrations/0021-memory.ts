import { type Kysely, sql } from 'kysely';
import { isPostgres } from './0010-search-share.js';

/**
 * Memory (issue #44): one settings row per user (`memory_settings`: on/off, "about me") and the
 * remembered items (`memory_items`), each the user's own, gone with the user (and a chat-scoped
 * item with its chat, a persona-scoped one with its persona).
 *
 * Full text: SQLite keeps an external-content FTS5 table `memory_items_fts` (porter stemming)
 * current with triggers, keyed by `seq` (SQLite only: an explicit INTEGER PRIMARY KEY survives
 * VACUUM); PostgreSQL keeps `document tsvector` with a GIN index, set by a trigger before each
 * insert and text update (not a generated column: a backup's restore inserts rows as they were,
 * and the trigger writes the document again; no sequence either). `messages.memory_tokens`: the tokens of memory a reply's context carried (its receipt).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.alterTable('messages').addColumn('memory_tokens', 'integer').execute();
  await db.schema
    .createTable('memory_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('memory_items')
    .$call((t) =>
      pg
        ? t.addColumn('id', 'text', (c) => c.primaryKey())
        : t
            .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
            .addColumn('id', 'text', (c) => c.notNull().unique()),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('persona_id', 'text', (c) => c.references('personas.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.references('chats.id').onDelete('cascade'))
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A reply reads a user's pinned items, then the newest others: in this index's order, no sort.
  await db.schema
    .createIndex('memory_items_user_idx')
    .on('memory_items')
    .columns(['user_id', 'pinned', 'updated_at', 'id'])
    .execute();
  await db.schema.createIndex('memory_items_chat_idx').on('memory_items').column('chat_id').execute();
  await db.schema.createIndex('memory_items_persona_idx').on('memory_items').column('persona_id').execute();

  if (pg) {
    await sql`ALTER TABLE memory_items ADD COLUMN document tsvector`.execute(db);
    await sql`CREATE INDEX memory_items_document_idx ON memory_items USING GIN (document)`.execute(db);
    await sql`
      CREATE FUNCTION memory_items_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.document := to_tsvector('english', NEW.text);
        RETURN NEW;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER memory_items_document BEFORE INSERT OR UPDATE OF text ON memory_items
      FOR EACH ROW EXECUTE FUNCTION memory_items_document()`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE memory_items_fts USING fts5(
    text, content = 'memory_items', content_rowid = 'seq', tokenize = 'porter unicode61')`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_ai AFTER INSERT ON memory_items BEGIN
      INSERT INTO memory_items_fts (rowid, text) VALUES (new.seq, new.text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_ad AFTER DELETE ON memory_items BEGIN
      INSERT INTO memory_items_fts (memory_items_fts, rowid, text) VALUES ('delete', old.seq, old.text);
    END`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_au AFTER UPDATE OF text ON memory_items BEGIN
      INSERT INTO memory_items_fts (memory_items_fts, rowid, text) VALUES ('delete', old.seq, old.text);
      INSERT INTO memory_items_fts (rowid, text) VALUES (new.seq, new.text);
    END`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    for (const name of ['memory_items_au', 'memory_items_ad', 'memory_items_ai'])
      await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
    await sql`DROP TABLE memory_items_fts`.execute(db);
  }
  await db.schema.dropTable('memory_items').execute();
  if (isPostgres(db)) await sql`DROP FUNCTION memory_items_document()`.execute(db);
  await db.schema.dropTable('memory_settings').execute();
  await db.schema.alterTable('messages').dropColumn('memory_tokens').execute();
}
