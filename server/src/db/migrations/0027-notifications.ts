import type { Kysely } from 'kysely';

/**
 * Notifications (issue #48): the user's settings (`notification_settings`: replies on/off, hide
 * contents, quiet hours), the browsers' Web Push subscriptions (`push_subscriptions`, one per
 * endpoint) and the native apps' device tokens (`push_tokens`, one per token); all gone with
 * their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('replies', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('hide_contents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quiet_start', 'integer')
    .addColumn('quiet_end', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('push_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_tokens_user_idx').on('push_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_tokens').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('notification_settings').execute();
}
