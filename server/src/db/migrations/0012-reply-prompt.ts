import type { Kysely } from 'kysely';

/**
 * The prompt each reply answered (issue #25 N7): editMessage changes a user message in place, so
 * before it does, the replies to the old text keep that text in `messages.prompt`. The app shows
 * an earlier reply version under the prompt it answered (as ChatGPT switches both). Null on
 * replies whose user message was never edited after them (the user message's text applies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('prompt', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('prompt').execute();
}
