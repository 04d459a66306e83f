import type { Executor } from '../db/database.js';
import type { InviteRow } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

export class InviteRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: InviteRow, trx: Executor = this.db): Promise<void> {
    await trx.insertInto('invites').values(row).execute();
  }

  findByHash(codeHash: string, trx: Executor = this.db): Promise<InviteRow | undefined> {
    return trx.selectFrom('invites').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  }

  list(): Promise<InviteRow[]> {
    return this.db.selectFrom('invites').selectAll().orderBy('created_at', 'desc').execute();
  }

  /**
   * Takes one use of the invite in a single conditional update, so two concurrent registrations
   * cannot both take the last use. Returns false when the code is unknown, revoked or used up.
   */
  async consume(codeHash: string, trx: Executor = this.db): Promise<boolean> {
    const result = await trx
      .updateTable('invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .whereRef('uses', '<', 'max_uses')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async revokeByHint(hint: string, trx: Executor = this.db): Promise<number> {
    const result = await trx
      .updateTable('invites')
      .set({ revoked_at: nowIso() })
      .where('code_hint', '=', hint)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
