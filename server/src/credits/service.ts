import type { SpendingLimitsInput } from '@neura/contract';
import type { QueryCreator } from 'kysely';
import { type Db, type Executor, inTransaction, type Tx } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import { BalanceNews } from './balance-news.js';
import { chargeKey, INSUFFICIENT_CREDITS_MESSAGE, refundKey } from './charge-keys.js';
import { limitError, presentLimits } from './limits.js';
import type { SpendingLimitRepository } from './limits-repository.js';
import { ChargeZones, chargeInOne } from './one-statement.js';
import type { CreditRepository } from './repository.js';

export interface GrantInput {
  userId: string;
  /** Credits to add; negative takes them back (the balance never goes below 0). */
  amount: number;
  /** Why, as stored in the ledger (e.g. `signup`, `admin-grant`). */
  reason: string;
  /** The ledger's idempotency key: a grant under a key that was already applied does nothing. */
  key: string;
}

/**
 * The only writer of balances and of the credit ledger: grants (sign-up, admin, later purchases),
 * charges per message and refunds. Every change writes one ledger row under an idempotency key
 * and queues its announcement, `credits.changed` with the new balance, on the transaction it is
 * written in: devices hear of it (`updateCredits`) once that commits, never when it rolls back —
 * also for a `*InTransaction` change, where the caller's transaction decides.
 */
export class CreditService {
  /** The zone each user's last charge here read: the one chargeAlong counts the limits in. */
  readonly zones = new ChargeZones();
  /** `credits.changed` once a transaction commits. */
  private readonly news: BalanceNews;
  constructor(
    private readonly db: Db,
    private readonly credits: CreditRepository,
    events: EventBus,
    /** The user's spending limits (issue #49), counted in each charge's transaction. */
    private readonly limits: SpendingLimitRepository,
    /** Told of every ledger change once written (metrics; a negative amount is a charge), in a caller's transaction too. */
    private readonly onLedger?: (amount: number, reason: string) => void,
  ) {
    this.news = new BalanceNews(events);
  }

  /**
   * Grants inside the caller's transaction; returns the new balance, or undefined when the key
   * was already applied (or the user does not exist). A negative amount takes back at most the
   * balance, and the ledger records what was actually taken. Announced once `trx` commits.
   */
  async grantInTransaction(trx: Tx, input: GrantInput): Promise<number | undefined> {
    if (!Number.isInteger(input.amount)) throw new AppError('request:invalid', 'Credits are whole numbers.');
    const current = await this.credits.lockBalance(input.userId, trx);
    if (current === undefined) return undefined;
    const delta = input.amount >= 0 ? input.amount : -Math.min(current, -input.amount);
    const written = await this.credits.addLedgerRow(
      { userId: input.userId, amount: delta, reason: input.reason, idempotencyKey: input.key },
      trx,
    );
    if (!written) return undefined;
    this.onLedger?.(delta, input.reason);
    const balance = delta === 0 ? current : await this.credits.adjust(input.userId, delta, trx);
    this.news.announce(trx, input.userId, balance);
    return balance;
  }

  /** Grants in its own transaction (announced once committed); undefined when already applied. */
  grant(input: GrantInput): Promise<number | undefined> {
    return inTransaction(this.db, (trx) => this.grantInTransaction(trx, input));
  }

  /**
   * Charges `amount` for a message inside the caller's transaction; throws `credits:insufficient`
   * when the balance does not cover it. Returns the new balance, announced once `trx` commits.
   * `covered`: called once balance and limits have passed, before the ledger row (the transaction still decides).
   */
  async chargeInTransaction(trx: Tx, userId: string, amount: number, messageId: string, covered?: () => void) {
    const debited = await this.credits.debitIfCoveredInZone(userId, amount, trx);
    if (!debited) throw new AppError('credits:insufficient', INSUFFICIENT_CREDITS_MESSAGE);
    this.zones.learn(userId, debited.timeZone);
    await this.spendWithinLimits(trx, userId, amount, debited.timeZone);
    covered?.();
    await this.chargeHeldInTransaction(trx, userId, amount, messageId);
    this.news.announce(trx, userId, debited.balance);
    return debited.balance;
  }

  /**
   * chargeInTransaction and the caller's writes in one statement (PostgreSQL: one-statement.ts;
   * `along` adds the writes as CTEs), the limits counted in the periods of `zone` (zones.of). A
   * zone that moved throws ZoneMoved: the caller's transaction must roll back and charge apart.
   */
  async chargeAlong(
    trx: Tx,
    charge: { userId: string; amount: number; messageId: string; zone: string | null; covered?: () => void },
    along: (creator: QueryCreator<Database>) => QueryCreator<Database>,
  ): Promise<number> {
    const { userId, amount } = charge;
    const balance = await chargeInOne(
      { credits: this.credits, limits: this.limits, zones: this.zones },
      trx,
      charge,
      along,
    );
    charge.covered?.();
    this.onLedger?.(-amount, 'message');
    this.news.announce(trx, userId, balance);
    return balance;
  }

  /**
   * Group chats (issue #46): holds `amount` of the balance for a round inside the caller's
   * transaction, all or nothing (`credits:insufficient` when the balance does not cover it; the whole
   * hold counts against the spending limits, `credits:limit`, and what is released goes off). The
   * hold writes no ledger row: each reply's charge is written from it as the reply starts
   * (`chargeHeldInTransaction`) and what is left goes back with `releaseHoldInTransaction`. The
   * caller keeps the hold's record (the round) and releases it once.
   */
  async holdInTransaction(trx: Tx, userId: string, amount: number): Promise<number> {
    const debited = await this.credits.debitIfCoveredInZone(userId, amount, trx);
    if (!debited) throw new AppError('credits:insufficient', INSUFFICIENT_CREDITS_MESSAGE);
    await this.spendWithinLimits(trx, userId, amount, debited.timeZone);
    this.news.announce(trx, userId, debited.balance);
    return debited.balance;
  }

  /** A reply's charge paid from its round's hold: the ledger row `charge:<messageId>`, the balance unchanged. */
  async chargeHeldInTransaction(trx: Tx, userId: string, amount: number, messageId: string): Promise<void> {
    const written = await this.credits.addLedgerRow(
      { userId, amount: -amount, reason: 'message', idempotencyKey: chargeKey(messageId) },
      trx,
    );
    if (!written) throw new AppError('conflict', 'This message was already charged.');
    this.onLedger?.(-amount, 'message');
  }

  /** Gives back what a round held and did not charge (the caller's claim on the round makes it once). */
  async releaseHoldInTransaction(trx: Tx, userId: string, amount: number, heldAt: string): Promise<number | undefined> {
    if (amount <= 0) return undefined;
    const balance = await this.credits.adjust(userId, amount, trx);
    await this.limits.unspend(userId, amount, heldAt, trx);
    this.news.announce(trx, userId, balance);
    return balance;
  }

  /** Charges in its own transaction (announced once committed). */
  charge(userId: string, amount: number, messageId: string): Promise<number> {
    return inTransaction(this.db, (trx) => this.chargeInTransaction(trx, userId, amount, messageId));
  }

  /**
   * Gives back what `charge:<messageId>` and the reply's skill surcharges (`tool:<messageId>:*`)
   * took, exactly once, whatever the number of callers, in its own transaction.
   * Returns the new balance, or undefined when there was nothing (left) to refund.
   */
  refund(userId: string, messageId: string, reason = 'refund'): Promise<number | undefined> {
    return inTransaction(this.db, (trx) => this.refundInTransaction(trx, userId, messageId, reason));
  }

  /** `refund` inside the caller's transaction (a reply's settlement); announced once `trx` commits. */
  async refundInTransaction(
    trx: Tx,
    userId: string,
    messageId: string,
    reason = 'refund',
  ): Promise<number | undefined> {
    const charge = await this.credits.findLedgerRow(chargeKey(messageId), trx);
    const mine = charge && charge.amount < 0 && charge.user_id === userId;
    // The charge, then the reply's skill surcharges (finding N9: a failed or interrupted reply kept
    // them), each given back once under the key the skill's own refund uses.
    const taken = [
      ...(mine ? [{ amount: charge.amount, reason, key: refundKey(messageId), at: charge.created_at }] : []),
      ...(await this.credits.listSurcharges(userId, messageId, trx)).map((row) => ({
        amount: row.amount,
        reason: `refund:${row.reason}`,
        key: `refund:${row.idempotency_key}`,
        at: row.created_at,
      })),
    ];
    let back = 0;
    for (const row of taken) {
      const refund = { userId, amount: -row.amount, reason: row.reason, idempotencyKey: row.key };
      if (!(await this.credits.addLedgerRow(refund, trx))) continue;
      back -= row.amount;
      this.onLedger?.(-row.amount, row.reason);
      await this.limits.unspend(userId, -row.amount, row.at, trx);
    }
    if (back === 0) return undefined;
    const balance = await this.credits.adjust(userId, back, trx);
    this.news.announce(trx, userId, balance);
    return balance;
  }

  /** The skill surcharges a reply keeps: those it took (`tool:<messageId>:*`) and did not give back. */
  async keptSurcharges(trx: Tx, userId: string, messageId: string): Promise<number> {
    let kept = 0;
    for (const surcharge of await this.credits.listSurcharges(userId, messageId, trx)) {
      if (!(await this.credits.findLedgerRow(`refund:${surcharge.idempotency_key}`, trx))) kept -= surcharge.amount;
    }
    return kept;
  }

  /**
   * A keyed charge in its own transaction (skill surcharges: `tool:<messageId>:<callId>`);
   * undefined when the balance does not cover it, or when the key was already charged.
   */
  chargeKeyed(userId: string, amount: number, key: string, reason: string): Promise<number | undefined> {
    return inTransaction(this.db, async (trx) => {
      const written = await this.credits.addLedgerRow({ userId, amount: -amount, reason, idempotencyKey: key }, trx);
      if (!written) return undefined;
      const left = await this.credits.debitIfCovered(userId, amount, trx);
      // Not covered: throwing rolls the ledger row back with it.
      if (left === undefined) throw new AppError('credits:insufficient', INSUFFICIENT_CREDITS_MESSAGE);
      await this.spendWithinLimits(trx, userId, amount);
      this.onLedger?.(-amount, reason);
      this.news.announce(trx, userId, left);
      return left;
    }).catch((error: unknown) => {
      if (error instanceof AppError && (error.code === 'credits:insufficient' || error.code === 'credits:limit'))
        return undefined;
      throw error;
    });
  }

  /** Gives back a keyed charge once (`refund:<key>`); undefined when there was nothing to refund. */
  refundKeyed(userId: string, key: string, reason: string): Promise<number | undefined> {
    return inTransaction(this.db, (trx) => this.refundKeyedInTransaction(trx, userId, key, reason));
  }

  /** `refundKeyed` inside the caller's transaction; announced once `trx` commits. */
  async refundKeyedInTransaction(trx: Tx, userId: string, key: string, reason: string): Promise<number | undefined> {
    const charge = await this.credits.findLedgerRow(key, trx);
    if (!charge || charge.amount >= 0 || charge.user_id !== userId) return undefined;
    const written = await this.credits.addLedgerRow(
      { userId, amount: -charge.amount, reason, idempotencyKey: `refund:${key}` },
      trx,
    );
    if (!written) return undefined;
    this.onLedger?.(-charge.amount, reason);
    await this.limits.unspend(userId, -charge.amount, charge.created_at, trx);
    const balance = await this.credits.adjust(userId, -charge.amount, trx);
    this.news.announce(trx, userId, balance);
    return balance;
  }

  /**
   * Counts a charge of `amount` against the user's spending limits in the charge's transaction (one
   * conditional statement); throws `credits:limit`, naming the limit and when it resets, when it
   * would pass one (the caller's transaction then rolls the charge back). `timeZone`: the zone
   * the debit read (debitIfCoveredInZone); undefined: the limits read it.
   */
  private async spendWithinLimits(trx: Tx, userId: string, amount: number, timeZone?: string | null): Promise<void> {
    if (amount <= 0) return;
    const now = new Date();
    if (await this.limits.spend(userId, amount, trx, now, timeZone === undefined ? undefined : { timeZone })) return;
    throw limitError(await this.limits.find(userId, trx), amount, now);
  }

  /** The user's spending limits and what counts against them now. */
  async spendingLimits(userId: string) {
    return presentLimits(await this.limits.find(userId));
  }

  /** Sets the user's limits and time zone (a field left out stays; null clears a limit). */
  async setSpendingLimits(userId: string, input: SpendingLimitsInput) {
    await this.limits.setLimits(userId, input);
    this.zones.forget(userId);
    return presentLimits(await this.limits.find(userId));
  }

  /** The browser's zone on connect: when it differs (travel), the limits count its day and month from now. */
  followTimeZone(userId: string, timeZone: string): Promise<void> {
    // The zone chargeAlong assumes is left as it is: a change (travel: rare) costs the next charge
    // one rolled-back statement (ZoneMoved), a forgotten zone every new connection a charge apart.
    return this.limits.followTimeZone(userId, timeZone);
  }

  /** The user's ledger rows, newest first (read-only, for the credit history). */
  history(userId: string, limit: number) {
    return this.credits.listLedger(userId, limit);
  }

  /** The persona name of each message's chat (read-only, for the credit history). */
  personaNamesForMessages(messageIds: string[]): Promise<Map<string, string>> {
    return this.credits.personaNamesForMessages(messageIds);
  }

  /** Removes the user's ledger and spending limits (account deletion, inside its transaction). */
  async deleteLedgerOf(userId: string, trx: Executor): Promise<void> {
    await this.limits.deleteOf(userId, trx);
    await this.credits.deleteLedgerOf(userId, trx);
  }
}
