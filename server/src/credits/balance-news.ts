import { afterCommit, type Tx } from '../db/database.js';
import type { EventBus } from '../lib/events.js';

/**
 * `credits.changed` with the new balance once a transaction commits (nothing if it rolls back, or
 * without a balance): one per user and transaction, with the last balance, after the transaction's
 * other news (the messages a charge paid for reach devices before the balance, as they always have).
 */
export class BalanceNews {
  /** The balances a transaction announces once it commits, per user. */
  private readonly pending = new WeakMap<Tx, Map<string, number>>();

  constructor(private readonly events: EventBus) {}

  announce(trx: Tx, userId: string, credits: number | undefined): void {
    if (credits === undefined) return;
    let balances = this.pending.get(trx);
    if (!balances) {
      balances = new Map();
      this.pending.set(trx, balances);
    }
    const first = !balances.has(userId);
    balances.set(userId, credits);
    if (!first) return;
    const final = balances;
    afterCommit(trx, () => this.events.emit('credits.changed', { userId, credits: final.get(userId) ?? credits }), {
      last: true,
    });
  }
}
