import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { AttemptRepository } from './counter-repository.js';
import { type Backoff, backoffDelayMs, type Limit, RATE_LIMIT_MESSAGE } from './limit.js';

const SWEEP_EVERY_MS = 10 * 60_000;
/**
 * Counters are kept at least this long, whichever process sweeps: the longest window of any limit
 * (the data archive's daily limit, issue #40).
 */
const KEEP_AT_LEAST_MS = 24 * 60 * 60_000;

/** The shared Redis link as the limiter uses it (realtime's RedisLink is one). */
export interface LimitRedis {
  readonly state: string;
  readonly client: { sendCommand(args: string[]): Promise<unknown> };
  key(...parts: string[]): string;
}

/** INCRBY with the window's expiry on the first hit: one atomic step on Redis. */
const INCR_WINDOW = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;
/** DECRBY only while the window's key lives (never leaves a key without expiry). */
const DECR_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECRBY', KEYS[1], ARGV[1]) end
return 0`;

/** One counted event, to be given back with `release` when the attempt turned out fine. */
export interface Reservation {
  limit: Limit;
  subject: string;
  store: 'redis' | 'sql';
  /** How many events it counted (1 unless `reserve` was given more). */
  amount: number;
}

const refused = () => new AppError('rate-limited', RATE_LIMIT_MESSAGE);

/**
 * Account limits as atomic reservations: an attempt is counted FIRST and only then evaluated, so a
 * burst of parallel requests (or processes) can never get more evaluations than the limit. Window
 * counters live in Redis (INCR + expiry) when REDIS_URL is set and Redis is up, else in the
 * database (`INSERT … ON CONFLICT … RETURNING`); back-offs always live in the database.
 */
export class AttemptLimiter {
  private lastSweep = 0;
  /** The longest window reserved so far: counters younger than it are never swept. */
  private longestMs = KEEP_AT_LEAST_MS;

  /** Built once per process (modules.ts) and given to every feature that limits something. */
  constructor(
    private readonly attempts: AttemptRepository,
    private readonly redis?: LimitRedis,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Counts one attempt (or `amount` events at once, e.g. links in one batch); throws the 429 when
   * the count is then over the limit (the attempt is not evaluated; `refusal` words it).
   */
  async reserve(limit: Limit, subject: string, amount = 1, refusal: () => AppError = refused): Promise<Reservation> {
    this.longestMs = Math.max(this.longestMs, limit.windowMs);
    this.sweepNowAndThen();
    const viaRedis = await this.incrementInRedis(limit, subject, amount);
    const count = viaRedis ?? (await this.incrementInDb(limit, subject, amount));
    if (count > limit.max) throw refusal();
    return { limit, subject, store: viaRedis === undefined ? 'sql' : 'redis', amount };
  }

  /** Reserves every pair; when one is refused, the ones already taken are given back. */
  async reserveAll(pairs: Array<[Limit, string]>): Promise<Reservation[]> {
    const taken: Reservation[] = [];
    try {
      for (const [limit, subject] of pairs) taken.push(await this.reserve(limit, subject));
      return taken;
    } catch (error) {
      await this.release(taken);
      throw error;
    }
  }

  /** Gives reservations back (the attempt succeeded, so it is not a failure to count). */
  async release(reservations: Reservation[]): Promise<void> {
    for (const r of reservations) {
      try {
        if (r.store === 'redis' && this.redis) {
          await this.redis.client.sendCommand([
            'EVAL',
            DECR_IF_EXISTS,
            '1',
            this.redisKey(r.limit, r.subject),
            String(r.amount),
          ]);
        } else await this.attempts.decrement(r.limit.scope, r.subject, r.amount);
      } catch (error) {
        this.log?.warn({ err: error }, 'could not release a limit reservation');
      }
    }
  }

  /**
   * Reserves one try under the back-off; throws the 429 while the subject must wait. Returns the
   * try's number in the run of failures (1 after a reset), counted atomically with the reservation.
   */
  async reserveBackoff(policy: Backoff, subject: string): Promise<number> {
    this.sweepNowAndThen();
    const now = Date.now();
    const delays: Array<string | null> = [];
    for (let n = 1; ; n++) {
      const ms = backoffDelayMs(policy, n);
      delays.push(ms === 0 ? null : new Date(now + ms).toISOString());
      if (ms >= policy.maxMs) break;
    }
    const count = await this.attempts.reserveBackoff(
      policy.scope,
      subject,
      new Date(now).toISOString(),
      new Date(now - policy.resetMs).toISOString(),
      delays,
    );
    if (count === undefined) throw refused();
    return count;
  }

  /** The subject's failures in a row so far (a plain read; decisions use `reserveBackoff`'s count). */
  async backoffFailures(policy: Backoff, subject: string): Promise<number> {
    return this.attempts.backoffCount(policy.scope, subject, new Date(Date.now() - policy.resetMs).toISOString());
  }

  /**
   * Forgets a subject's window counters (account deletion): the database rows in `trx`, and the
   * Redis keys (best effort: they expire with their window anyway).
   */
  async forget(limits: Limit[], subject: string, trx?: Executor): Promise<void> {
    await this.attempts.deleteSubject(
      limits.map((l) => l.scope),
      subject,
      trx,
    );
    if (this.redis?.state !== 'up') return;
    try {
      const keys = limits.map((l) => this.redisKey(l, subject));
      await this.redis.client.sendCommand(['DEL', ...keys]);
    } catch (error) {
      this.log?.warn({ err: error }, 'could not delete limit counters in Redis');
    }
  }

  /** Account deletion: the counters of these subjects, and of subjects starting with a prefix, in `trx`. */
  async forgetSubjects(subjects: string[], prefixes: string[], trx?: Executor): Promise<void> {
    await this.attempts.deleteSubjects(subjects, prefixes, trx);
  }

  /** A right answer: the subject starts over. */
  async resetBackoff(policy: Backoff, subject: string): Promise<void> {
    await this.attempts.reset(policy.scope, subject);
  }

  private redisKey(limit: Limit, subject: string): string {
    return (this.redis as LimitRedis).key('limit', limit.scope, subject);
  }

  /** undefined when Redis is not configured or not reachable (the database counts instead). */
  private async incrementInRedis(limit: Limit, subject: string, amount: number): Promise<number | undefined> {
    if (this.redis?.state !== 'up') return undefined;
    try {
      const n = await this.redis.client.sendCommand([
        'EVAL',
        INCR_WINDOW,
        '1',
        this.redisKey(limit, subject),
        String(limit.windowMs),
        String(amount),
      ]);
      return Number(n);
    } catch {
      return undefined;
    }
  }

  private incrementInDb(limit: Limit, subject: string, amount: number): Promise<number> {
    const now = Date.now();
    return this.attempts.increment(
      limit.scope,
      subject,
      new Date(now).toISOString(),
      new Date(now - limit.windowMs).toISOString(),
      amount,
    );
  }

  /** Subjects that never come back: drop their counters now and then. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    void this.attempts
      .pruneBefore(new Date(Date.now() - this.longestMs).toISOString())
      .catch((error) => this.log?.warn({ err: error }, 'limit counter sweep failed'));
  }
}
