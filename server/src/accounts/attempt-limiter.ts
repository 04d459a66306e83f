import { AppError } from '../errors.js';
import type { AttemptRepository } from './attempt-repository.js';
import { LIMITS, type Limit, RATE_LIMIT_MESSAGE } from './limits.js';

const SWEEP_EVERY_MS = 10 * 60_000;
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));

/**
 * Database-backed counters for the account limits (shared by every process on one database, so
 * N servers behind a load balancer count together, with or without Redis).
 */
export class AttemptLimiter {
  private lastSweep = 0;

  constructor(private readonly attempts: AttemptRepository) {}

  /** Throws a 429 when the subject already reached the limit inside its window. */
  async check(limit: Limit, subject: string): Promise<void> {
    const since = new Date(Date.now() - limit.windowMs).toISOString();
    if ((await this.attempts.countSince(limit.scope, subject, since)) >= limit.max) {
      throw new AppError('rate-limited', RATE_LIMIT_MESSAGE);
    }
  }

  async checkAll(pairs: Array<[Limit, string]>): Promise<void> {
    for (const [limit, subject] of pairs) await this.check(limit, subject);
  }

  /** Counts one event (and drops this subject's events that fell out of the window). */
  async hit(limit: Limit, subject: string): Promise<void> {
    await this.attempts.record(limit.scope, subject);
    await this.attempts.pruneBefore(limit.scope, subject, new Date(Date.now() - limit.windowMs).toISOString());
    // Subjects that never come back: sweep everything older than the longest window now and then.
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.attempts.pruneAllBefore(new Date(Date.now() - LONGEST_WINDOW_MS).toISOString());
    }
  }

  async hitAll(pairs: Array<[Limit, string]>): Promise<void> {
    for (const [limit, subject] of pairs) await this.hit(limit, subject);
  }
}
