/** What a limit is (lib/limits/limiter.ts counts them); each feature declares its own. */
export interface Limit {
  /** The `attempt_counters.scope` the events are counted under. */
  scope: string;
  max: number;
  windowMs: number;
}

/**
 * An exponential back-off on failures: the first `freeTries - 1` tries go unhindered, then each
 * try waits `baseMs`, doubling up to `maxMs`; a right answer resets it, and it starts over once
 * the last try is older than `resetMs`. Counted per subject, never for everyone (no lock-out DoS).
 */
export interface Backoff {
  scope: string;
  freeTries: number;
  baseMs: number;
  maxMs: number;
  resetMs: number;
}

/** The wait after the n-th try (1-based): 0 for the free tries, then base · 2^k up to max. */
export function backoffDelayMs(policy: Backoff, n: number): number {
  if (n < policy.freeTries) return 0;
  return Math.min(policy.baseMs * 2 ** (n - policy.freeTries), policy.maxMs);
}

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a while and try again.';
