import type { Executor } from '../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.js';
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

  /** Whether any account exists (the first start makes an invite only when none does). */
  async any(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
  }
}
