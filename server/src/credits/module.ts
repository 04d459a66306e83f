import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import { CreditRepository } from './repository.js';
import { CreditService } from './service.js';

/** Credits: the one writer of balances and the ledger. */
export function createCreditsModule({ db, events }: { db: Db; events: EventBus }) {
  const credits = new CreditService(db, new CreditRepository(db), events);
  events.on('user.deleting', ({ userId, trx }) => credits.deleteLedgerOf(userId, trx));
  return { credits };
}
