import type { Executor } from '../db/database.js';
import { ProRepository } from './repository.js';

/**
 * Pro, read in one place: a user is Pro while their Pro expiry (`users.pro_expiry`) lies in the
 * future. Every feature that gates on Pro (personas that require it, speech, chats, billing, the
 * console) asks here, with the domain user (`auth/user.ts`).
 */
export function isPro(user: { proExpiry: string | null }, now = Date.now()): boolean {
  return user.proExpiry !== null && Date.parse(user.proExpiry) > now;
}

/**
 * The only writer of `users.pro_expiry`: billing (a paid period, a subscription that ended) and the
 * console and admin CLI (give days, end now), through `ProRepository`'s conditional updates.
 */
export class ProEntitlements {
  private readonly repo: ProRepository;

  constructor(db: Executor) {
    this.repo = new ProRepository(db);
  }

  /** Whose Pro it is (their address) and its expiry; undefined when there is no such user. */
  holder(userId: string, trx?: Executor): Promise<{ email: string; pro_expiry: string | null } | undefined> {
    return this.repo.holder(userId, trx);
  }

  /** Moves Pro's expiry later, never earlier; true when it moved. */
  extendPro(userId: string, until: string, trx?: Executor): Promise<boolean> {
    return this.repo.extendPro(userId, until, trx);
  }

  /**
   * Ends Pro at `end` (only an expiry after it moves back). With `grantedUntil` (a subscription that
   * ended): only an expiry no later than what that subscription had paid for, so days given
   * another way are kept.
   */
  endPro(userId: string, end: string, grantedUntil?: string, trx?: Executor): Promise<void> {
    return this.repo.endPro(userId, end, grantedUntil, trx);
  }

  /** Gives `days` more days of Pro from the later of now and the current expiry; the new expiry (undefined: no such user). */
  grantPro(userId: string, days: number, trx?: Executor): Promise<string | undefined> {
    return this.repo.grantPro(userId, days, trx);
  }
}
