import type { CreditService } from '../credits/service.js';
import { type Db, inTransaction } from '../db/database.js';
import type { RoundRepository } from './round-repository.js';

/** What a round's release touches: its row and the user's balance. */
export interface RoundMoney {
  db: Db;
  rounds: Pick<RoundRepository, 'close'>;
  credits: Pick<CreditService, 'releaseHoldInTransaction'>;
}

/**
 * Ends a round, once (the row's status is the claim): what it held and its replies were not
 * charged goes back to the balance in the same transaction. A reply's own refund (failed, or
 * nothing delivered) is its settlement's (replies/settle.ts), never this. True when this call
 * released it.
 */
export async function releaseRound(deps: RoundMoney, roundId: string): Promise<boolean> {
  return inTransaction(deps.db, async (trx) => {
    const round = await deps.rounds.close(roundId, trx);
    if (!round) return false;
    await deps.credits.releaseHoldInTransaction(trx, round.user_id, round.reserved - round.used, round.created_at);
    return true;
  });
}
