import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { NewUser, UserRow, UserUpdate } from '../db/schema.js';
import { escapeLike } from '../lib/sql-like.js';
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

  /**
   * Users whose address contains `q` (all when blank), by address, each with when they were last
   * seen (their newest session's last use): the console's user search.
   */
  searchByEmail(q: string, limit: number): Promise<Array<UserRow & { last_seen_at: string | null }>> {
    let query = this.db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.max('sessions.last_used_at').as('t'))
          .whereRef('sessions.user_id', '=', 'users.id')
          .as('last_seen_at'),
      )
      .orderBy('users.email')
      .limit(limit);
    const term = q.trim().toLowerCase();
    if (term) query = query.where(sql<boolean>`users.email LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
    return query
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, last_seen_at: (r.last_seen_at as string | null) ?? null })));
  }

  /** Whether any account exists (the first start makes an invite only when none does). */
  async any(): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
  }
}
