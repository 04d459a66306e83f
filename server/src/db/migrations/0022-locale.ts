import type { Kysely } from 'kysely';

/**
 * Languages (issue #43):
 * - `users.locale`: the user's language (null: not chosen yet; the browser's language is used).
 * - `waitlist.locale`: the language the address joined in (its invite mail goes out in it).
 * - `personas.translations`: JSON `{ [locale]: { name?, description?, greeting? } }`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
  await db.schema.alterTable('personas').addColumn('translations', 'text').execute();
  await db.schema.alterTable('waitlist').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waitlist').dropColumn('locale').execute();
  await db.schema.alterTable('personas').dropColumn('translations').execute();
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
