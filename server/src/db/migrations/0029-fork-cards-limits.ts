import type { Kysely } from 'kysely';

/**
 * Organise (issue #49), the parts of this migration:
 * - `spending_limits`: one row per user who was ever charged or set a limit: the daily and monthly
 *   limits the user set (null: none) and what was spent in the current UTC day (`day_key`
 *   `YYYY-MM-DD`) and month (`month_key` `YYYY-MM`). A charge raises both in the statement that
 *   checks them (credits/limits-repository.ts), so parallel sends cannot pass a limit.
 * - `personas.card`: JSON of an imported character card's fields that have no column (personality,
 *   scenario, example messages, alternate greetings, extensions and unknown fields), kept for export.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spending_limits')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('daily_credits', 'integer')
    .addColumn('monthly_credits', 'integer')
    .addColumn('day_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('day_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('month_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('month_spent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('personas').addColumn('card', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('personas').dropColumn('card').execute();
  await db.schema.dropTable('spending_limits').execute();
}
