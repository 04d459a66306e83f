import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTcpProxy, viaProxy } from '@neura/test-kit/server/tcp-proxy';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDb, type Db } from '../src/db/database.js';
import { describeWithServices } from './helpers/services-env.js';

/**
 * The app's PostgreSQL statements (db/postgres-pool.ts, issue #50): a connection parses each
 * parameterised SQL text once and runs it again with new values only, and plans every run for its
 * values (a partial index stays usable), and a transaction's `begin` goes on the wire with its first
 * statement.
 */
describeWithServices('PostgreSQL statements', () => {
  let database: { url: string; drop: () => Promise<void> };
  let db: Db;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    db = createDb({ kind: 'postgres', url: database.url });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, status TEXT NOT NULL)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('should prepare a parameterised statement once per connection and plan each run for its values', async () => {
    await db.connection().execute(async (connection) => {
      for (const id of [1, 2, 3])
        await sql`INSERT INTO notes (id, status) VALUES (${id}, ${'done'})`.execute(connection);
      const prepared = await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(
        connection,
      );
      expect(prepared.rows.map((row) => row.statement)).toEqual(['INSERT INTO notes (id, status) VALUES ($1, $2)']);
      const mode = await sql<{ plan_cache_mode: string }>`SHOW plan_cache_mode`.execute(connection);
      expect(mode.rows[0]?.plan_cache_mode).toBe('force_custom_plan');
    });
    const rows = await sql<{ id: number }>`SELECT id FROM notes WHERE status = ${'done'} ORDER BY id`.execute(db);
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('should run a statement unnamed once a table changed under its prepared plan', async () => {
    await sql`CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
    await sql`INSERT INTO places (id, name) VALUES (1, 'harbour')`.execute(db);
    await db.connection().execute(async (connection) => {
      const read = () => sql<Record<string, unknown>>`SELECT * FROM places WHERE id = ${1}`.execute(connection);
      await read();
      // Another version's migration (a rolling deploy) adds a column: the prepared plan is stale.
      await sql`ALTER TABLE places ADD COLUMN note TEXT`.execute(connection);
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      expect((await read()).rows).toEqual([{ id: 1, name: 'harbour', note: null }]);
    });
  });

  it('should still refuse a statement the database refuses, and run it once it can', async () => {
    await db.connection().execute(async (connection) => {
      const insert = (id: number) => sql`INSERT INTO notes (id, status) VALUES (${id}, ${'open'})`.execute(connection);
      await insert(10);
      await expect(insert(10)).rejects.toThrow(/duplicate key/);
      await insert(11);
    });
    const rows = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM notes WHERE status = ${'open'}`.execute(db);
    expect(rows.rows[0]?.n).toBe(2);
  });

  it("should write a transaction's begin and its first statement before the begin is answered, atomically", async () => {
    const proxy = await startTcpProxy(new URL(database.url).hostname, Number(new URL(database.url).port || 5432));
    const viaTheProxy = createDb({ kind: 'postgres', url: viaProxy(database.url, proxy) });
    try {
      await sql`SELECT 1`.execute(viaTheProxy);
      proxy.holdAnswers();
      const done = viaTheProxy.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes (id, status) VALUES (${20}, ${'piped'})`.execute(trx);
        await sql`INSERT INTO notes (id, status) VALUES (${21}, ${'piped'})`.execute(trx);
      });
      // No answer has reached the app, and the first insert is on the wire after the begin.
      await vi.waitFor(() => expect(proxy.written()).toMatch(/begin[\s\S]*INSERT INTO notes/), { timeout: 5_000 });
      proxy.releaseAnswers();
      await done;
      // A transaction whose second statement fails keeps nothing of its first.
      await expect(
        viaTheProxy.transaction().execute(async (trx) => {
          await sql`INSERT INTO notes (id, status) VALUES (${22}, ${'piped'})`.execute(trx);
          await sql`INSERT INTO notes (id, status) VALUES (${20}, ${'piped'})`.execute(trx);
        }),
      ).rejects.toThrow(/duplicate key/);
      const rows = await sql<{ id: number }>`SELECT id FROM notes WHERE status = ${'piped'} ORDER BY id`.execute(db);
      expect(rows.rows.map((row) => row.id)).toEqual([20, 21]);
    } finally {
      proxy.releaseAnswers();
      await viaTheProxy.destroy();
      await proxy.close();
    }
  });
});
