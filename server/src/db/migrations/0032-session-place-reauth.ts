import type { Kysely } from 'kysely';

/**
 * Sign-in (issue #47): a session keeps the address it signed in from (`ip`, shown in the devices
 * list) and when its owner last proved it was them (`confirmed_at`: a password, passkey or
 * second-factor code given again; null means only the sign-in itself). Removing a passkey,
 * signing a device out or unlinking an identity needs a recent one (REAUTH_MINUTES).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('confirmed_at').execute();
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
}
