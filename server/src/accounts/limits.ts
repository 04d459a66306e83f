/** Account limits (ARCHITECTURE.md §6). Windows in milliseconds. */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CODE_LIFETIME_MS = 10 * MINUTE;
/** Wrong tries per code; the next try is refused even when right, the code is void. */
export const CODE_MAX_WRONG_TRIES = 5;

export interface Limit {
  /** The `attempts.scope` the events are counted under. */
  scope: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Codes sent per address per hour (verify and reset each). */
  codeIssuePerEmail: { scope: 'code-issue:email', max: 5, windowMs: HOUR },
  codeIssuePerIp: { scope: 'code-issue:ip', max: 100, windowMs: HOUR },
  /** Wrong codes. */
  codeFailPerEmail: { scope: 'code-fail:email', max: 10, windowMs: 15 * MINUTE },
  codeFailPerIp: { scope: 'code-fail:ip', max: 100, windowMs: 15 * MINUTE },
  /** Wrong passwords. */
  loginFailPerEmail: { scope: 'login-fail:email', max: 10, windowMs: 15 * MINUTE },
  loginFailPerIp: { scope: 'login-fail:ip', max: 100, windowMs: 15 * MINUTE },
  /** Built-in waitlist sign-ups. */
  waitlistPerIp: { scope: 'waitlist:ip', max: 10, windowMs: HOUR },
  /** Registrations (successful or not) per address of origin. */
  registerPerIp: { scope: 'register:ip', max: 50, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a while and try again.';
