import type { Kysely } from 'kysely';

/**
 * Hardening III (issue #26): `model_usage` counts the tokens of model calls that belong to no
 * reply (chat titles, finding N6), the operator's cost, per user; rows go with their user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_usage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('input_tokens', 'integer')
    .addColumn('output_tokens', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('model_usage_user_idx').on('model_usage').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_usage').execute();
}
