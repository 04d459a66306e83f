import { type Kysely, sql } from 'kysely';

/**
 * The operator's console (issue #28):
 * - `audit_log`: every admin action (console and CLI): who, what, target, before → after, when.
 *   Append-only: triggers refuse UPDATE and DELETE on both databases.
 * - `model_prices`: token prices per model (per million tokens, in the shop's currency) for the
 *   dashboard's estimated provider cost.
 * - `users.suspended_at`: a suspended account cannot sign in (its sessions were revoked).
 * - `feedback.handled_at`: the feedback inbox's "handled" mark.
 * - `orders.refunded_at`, `orders.refunded_cents`: a refund made from the console.
 * - `credit_ledger_created_idx`, `messages_created_idx`: the dashboard reads the ledger and the
 *   messages of a range of days (without them, every dashboard scans both tables whole).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();

  await db.schema
    .createTable('model_prices')
    .addColumn('model', 'text', (c) => c.primaryKey())
    .addColumn('input_per_mtok', 'double precision', (c) => c.notNull())
    .addColumn('output_per_mtok', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('feedback').addColumn('handled_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('refunded_at', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // With reason and amount in it, the dashboard's read of the ledger needs no table access.
  await db.schema
    .createIndex('credit_ledger_created_idx')
    .on('credit_ledger')
    .columns(['created_at', 'reason', 'amount'])
    .execute();
  await db.schema.createIndex('messages_created_idx').on('messages').column('created_at').execute();

  if (await isPostgres(db)) {
    await sql`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END;
      $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  }
}

/** PostgreSQL answers `current_setting`; SQLite has no such function (a failed statement there leaves the transaction usable). */
async function isPostgres(db: Kysely<unknown>): Promise<boolean> {
  try {
    await sql`SELECT current_setting('server_version_num')`.execute(db);
    return true;
  } catch {
    return false;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema.dropTable('audit_log').execute();
  if (pg) await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await db.schema.dropTable('model_prices').execute();
  await db.schema.dropIndex('messages_created_idx').execute();
  await db.schema.dropIndex('credit_ledger_created_idx').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
  await db.schema.alterTable('feedback').dropColumn('handled_at').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
}
