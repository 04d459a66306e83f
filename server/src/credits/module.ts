import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import { SpendingLimitRepository } from './limits-repository.js';
import { CreditRepository } from './repository.js';
import { CreditService } from './service.js';

/** Credits: the one writer of balances and the ledger. */
export function createCreditsModule({
  db,
  events,
  onLedger,
}: {
  db: Db;
  events: EventBus;
  /** The metrics' ledger counters (a declared hook, not a setter). */
  onLedger?: (amount: number, reason: string) => void;
}) {
  const limits = new SpendingLimitRepository(db);
  const credits = new CreditService(db, new CreditRepository(db), events, limits, onLedger);
  events.on('user.deleting', ({ userId, trx }) => credits.deleteLedgerOf(userId, trx));
  return { credits };
}
