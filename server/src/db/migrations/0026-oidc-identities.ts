import type { Kysely } from 'kysely';

/**
 * Sign-in with OpenID Connect (issue #47): `oidc_identities` links a provider's subject to a user
 * (one account per identity; gone with the user); `oidc_flows` keeps each started sign-in's state,
 * nonce and PKCE verifier server side (keyed by the state's hash, used once, expiring) and the
 * hash of the cookie that binds it to the browser that started it (no login CSRF);
 * `oidc_tickets` keeps a finished callback's outcome for the web app to take up by a one-time
 * code (keyed by its hash): a sign-in, an account to confirm, or a new identity awaiting its invite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_identities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('oidc_identities_subject_unique', ['provider_id', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_identities_user_idx').on('oidc_identities').column('user_id').execute();
  await db.schema
    .createTable('oidc_flows')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oidc_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oidc_tickets').execute();
  await db.schema.dropTable('oidc_flows').execute();
  await db.schema.dropTable('oidc_identities').execute();
}
