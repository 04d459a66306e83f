import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';

/**
 * How many distinct SQL texts get a prepared statement (the app has a few hundred queries; texts
 * that vary with their input, such as `in ($1, …, $n)`, stop being named once this many are known).
 */
const PREPARED_LIMIT = 1000;

/** What a pipelined `begin` answers at once (Kysely reads nothing of it). */
const BEGUN = { command: 'BEGIN', rowCount: null, rows: [] };

/**
 * The app's PostgreSQL pool. Each parameterised statement runs as a named prepared statement
 * (node-postgres' `name`): a connection parses a SQL text once, later runs send only its values
 * (issue #50: measured alone, 25–40 % less CPU per statement in the app and in PostgreSQL, which
 * share the cores on a small machine; docs/history/PERFORMANCE-2026-11.md, branch h-adm2).
 * Every connection plans each run for its own values (`plan_cache_mode = force_custom_plan`), as
 * an unnamed statement is: a generic plan could not use a partial index such as the one streaming
 * reply per chat's. Statements without parameters (begin, commit) stay simple queries.
 *
 * Clients pipeline (node-postgres' documented `pipeline` mode): a transaction's `begin` is written
 * and answered at once, and goes on the wire ahead of the transaction's first statement, whose
 * answer waits for both: a round trip less per transaction (the send's, before the model is asked;
 * issue #50 item 1). Kysely runs a transaction's statements one after another, so nothing else
 * overlaps. A `begin` fails only with its connection, which fails the first statement with it;
 * its error is that statement's, and the transaction is rolled back as for any failed statement.
 */
export function createPool(url: string): PostgresPool {
  const pool = new pg.Pool({ connectionString: url, max: 10, pipeline: true });
  // An idle client can be ended by the server (restart, failover, a dropped database); without a
  // listener that 'error' would crash the process. The pool replaces the client on next use.
  pool.on('error', (error) => console.error(`postgres idle client error: ${error.message}`));
  // A client checked out between two statements (inside a transaction) has no pool listener: a
  // connection lost right then was an uncaught exception that ended the process (seen with a 5 s
  // cut as a reply ended, finding N5). The next query on it fails and the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    // Queued ahead of the client's first statement; a server that refuses it plans as it likes.
    client.query('set plan_cache_mode = force_custom_plan').catch(() => undefined);
  });
  // A text's name, or '' once it runs unnamed (its plan went stale); past the limit texts get none.
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (sql: string): string => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (named >= PREPARED_LIMIT) return '';
    const name = `neura_${named++}`;
    names.set(sql, name);
    return name;
  };
  // A table changed under this process (another version's migration in a rolling deploy): a
  // prepared `SELECT *` fails with "cached plan must not change result type" (0A000) on every
  // connection that prepared it. That run fails; the text runs unnamed from then on.
  const stale = (sql: string) => (error: { code?: string; message?: string }) => {
    if (error.code === '0A000' && error.message?.includes('cached plan')) names.set(sql, '');
    throw error;
  };
  // One wrapper per pooled client: Kysely keeps its connection per client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      // The `begin` written but not yet awaited (see above).
      let begun: Promise<unknown> | null = null;
      const run = (sql: string, parameters?: ReadonlyArray<unknown>) => {
        // Kysely hands over a fresh array of its own.
        const values = (parameters ?? []) as unknown[];
        const name = values.length > 0 ? nameOf(sql) : '';
        return name ? client.query({ name, text: sql, values }).catch(stale(sql)) : client.query(sql, values);
      };
      const query = (sql: unknown, parameters?: ReadonlyArray<unknown>) => {
        // A cursor (none is configured: Kysely's streaming is not used on PostgreSQL) passes as is.
        if (typeof sql !== 'string') return client.query(sql as pg.Submittable);
        if (sql === 'begin') {
          const sent = client.query(sql);
          begun = sent;
          // Its failure is the next statement's (below), not an unhandled rejection.
          sent.catch(() => undefined);
          return Promise.resolve(BEGUN);
        }
        const result = run(sql, parameters);
        if (!begun) return result;
        const before = begun;
        begun = null;
        return Promise.all([before, result]).then(([, answer]) => answer);
      };
      wrapper = { query, release: () => client.release() } as unknown as PostgresPoolClient;
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}
