import type { Limit } from '../lib/limits/limit.js';

const MINUTE = 60_000;

/** A password sign-in waits this long for its second factor; a WebAuthn ceremony as long. */
export const CHALLENGE_LIFETIME_MS = 5 * MINUTE;

/**
 * Second-factor codes (sign-in, turning it on or off, new backup codes) are limited as passwords
 * are: each try is reserved before it is checked, per account and per address of origin, across
 * processes (Redis when present); a right code gives its reservation back.
 */
export const SECURITY_LIMITS = {
  codePerUser: { scope: '2fa-fail:user', max: 10, windowMs: 15 * MINUTE },
  codePerIp: { scope: '2fa-fail:ip', max: 100, windowMs: 15 * MINUTE },
  /** Passkey sign-ins that failed, per address of origin. */
  passkeyPerIp: { scope: 'passkey-fail:ip', max: 100, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export const BACKUP_CODE_COUNT = 10;
