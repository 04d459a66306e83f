import { type QueryCreator, type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';
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

  /**
   * debitIfCovered that also answers the time zone the user's spending limits count days in (null:
   * none set), read by the same statement: the charge's limits need no read of their own (one round
   * trip less per send on PostgreSQL, issue #50). Undefined when the balance is too low.
   */
  async debitIfCoveredInZone(
    userId: string,
    amount: number,
    trx: Executor,
  ): Promise<{ balance: number; timeZone: string | null } | undefined> {
    const row = await this.debitInZone(userId, amount, trx).executeTakeFirst();
    return row && { balance: row.credits, timeZone: row.time_zone ?? null };
  }

  /** debitIfCoveredInZone's statement, not run (a CTE of `chargeAlong`). */
  private debitInZone(userId: string, amount: number, trx: Executor) {
    return trx
      .updateTable('users')
      .set((eb) => ({ credits: eb('credits', '-', amount) }))
      .where('id', '=', userId)
      .where('credits', '>=', amount)
      .returning((eb) => [
        'credits',
        eb
          .selectFrom('spending_limits')
          .select('spending_limits.time_zone')
          .whereRef('spending_limits.user_id', '=', 'users.id')
          .as('time_zone'),
      ]);
  }

  /**
   * A message's charge and the caller's writes in ONE statement (PostgreSQL, issue #50: one round
   * trip where the charge took three and the send's rows one more). Its parts, each a CTE: the
   * debit (debitIfCoveredInZone), then from its row the spending limits' count (`spend`: the
   * caller's SpendingLimitRepository.spendAfterDebit) and from that the ledger row (addLedgerRow's,
   * `ledger`), and `along`'s writes, which run whatever the charge's outcome: the caller's
   * transaction is rolled back when the charge did not pass. The chain by data (debit → spend →
   * ledger) takes the user's rows in one order, as the separate statements did. Answers the debit's
   * balance and the time zone it read, and whether the count and the ledger row were written;
   * undefined when the balance did not cover `amount`.
   */
  async chargeAlong(
    trx: Executor,
    charge: { userId: string; amount: number; idempotencyKey: string; spend: RawBuilder<{ user_id: string }> },
    along: (creator: QueryCreator<Database>) => QueryCreator<Database>,
  ): Promise<{ balance: number; timeZone: string | null; spent: boolean; charged: boolean } | undefined> {
    const { userId, amount, idempotencyKey } = charge;
    const ledger = sql<{
      id: string;
    }>`INSERT INTO credit_ledger (id, user_id, amount, reason, idempotency_key, created_at)
      SELECT ${newId()}, ${userId}, ${-amount}, 'message', ${idempotencyKey}, ${nowIso()} FROM spend
      ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`;
    const chain = trx
      .with('debit', () => this.debitInZone(userId, amount, trx))
      // A raw CTE is not put in parentheses by Kysely.
      .with('spend', () => sql<{ user_id: string }>`(${charge.spend})`)
      .with('ledger', () => sql<{ id: string }>`(${ledger})`);
    // The caller's CTEs join the chain; its typing knows only the database's tables.
    const writes = along(chain as unknown as QueryCreator<Database>) as unknown as typeof chain;
    const row = await writes
      .selectFrom('debit')
      .select([
        'debit.credits',
        'debit.time_zone',
        sql<boolean>`EXISTS (SELECT 1 FROM spend)`.as('spent'),
        sql<boolean>`EXISTS (SELECT 1 FROM ledger)`.as('charged'),
      ])
      .executeTakeFirst();
    return row && { balance: row.credits, timeZone: row.time_zone ?? null, spent: row.spent, charged: row.charged };
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

  /** The skill surcharges (`tool:<messageId>:<callId>`) a reply took from its user. */
  listSurcharges(userId: string, messageId: string, trx: Executor = this.db) {
    return trx
      .selectFrom('credit_ledger')
      .select(['idempotency_key', 'amount', 'reason', 'created_at'])
      .where('user_id', '=', userId)
      .where('idempotency_key', 'like', `tool:${messageId.replace(/[\\%_]/g, '')}:%`)
      .where('amount', '<', 0)
      .execute();
  }

  findLedgerRow(idempotencyKey: string, trx: Executor = this.db) {
    return trx.selectFrom('credit_ledger').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  }

  /**
   * Reads the balance and locks the user's row until the transaction ends (a no-op update, so it
   * works on SQLite and PostgreSQL alike); undefined when the user does not exist.
   */
  async lockBalance(userId: string, trx: Executor): Promise<number | undefined> {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ credits: eb.ref('credits') }))
      .where('id', '=', userId)
      .returning('credits')
      .executeTakeFirst();
    return row?.credits;
  }

  /** The user's ledger, newest first, with the persona of message charges and refunds when known. */
  listLedger(userId: string, limit: number, trx: Executor = this.db) {
    return trx
      .selectFrom('credit_ledger')
      .select(['id', 'amount', 'reason', 'idempotency_key', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The persona name of each message's chat (for the credit history). */
  async personaNamesForMessages(messageIds: string[], trx: Executor = this.db): Promise<Map<string, string>> {
    if (messageIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom('messages')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      // A group chat's reply (issue #46) is its speaker's.
      .innerJoin('personas', (join) =>
        join.on((eb) => eb('personas.id', '=', eb.fn.coalesce('messages.persona_id', 'chats.persona_id'))),
      )
      .select(['messages.id as id', 'personas.name as name'])
      .where('messages.id', 'in', messageIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async balance(userId: string, trx: Executor = this.db): Promise<number | undefined> {
    const row = await trx.selectFrom('users').select('credits').where('id', '=', userId).executeTakeFirst();
    return row?.credits;
  }

  async deleteLedgerOf(userId: string, trx: Executor = this.db): Promise<void> {
    await trx.deleteFrom('credit_ledger').where('user_id', '=', userId).execute();
  }
}
