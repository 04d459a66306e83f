import { type Kysely, sql } from 'kysely';

/**
 * Full-text search over message text and shared chats (issue #30).
 *
 * Search index, kept current by triggers on `messages` (the table's one writer needs no change;
 * edits, new versions, chat and account deletions all go through it):
 * - SQLite: an FTS5 table `message_search_fts` (porter stemming) whose rowid is the integer key of
 *   `message_search_keys` (message id → rowid; an explicit INTEGER PRIMARY KEY survives VACUUM,
 *   the implicit rowid of `messages` would not).
 * - PostgreSQL: `message_search (message_id, document tsvector)` with a GIN index.
 * A message is indexed once it is no longer streaming (a reply's text changes many times a second
 * while it streams; indexing each change would be waste). System messages are never indexed.
 *
 * Shares: `chat_shares` keeps a read-only snapshot (JSON) of a chat at share time; `revoked_at`
 * set = the link answers "removed". Rows go with their chat (cascade) and with their user.
 */
export const isPostgres = (db: Kysely<unknown>): boolean => sql`select ${1}`.compile(db).sql.includes('$1');

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);

  await db.schema
    .createTable('chat_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('chat_shares_user_idx').on('chat_shares').column('user_id').execute();
  await db.schema.createIndex('chat_shares_chat_idx').on('chat_shares').column('chat_id').execute();
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE message_search_keys (rowid INTEGER PRIMARY KEY, message_id TEXT NOT NULL UNIQUE)`.execute(db);
  await sql`CREATE VIRTUAL TABLE message_search_fts USING fts5(content, tokenize = 'porter unicode61')`.execute(db);
  await sql`
    CREATE TRIGGER message_search_ai AFTER INSERT ON messages
    WHEN new.status <> 'streaming' AND new.role <> 'system'
    BEGIN
      INSERT INTO message_search_keys (message_id) VALUES (new.id);
      INSERT INTO message_search_fts (rowid, content)
        VALUES ((SELECT rowid FROM message_search_keys WHERE message_id = new.id), new.content);
    END`.execute(db);
  await sql`
    CREATE TRIGGER message_search_au AFTER UPDATE OF content, status ON messages
    WHEN (old.status <> 'streaming' OR new.status <> 'streaming') AND new.role <> 'system'
    BEGIN
      DELETE FROM message_search_fts WHERE rowid = (SELECT rowid FROM message_search_keys WHERE message_id = old.id);
      DELETE FROM message_search_keys WHERE message_id = old.id;
      INSERT INTO message_search_keys (message_id) SELECT new.id WHERE new.status <> 'streaming';
      INSERT INTO message_search_fts (rowid, content)
        SELECT rowid, new.content FROM message_search_keys WHERE message_id = new.id AND new.status <> 'streaming';
    END`.execute(db);
  await sql`
    CREATE TRIGGER message_search_ad AFTER DELETE ON messages
    BEGIN
      DELETE FROM message_search_fts WHERE rowid = (SELECT rowid FROM message_search_keys WHERE message_id = old.id);
      DELETE FROM message_search_keys WHERE message_id = old.id;
    END`.execute(db);
  await sql`
    INSERT INTO message_search_keys (message_id)
    SELECT id FROM messages WHERE status <> 'streaming' AND role <> 'system' ORDER BY id`.execute(db);
  await sql`
    INSERT INTO message_search_fts (rowid, content)
    SELECT k.rowid, m.content FROM message_search_keys k JOIN messages m ON m.id = k.message_id`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE message_search (
      message_id text PRIMARY KEY REFERENCES messages(id) ON DELETE CASCADE,
      document tsvector NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX message_search_document_idx ON message_search USING GIN (document)`.execute(db);
  await sql`
    CREATE FUNCTION message_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status <> 'streaming' AND NEW.role <> 'system' THEN
        INSERT INTO message_search (message_id, document)
          VALUES (NEW.id, to_tsvector('english', NEW.content))
          ON CONFLICT (message_id) DO UPDATE SET document = EXCLUDED.document;
      ELSE
        DELETE FROM message_search WHERE message_id = NEW.id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER message_search_ai AFTER INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION message_search_sync()`.execute(db);
  await sql`
    CREATE TRIGGER message_search_au AFTER UPDATE OF content, status ON messages
    FOR EACH ROW WHEN (OLD.status <> 'streaming' OR NEW.status <> 'streaming')
    EXECUTE FUNCTION message_search_sync()`.execute(db);
  await sql`
    INSERT INTO message_search (message_id, document)
    SELECT id, to_tsvector('english', content) FROM messages WHERE status <> 'streaming' AND role <> 'system'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_shares').execute();
  if (isPostgres(db)) {
    await sql`DROP TRIGGER message_search_au ON messages`.execute(db);
    await sql`DROP TRIGGER message_search_ai ON messages`.execute(db);
    await sql`DROP FUNCTION message_search_sync()`.execute(db);
    await sql`DROP TABLE message_search`.execute(db);
    return;
  }
  for (const name of ['message_search_ad', 'message_search_au', 'message_search_ai'])
    await sql`DROP TRIGGER ${sql.raw(name)}`.execute(db);
  await sql`DROP TABLE message_search_fts`.execute(db);
  await sql`DROP TABLE message_search_keys`.execute(db);
}
