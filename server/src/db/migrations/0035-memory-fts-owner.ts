import { type Kysely, sql } from 'kysely';
import { isPostgres } from './0010-search-share.js';

/**
 * Memory (issue #44), SQLite only: the full-text table indexes each item's `user_id` beside its
 * text, so a reply's match is `user_id : "<id>" AND text : (words)` — FTS5 intersects the user's
 * rows with the words' instead of handing every user's matches to the join that keeps one user's
 * (on a shared instance that was most of a send's memory time). Rebuilt from `memory_items`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, ['text', 'user_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, ['text']);
}

async function dropIndex(db: Kysely<unknown>): Promise<void> {
  for (const name of ['memory_items_au', 'memory_items_ad', 'memory_items_ai'])
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(name)}`.execute(db);
  await sql`DROP TABLE IF EXISTS memory_items_fts`.execute(db);
}

/** The external-content FTS5 table over `columns` of memory_items, its triggers, and its rows. */
async function createIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  const list = sql.raw(columns.join(', '));
  const fresh = sql.raw(columns.map((c) => `new.${c}`).join(', '));
  const old = sql.raw(columns.map((c) => `old.${c}`).join(', '));
  await sql`CREATE VIRTUAL TABLE memory_items_fts USING fts5(
    ${list}, content = 'memory_items', content_rowid = 'seq', tokenize = 'porter unicode61')`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_ai AFTER INSERT ON memory_items BEGIN
      INSERT INTO memory_items_fts (rowid, ${list}) VALUES (new.seq, ${fresh});
    END`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_ad AFTER DELETE ON memory_items BEGIN
      INSERT INTO memory_items_fts (memory_items_fts, rowid, ${list}) VALUES ('delete', old.seq, ${old});
    END`.execute(db);
  await sql`
    CREATE TRIGGER memory_items_au AFTER UPDATE OF text ON memory_items BEGIN
      INSERT INTO memory_items_fts (memory_items_fts, rowid, ${list}) VALUES ('delete', old.seq, ${old});
      INSERT INTO memory_items_fts (rowid, ${list}) VALUES (new.seq, ${fresh});
    END`.execute(db);
  await sql`INSERT INTO memory_items_fts (memory_items_fts) VALUES ('rebuild')`.execute(db);
}
