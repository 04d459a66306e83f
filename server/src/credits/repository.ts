import { sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** Credit balances (`users.credits`) and the ledger: only CreditService uses this. */
export class CreditRepository {
  constructor(private readonly db: Executor) {}

  /**
   * One conditional atomic update: takes `amount` only when the balance covers it (never below
   * zero, whatever the concurrency). Returns the new balance, or undefined when too low.
   * Run it in a transaction together with `addLedgerRow`.
   */
  async debitIfCovered(userId: string, amount: number, trx: Executor = this.db): Promise<number | undefined> {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', amount) }))
      .where('id', '=', userId)
      .where('credits', '>=', amount)
      .returning('credits')
      .executeTakeFirst();
    return row?.credits;
  }

  /** Adds `amount` (negative takes away, never below 0); the new balance, or undefined for no such user. */
  async adjust(userId: string, amount: number, trx: Executor = this.db): Promise<number | undefined> {
    const row = await trx
      .updateTable('users')
      .set({ credits: sql<number>`CASE WHEN credits + ${amount} < 0 THEN 0 ELSE credits + ${amount} END` })
      .where('id', '=', userId)
      .returning('credits')
      .executeTakeFirst();
    return row?.credits;
  }

  /** Writes a ledger row unless its idempotency key exists; true when written. */
  async addLedgerRow(
    row: { userId: string; amount: number; reason: string; idempotencyKey: string },
    trx: Executor = this.db,
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('credit_ledger')
      .values({
        id: newId(),
        user_id: row.userId,
        amount: row.amount,
        reason: row.reason,
        idempotency_key: row.idempotencyKey,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  findLedgerRow(idempotencyKey: string, trx: Executor = this.db) {
    return trx.selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  }

  async deleteLedgerOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('credit_ledger').where('user_id', '=', userId).execute();
  }
}
