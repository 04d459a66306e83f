import type { Kysely } from 'kysely';

/**
 * What a reply cost and how it ended (issue #24), and the admin role (issues #24, #28):
 * - `messages.reasoning`: the model's thinking, stored apart from the answer (never sent back as it).
 * - `messages.model`, `finish_reason`: the model id that answered and why it stopped
 *   (`stop`, `length`, `content_filter`, `tool_calls`, `error`, `other`).
 * - `messages.*_tokens`: the provider's usage, summed over the reply's steps; null when not reported.
 * - `users.role`: `user` (default) or `admin` (`npm run admin -- users set-role EMAIL admin`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('reasoning', 'text').execute();
  await db.schema.alterTable('messages').addColumn('model', 'text').execute();
  await db.schema.alterTable('messages').addColumn('finish_reason', 'text').execute();
  for (const column of ['input_tokens', 'output_tokens', 'reasoning_tokens', 'cached_input_tokens'])
    await db.schema.alterTable('messages').addColumn(column, 'integer').execute();
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
  for (const column of [
    'cached_input_tokens',
    'reasoning_tokens',
    'output_tokens',
    'input_tokens',
    'finish_reason',
    'model',
    'reasoning',
  ])
    await db.schema.alterTable('messages').dropColumn(column).execute();
}
