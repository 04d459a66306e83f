import { type Kysely, sql } from 'kysely';
import { isPostgres } from './0010-search-share.js';

/**
 * - Memory (issue #44), PostgreSQL only: the per-user full-text match read the GIN index of
 *   `document` alone, and for a user's few thousand rows the planner seq-scanned them instead. A GIN
 *   index on `(user_id, document)` (btree_gin: a btree-like operator class for `user_id`) serves
 *   `user_id = $1 AND document @@ query` in one bitmap scan; it replaces the document-only index.
 *   btree_gin is a trusted extension (PostgreSQL 13+); where it cannot be created the old index stays.
 * - Spending limits (issue #49): `spending_limits.time_zone`, the user's IANA time zone (sent by
 *   the browser with the limits, checked with Intl); null: UTC. The limits count the user's local
 *   day and month (`day_key` / `month_key` are that zone's dates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spending_limits').addColumn('time_zone', 'text').execute();
  if (!isPostgres(db)) return;
  await sql`DO $$ BEGIN
      CREATE EXTENSION IF NOT EXISTS btree_gin;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'btree_gin unavailable: memory matches keep the document-only index';
    END $$`.execute(db);
  await sql`DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
        CREATE INDEX memory_items_user_document_idx ON memory_items USING GIN (user_id, document);
        DROP INDEX memory_items_document_idx;
      END IF;
    END $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`CREATE INDEX IF NOT EXISTS memory_items_document_idx ON memory_items USING GIN (document)`.execute(db);
    await sql`DROP INDEX IF EXISTS memory_items_user_document_idx`.execute(db);
  }
  await db.schema.alterTable('spending_limits').dropColumn('time_zone').execute();
}
