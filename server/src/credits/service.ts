import { type Db, type Executor, inTransaction } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Realtime } from '../realtime/realtime.js';
import type { CreditRepository } from './repository.js';

export const chargeKey = (messageId: string) => `charge:${messageId}`;
export const refundKey = (messageId: string) => `refund:${messageId}`;

export interface GrantInput {
  userId: string;
  /** Positive to add, negative to take back (never below zero). */
  amount: number;
  reason: string;
  /** The ledger idempotency key, e.g. `purchase:<orderId>`. */
  key: string;
}

export const INSUFFICIENT_CREDITS_MESSAGE =
  'You do not have enough credits to send this message. Buy more credits to keep chatting.';

/**
 * Charges and refunds per message. A charge is one conditional update plus a ledger row keyed
 * `charge:<messageId>`; a refund happens at most once (`refund:<messageId>`), and only for a
 * message that was charged. Every change is pushed to the user's devices as `updateCredits`.
 */
export class CreditService {
  constructor(
    private readonly db: Db,
    private readonly credits: CreditRepository,
    private readonly realtime: Realtime,
  ) {}

  /**
   * Charges `amount` for a message inside the caller's transaction; throws
   * `credits:insufficient` when the balance does not cover it. Returns the new balance.
   * Call `notify` after the transaction commits.
   */
  async chargeInTransaction(trx: Executor, userId: string, amount: number, messageId: string): Promise<number> {
    const balance = await this.credits.debitIfCovered(userId, amount, trx);
    if (balance === undefined) throw new AppError('credits:insufficient', INSUFFICIENT_CREDITS_MESSAGE);
    const written = await this.credits.addLedgerRow(
      { userId, amount: -amount, reason: 'message', idempotencyKey: chargeKey(messageId) },
      trx,
    );
    if (!written) throw new AppError('conflict', 'This message was already charged.');
    return balance;
  }

  /** Charges in its own transaction and notifies the user's devices. */
  async charge(userId: string, amount: number, messageId: string): Promise<number> {
    const balance = await inTransaction(this.db, (trx) => this.chargeInTransaction(trx, userId, amount, messageId));
    this.notify(userId, balance);
    return balance;
  }

  /**
   * Gives back what `charge:<messageId>` took, exactly once, whatever the number of callers.
   * Returns the new balance, or undefined when there was nothing (left) to refund.
   */
  async refund(userId: string, messageId: string, reason = 'refund'): Promise<number | undefined> {
    const balance = await inTransaction(this.db, async (trx) => {
      const charge = await this.credits.findLedgerRow(chargeKey(messageId), trx);
      if (!charge || charge.amount >= 0 || charge.user_id !== userId) return undefined;
      const written = await this.credits.addLedgerRow(
        { userId, amount: -charge.amount, reason, idempotencyKey: refundKey(messageId) },
        trx,
      );
      if (!written) return undefined;
      return this.credits.credit(userId, -charge.amount, trx);
    });
    if (balance !== undefined) this.notify(userId, balance);
    return balance;
  }

  /**
   * Adds (or, with a negative amount, takes back) credits under an idempotency key, inside the
   * caller's transaction. A claw-back never takes the balance below zero: the ledger records what
   * was actually taken. Returns the new balance, or undefined when the key was already applied
   * (or the user does not exist). Call `notify` after the transaction commits.
   */
  async grantInTransaction(trx: Executor, input: GrantInput): Promise<number | undefined> {
    if (!Number.isInteger(input.amount)) throw new AppError('request:invalid', 'Credits are whole numbers.');
    const current = await this.credits.lockBalance(input.userId, trx);
    if (current === undefined) return undefined;
    const delta = input.amount >= 0 ? input.amount : -Math.min(current, -input.amount);
    const written = await this.credits.addLedgerRow(
      { userId: input.userId, amount: delta, reason: input.reason, idempotencyKey: input.key },
      trx,
    );
    if (!written) return undefined;
    if (delta === 0) return current;
    return this.credits.credit(input.userId, delta, trx);
  }

  /** `grantInTransaction` in its own transaction; notifies the user's devices when applied. */
  async grant(input: GrantInput): Promise<number | undefined> {
    const balance = await inTransaction(this.db, (trx) => this.grantInTransaction(trx, input));
    if (balance !== undefined) this.notify(input.userId, balance);
    return balance;
  }

  notify(userId: string, credits: number): void {
    if (this.realtime.attached) this.realtime.toUser(userId).emit('updateCredits', { credits });
  }
}
