import type { Kysely } from 'kysely';

/**
 * Notifications, second part (issue #48):
 * - `push_deliveries`: one row per (finished reply or round, device) once its push was queued; the
 *   key outlives the `push.send` job row (a job's row is deleted when it is done), so the same
 *   reply never reaches a device twice. Rows older than a few days are pruned.
 * - `notification_settings.quiet_time_zone`: the IANA zone quiet hours are read in (null: UTC).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_deliveries')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_deliveries_created_idx').on('push_deliveries').column('created_at').execute();
  await db.schema.alterTable('notification_settings').addColumn('quiet_time_zone', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_settings').dropColumn('quiet_time_zone').execute();
  await db.schema.dropTable('push_deliveries').execute();
}
