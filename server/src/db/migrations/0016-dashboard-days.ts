import { type Kysely, sql } from 'kysely';

/**
 * The console dashboard's closed days (issue #28: a 90-day dashboard over 1 M ledger rows in
 * under 1 s): `dashboard_days` holds, per time zone and closed local day, the day's figures as
 * the dashboard's own grouped queries return them (`figures`, JSON), written by one background job
 * (console/dashboard-days.ts). `ready` is 0 while the job computes a day.
 *
 * They are never counters: a row is either exactly the sums over the day's source rows or absent.
 * Triggers on `credit_ledger` and `messages` delete every row whose day contains the created_at
 * of a row inserted, updated or deleted (deleted chats and accounts cascade to their messages and
 * ledger rows, so those fire too), and a deleted reply also drops the day of its refund (the
 * refund is counted against the reply's persona). A day without a ready row is computed from the
 * sources at request time, like today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboard_days')
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('ready', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('figures', 'text')
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dashboard_days_pk', ['time_zone', 'day'])
    .execute();
  await db.schema
    .createIndex('dashboard_days_start_idx')
    .on('dashboard_days')
    .columns(['start_at', 'end_at'])
    .execute();

  const drop = (at: string) =>
    `DELETE FROM dashboard_days WHERE start_at <= ${at}.created_at AND end_at > ${at}.created_at`;
  const dropRefundDay = `DELETE FROM dashboard_days WHERE EXISTS (SELECT 1 FROM credit_ledger l
      WHERE l.idempotency_key = 'refund:' || OLD.id
        AND dashboard_days.start_at <= l.created_at AND dashboard_days.end_at > l.created_at)`;
  if (await isPostgres(db)) {
    await sql
      .raw(`CREATE FUNCTION dashboard_days_drop() RETURNS trigger AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN ${drop('OLD')}; END IF;
        IF TG_OP <> 'DELETE' THEN ${drop('NEW')}; END IF;
        IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'messages' THEN ${dropRefundDay}; END IF;
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`)
      .execute(db);
    for (const table of ['credit_ledger', 'messages']) {
      await sql
        .raw(`CREATE TRIGGER ${table}_dashboard_days AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION dashboard_days_drop()`)
        .execute(db);
    }
  } else {
    for (const table of ['credit_ledger', 'messages']) {
      await sql
        .raw(`CREATE TRIGGER ${table}_dashboard_days_insert AFTER INSERT ON ${table}
        BEGIN ${drop('NEW')}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_dashboard_days_update AFTER UPDATE ON ${table}
        BEGIN ${drop('OLD')}; ${drop('NEW')}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_dashboard_days_delete AFTER DELETE ON ${table}
        BEGIN ${drop('OLD')};${table === 'messages' ? ` ${dropRefundDay};` : ''} END`)
        .execute(db);
    }
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
  if (await isPostgres(db)) {
    for (const table of ['credit_ledger', 'messages'])
      await sql.raw(`DROP TRIGGER ${table}_dashboard_days ON ${table}`).execute(db);
    await sql`DROP FUNCTION dashboard_days_drop()`.execute(db);
  } else {
    for (const table of ['credit_ledger', 'messages'])
      for (const op of ['insert', 'update', 'delete'])
        await sql.raw(`DROP TRIGGER ${table}_dashboard_days_${op}`).execute(db);
  }
  await db.schema.dropTable('dashboard_days').execute();
}
