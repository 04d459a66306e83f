import type { Kysely } from 'kysely';

/**
 * Folders and temporary chats (issue #49):
 * - `chat_folders`: a user's folders, in `position` order, gone with the user.
 * - `chats.folder_id`: the chat's folder (null: unfiled; a deleted folder leaves its chats unfiled).
 * - `chats.temporary`: 1 for a temporary chat (never listed, searched, remembered or exported; the
 *   `chats.expire-temporary` job deletes it 24 h after its last message). Indexed for that job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_folders_user_idx').on('chat_folders').columns(['user_id', 'position']).execute();
  await db.schema
    .alterTable('chats')
    .addColumn('folder_id', 'text', (c) => c.references('chat_folders.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('chats')
    .addColumn('temporary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('chats_folder_idx').on('chats').column('folder_id').execute();
  await db.schema.createIndex('chats_temporary_idx').on('chats').columns(['temporary', 'last_message_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chats_temporary_idx').execute();
  await db.schema.dropIndex('chats_folder_idx').execute();
  await db.schema.alterTable('chats').dropColumn('temporary').execute();
  await db.schema.alterTable('chats').dropColumn('folder_id').execute();
  await db.schema.dropTable('chat_folders').execute();
}
