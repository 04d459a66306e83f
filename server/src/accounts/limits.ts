import type { Backoff, Limit } from '../lib/limits/limit.js';

/** Account limits (ARCHITECTURE.md §6). Windows in milliseconds. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CODE_LIFETIME_MS = 10 * MINUTE;
/** Wrong tries per code; the next try is refused even when right, the code is void. */
export const CODE_MAX_WRONG_TRIES = 5;

export const LIMITS = {
  /** Codes sent per address per hour (verify and reset each). */
  codeIssuePerEmail: { scope: 'code-issue:email', max: 5, windowMs: HOUR },
  codeIssuePerIp: { scope: 'code-issue:ip', max: 100, windowMs: HOUR },
  /** Wrong codes. */
  codeFailPerEmail: { scope: 'code-fail:email', max: 10, windowMs: 15 * MINUTE },
  codeFailPerIp: { scope: 'code-fail:ip', max: 100, windowMs: 15 * MINUTE },
  /** Login attempts per address of origin (a right password gives its reservation back). */
  loginFailPerIp: { scope: 'login-fail:ip', max: 100, windowMs: 15 * MINUTE },
  /** `exists` and invite lookups (they reveal whether an address or invite exists). */
  lookupPerIp: { scope: 'lookup:ip', max: 120, windowMs: MINUTE },
  /** Built-in waitlist sign-ups. */
  waitlistPerIp: { scope: 'waitlist:ip', max: 10, windowMs: HOUR },
  /** Registrations (successful or not) per address of origin. */
  registerPerIp: { scope: 'register:ip', max: 50, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export const BACKOFFS = {
  /** Passwords at login, per (address, origin IP): another origin is never locked out. */
  login: { scope: 'login-backoff', freeTries: 5, baseMs: 30_000, maxMs: 15 * MINUTE, resetMs: 15 * MINUTE },
  /**
   * Passwords at login per address, across every IP and process (finding N7): gentle, so a guesser
   * rotating IPs is slowed down without shutting the owner out for long (a right password resets
   * it; a reset code always works).
   */
  loginAddress: {
    scope: 'login-address-backoff',
    freeTries: 30,
    baseMs: 2_000,
    maxMs: 2 * MINUTE,
    resetMs: 15 * MINUTE,
  },
  /** The current password (change password, delete account), per login session (N12). */
  currentPassword: {
    scope: 'password-check-backoff',
    freeTries: 5,
    baseMs: 30_000,
    maxMs: 15 * MINUTE,
    resetMs: 15 * MINUTE,
  },
} as const satisfies Record<string, Backoff>;

/**
 * With the captcha enabled (`RECAPTCHA_SECRET`), a password check after this many failures in a
 * row under its back-off — a login per (address, IP), the current password per account — needs a
 * valid captcha token; the try is reserved first, so a parallel burst gets no more than this many
 * checks without one. A right password resets the count (and so the requirement).
 */
export const CAPTCHA_AFTER_FAILURES = 3;

/**
 * With the captcha enabled, a login for an address that has failed this many times in a row from
 * any IPs (across processes) needs a valid captcha token too, whatever IP it comes from (N7).
 */
export const CAPTCHA_AFTER_ADDRESS_FAILURES = 10;
