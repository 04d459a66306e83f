import type { Kysely } from 'kysely';

/**
 * The job table (issue #42): background work every process can claim (jobs/). A row is queued
 * until `run_at`, claimed by one process (`running`, `locked_until` its lease), deleted when done,
 * queued again with a backoff when it fails, `failed` after `max_attempts`. A recurring schedule is
 * one row per name (`key`, unique), queued again for its next run after each one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_due_idx').execute();
  await db.schema.dropTable('jobs').execute();
}
