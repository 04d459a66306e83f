import type { Executor } from '../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

export class UserRepository {
  constructor(private readonly db: Executor) {}

  findById(id: string, trx: Executor = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string, trx: Executor = this.db): Promise<UserRow | undefined> {
    return trx.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  }

  async insert(user: NewUser, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('users').values(user).execute();
  }

  async update(id: string, changes: UserUpdate, trx: Executor = this.db): Promise<void> {
    await trx
      .updateTable('users')
      .set({ ...changes, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('users').where('id', '=', id).execute();
  }

  /** Adds credits and records them in the ledger under an idempotency key (a second grant with the same key fails). */
  async grantCredits(
    userId: string,
    amount: number,
    reason: string,
    key: string,
    trx: Executor = this.db,
  ): Promise<void> {
    await trx
      .insertInto('credit_ledger')
      .values({ id: newId(), user_id: userId, amount, reason, idempotency_key: key, created_at: nowIso() })
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '+', amount), updated_at: nowIso() }))
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Removes the user and everything personal: messages, chats, sessions, ledger, email codes,
   * waitlist entry and rate-limit rows keyed by the address; feedback stays anonymous (user_id null).
   */
  async deleteWithData(userId: string, email: string, trx: Executor = this.db): Promise<void> {
    await trx.updateTable('feedback').set({ user_id: null }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('messages').where('user_id', '=', userId).execute();
    await trx.deleteFrom('chats').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('credit_ledger').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_codes').where('email', '=', email).execute();
    await trx.deleteFrom('waitlist').where('email', '=', email).execute();
    await trx
      .deleteFrom('attempts')
      .where('subject', 'in', [email, `verify:${email}`, `reset:${email}`])
      .execute();
    await trx
      .deleteFrom('attempt_counters')
      .where((eb) =>
        eb.or([
          eb('subject', 'in', [email, userId, `verify:${email}`, `reset:${email}`]),
          eb('subject', 'like', `${email}|%`),
        ]),
      )
      .execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  }
}
