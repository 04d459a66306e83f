import type { Kysely } from 'kysely';

/**
 * Hardening IV (issue #40):
 * - `orders.provider_invoice_id`: a Pro renewal (Stripe's `invoice.paid`) is an order of its own,
 *   recorded once per invoice (the unique index); `period_start` / `period_end`: the Pro period an
 *   order paid for (what a refund of it takes back).
 * - `files_unsent_idx`: the sweep of uploads never sent with a message reads them by age.
 * - `personas_deleted_idx`: the purge of deleted personas that no chat uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('provider_invoice_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('period_start', 'text').execute();
  await db.schema.alterTable('orders').addColumn('period_end', 'text').execute();
  await db.schema.createIndex('orders_invoice_idx').on('orders').column('provider_invoice_id').unique().execute();
  await db.schema.createIndex('files_unsent_idx').on('files').columns(['chat_id', 'created_at']).execute();
  await db.schema.createIndex('personas_deleted_idx').on('personas').column('deleted_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('personas_deleted_idx').execute();
  await db.schema.dropIndex('files_unsent_idx').execute();
  await db.schema.dropIndex('orders_invoice_idx').execute();
  await db.schema.alterTable('orders').dropColumn('period_end').execute();
  await db.schema.alterTable('orders').dropColumn('period_start').execute();
  await db.schema.alterTable('orders').dropColumn('provider_invoice_id').execute();
}
