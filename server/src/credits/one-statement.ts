import type { QueryCreator } from 'kysely';
import type { Tx } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { chargeKey, INSUFFICIENT_CREDITS_MESSAGE } from './charge-keys.js';
import { limitError } from './limits.js';
import type { SpendingLimitRepository } from './limits-repository.js';
import type { CreditRepository } from './repository.js';

/** How many users' time zones ChargeZones keeps (a few MB at most). */
const ZONES_KEPT = 50_000;

/**
 * Thrown by CreditService.chargeAlong when the user's limits count in another time zone than the
 * one its statement assumed: the caller's transaction rolls back and the charge runs again the
 * separate way (chargeInTransaction).
 */
export class ZoneMoved extends Error {
  constructor() {
    super('the spending limits count in another time zone than the charge assumed');
  }
}

/**
 * The time zone each user's last charge in this process read (null: UTC), the most recent last:
 * the zone a charge in one statement counts the limits in; undefined for a user not charged here
 * yet (charged the separate way, which learns it).
 */
export class ChargeZones {
  private readonly zones = new Map<string, string | null>();

  of(userId: string): string | null | undefined {
    return this.zones.get(userId);
  }

  learn(userId: string, timeZone: string | null): void {
    this.zones.delete(userId);
    this.zones.set(userId, timeZone);
    if (this.zones.size > ZONES_KEPT) {
      const oldest = this.zones.keys().next();
      if (!oldest.done) this.zones.delete(oldest.value);
    }
  }

  forget(userId: string): void {
    this.zones.delete(userId);
  }
}

/**
 * A message's charge and the caller's writes in one statement (CreditRepository.chargeAlong), its
 * limits counted in the periods of `charge.zone`; answers the new balance. Throws
 * `credits:insufficient`, `credits:limit`, a conflict when the message
 * was charged already, and ZoneMoved when the debit read another zone (learnt for the next charge).
 */
export async function chargeInOne(
  deps: { credits: CreditRepository; limits: SpendingLimitRepository; zones: ChargeZones },
  trx: Tx,
  charge: { userId: string; amount: number; messageId: string; zone: string | null },
  along: (creator: QueryCreator<Database>) => QueryCreator<Database>,
): Promise<number> {
  const { userId, amount, zone } = charge;
  const idempotencyKey = chargeKey(charge.messageId);
  const now = new Date();
  const spend = deps.limits.spendAfterDebit(userId, amount, now, zone);
  const result = await deps.credits.chargeAlong(trx, { userId, amount, idempotencyKey, spend }, along);
  if (!result) throw new AppError('credits:insufficient', INSUFFICIENT_CREDITS_MESSAGE);
  if (result.timeZone !== zone) {
    deps.zones.learn(userId, result.timeZone);
    throw new ZoneMoved();
  }
  if (!result.spent) throw limitError(await deps.limits.find(userId, trx), amount, now);
  if (!result.charged) throw new AppError('conflict', 'This message was already charged.');
  return result.balance;
}
