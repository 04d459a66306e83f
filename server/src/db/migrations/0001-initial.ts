import { type Kysely, sql } from 'kysely';

/** The initial schema. Portable types only (text, integer), so it runs on SQLite and PostgreSQL. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('pro_expiry', 'text')
    .addColumn('flags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0).check(sql`credits >= 0`))
    .addColumn('country', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_codes_email_kind_idx').on('email_codes').columns(['email', 'kind']).execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hint', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('waitlist')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'text')
    .execute();

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('attempts_scope_subject_idx')
    .on('attempts')
    .columns(['scope', 'subject', 'created_at'])
    .execute();

  await db.schema
    .createTable('personas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('requires_pro', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('included_skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('system_prompt', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('greeting', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('persona_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text')
    .addColumn('preview', 'text')
    .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chats_user_idx').on('chats').columns(['user_id', 'last_message_at']).execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('parts', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_chat_idx').on('messages').columns(['chat_id', 'id']).execute();
  await db.schema.createIndex('messages_status_idx').on('messages').column('status').execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user_idx').on('credit_ledger').column('user_id').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'feedback',
    'credit_ledger',
    'messages',
    'chats',
    'personas',
    'attempts',
    'waitlist',
    'invites',
    'email_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
