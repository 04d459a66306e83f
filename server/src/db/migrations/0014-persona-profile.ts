import type { Kysely } from 'kysely';

/**
 * Persona profiles and people's own personas (issues #28 and #29):
 * - `tagline`, `suggested_prompts` (JSON array of up to 4 strings), `avatar` (the file-store key
 *   of an uploaded picture; null shows the generated art): set in the console and the builder.
 * - `owner_id`: the user who made it (null for the operator's catalog).
 * - `visibility`: 'public' (catalog personas, and custom ones once approved), 'unlisted' (anyone
 *   signed in with the link) or 'private' (only the owner).
 * - `review_state`: for custom personas made public: 'pending', 'approved' or 'rejected'; null for
 *   the catalog. Listed in Explore only when approved and published.
 * - `deleted_at`: a deleted custom persona stays as a row so its chats remain readable with a note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('personas').addColumn('tagline', 'text').execute();
  await db.schema.alterTable('personas').addColumn('suggested_prompts', 'text').execute();
  await db.schema.alterTable('personas').addColumn('avatar', 'text').execute();
  await db.schema.alterTable('personas').addColumn('owner_id', 'text').execute();
  await db.schema
    .alterTable('personas')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .execute();
  await db.schema.alterTable('personas').addColumn('review_state', 'text').execute();
  await db.schema.alterTable('personas').addColumn('deleted_at', 'text').execute();
  await db.schema.createIndex('personas_owner_idx').on('personas').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('personas_owner_idx').execute();
  for (const column of [
    'deleted_at',
    'review_state',
    'visibility',
    'owner_id',
    'avatar',
    'suggested_prompts',
    'tagline',
  ]) {
    await db.schema.alterTable('personas').dropColumn(column).execute();
  }
}
