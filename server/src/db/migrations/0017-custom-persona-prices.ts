import type { Kysely } from 'kysely';

/**
 * People's own personas (issue #29): the console's price per message of a custom persona on each
 * model (credits), over `CUSTOM_PERSONA_PRICES`. A persona's `cost` is recomputed from it when it
 * changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_persona_prices')
    .addColumn('model', 'text', (c) => c.primaryKey())
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_persona_prices').execute();
}
