import { sql } from 'kysely';
import type { Executor } from './database.js';

/**
 * Holds `key` (e.g. `memory:<userId>`) until `trx` ends, so one owner's count-then-insert under a
 * cap cannot interleave with another's, across processes: PostgreSQL's transaction-scoped advisory
 * lock. SQLite needs none (one write transaction at a time).
 */
export async function lockOwner(trx: Executor, kind: 'sqlite' | 'postgres', key: string): Promise<void> {
  if (kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
