import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { down, up } from './0006-message-versions.js';

describe('migration 0006 (message versions)', () => {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  afterEach(async () => {
    await sql`DROP TABLE IF EXISTS messages`.execute(db);
  });

  it('should link existing replies to the user message before them, none superseded, and go back down', async () => {
    await sql`CREATE TABLE messages (id text primary key, chat_id text not null, role text not null)`.execute(db);
    await sql`INSERT INTO messages (id, chat_id, role) VALUES
      ('01', 'a', 'user'), ('02', 'a', 'assistant'), ('03', 'b', 'assistant'), ('04', 'a', 'user'),
      ('05', 'b', 'user'), ('06', 'a', 'assistant'), ('07', 'a', 'system'), ('08', 'b', 'assistant')`.execute(db);
    await up(db);
    const rows = await sql<{ id: string; reply_to: string | null; superseded: number }>`
      SELECT id, reply_to, superseded FROM messages ORDER BY id`.execute(db);
    expect(rows.rows.map((r) => [r.id, r.reply_to, r.superseded])).toEqual([
      ['01', null, 0],
      ['02', '01', 0],
      // A reply with no user message before it in its chat (seeded data) answers nothing.
      ['03', null, 0],
      ['04', null, 0],
      ['05', null, 0],
      ['06', '04', 0],
      ['07', null, 0],
      ['08', '05', 0],
    ]);
    await down(db);
    const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('messages')`.execute(db);
    expect(columns.rows.map((c) => c.name)).toEqual(['id', 'chat_id', 'role']);
  });
});
