import { AppError } from '../errors.js';
import type { Backoff } from '../lib/limits/limit.js';
import type { AttemptLimiter, Reservation } from '../lib/limits/limiter.js';
import { CAPTCHA_REQUIRED_MESSAGE, type CaptchaVerifier } from './captcha.js';
import { BACKOFFS, CAPTCHA_AFTER_ADDRESS_FAILURES, CAPTCHA_AFTER_FAILURES, LIMITS } from './limits.js';
import { verifyPassword } from './passwords.js';

/** What a current-password check comes with: the captcha token (if any) and the client's address. */
export interface CurrentPasswordCheck {
  captchaToken?: string;
  ip: string;
}

export const WRONG_PASSWORD_MESSAGE = 'Your current password is incorrect.';

/**
 * The limits and the captcha around every password check (accounts/account-service.ts): a try is
 * counted before argon2 runs, so parallel guesses cannot outrun the limits or the captcha.
 */
export class PasswordGuard {
  constructor(
    private readonly d: {
      limiter: Pick<AttemptLimiter, 'reserveAll' | 'reserveBackoff' | 'release' | 'resetBackoff' | 'backoffFailures'>;
      captcha: Pick<CaptchaVerifier, 'enabled' | 'require'>;
    },
  ) {}

  /**
   * A login's try, reserved before the captcha and the password are checked: per IP, under the per
   * address+IP back-off, then under the per-address one. Past `CAPTCHA_AFTER_FAILURES` failures in a
   * row for this (address, IP), or `CAPTCHA_AFTER_ADDRESS_FAILURES` for the address from any IPs, it
   * needs a valid captcha token when the captcha is enabled. Answers the per-IP reservation, to be
   * released when the password was right.
   */
  async reserveLogin(email: string, ip: string, captchaToken: string | undefined): Promise<Reservation[]> {
    const backoffSubject = `${email}|${ip}`;
    await this.refuseKnownCaptchaless(BACKOFFS.login, backoffSubject, captchaToken);
    await this.refuseKnownCaptchaless(BACKOFFS.loginAddress, email, captchaToken, CAPTCHA_AFTER_ADDRESS_FAILURES);
    // Count first, then verify: the try is reserved (per IP, under the per address+IP back-off,
    // then under the per-address one) before the captcha and the password are checked, so
    // parallel guesses — from many IPs and processes too — cannot outrun the limits or the captcha.
    const reserved = await this.d.limiter.reserveAll([[LIMITS.loginFailPerIp, ip]]);
    try {
      const attempt = await this.d.limiter.reserveBackoff(BACKOFFS.login, backoffSubject);
      const addressAttempt = await this.d.limiter.reserveBackoff(BACKOFFS.loginAddress, email);
      if (attempt > CAPTCHA_AFTER_FAILURES || addressAttempt > CAPTCHA_AFTER_ADDRESS_FAILURES) {
        await this.d.captcha.require(captchaToken, ip);
      }
    } catch (error) {
      // Refused before any password check: the per-IP allowance counts checked passwords.
      await this.d.limiter.release(reserved);
      throw error;
    }
    return reserved;
  }

  /** The login's password was right: its per-IP try is given back and its back-offs start afresh. */
  async loginSucceeded(email: string, ip: string, reserved: Reservation[]): Promise<void> {
    await this.d.limiter.release(reserved);
    await this.d.limiter.resetBackoff(BACKOFFS.login, `${email}|${ip}`);
    await this.d.limiter.resetBackoff(BACKOFFS.loginAddress, email);
  }

  /**
   * The current password, under a per-session back-off reserved before argon2 runs: a stolen
   * token cannot brute-force it with parallel requests, and its guesses never slow down or ask a
   * captcha of the owner's own sessions (finding N12). Past `CAPTCHA_AFTER_FAILURES` failures in
   * a row it needs a valid captcha token too (when enabled), as a login does.
   */
  async checkCurrentPassword(
    sessionId: string,
    hash: string,
    password: string,
    check: CurrentPasswordCheck,
  ): Promise<void> {
    await this.refuseKnownCaptchaless(BACKOFFS.currentPassword, sessionId, check.captchaToken);
    const attempt = await this.d.limiter.reserveBackoff(BACKOFFS.currentPassword, sessionId);
    await this.requireCaptchaPastFailures(attempt, check.captchaToken, check.ip);
    if (!(await verifyPassword(hash, password))) {
      throw new AppError('auth:wrong-password', WRONG_PASSWORD_MESSAGE);
    }
    await this.d.limiter.resetBackoff(BACKOFFS.currentPassword, sessionId);
  }

  /**
   * A try known to need the captcha that brings no token is refused at once, before it is counted
   * (nothing is checked, so there is nothing to count). Only a shortcut: the decision that holds
   * under bursts is `requireCaptchaPastFailures` on the reserved try's number.
   */
  private async refuseKnownCaptchaless(
    policy: Backoff,
    subject: string,
    token: string | undefined,
    after = CAPTCHA_AFTER_FAILURES,
  ): Promise<void> {
    if (!this.d.captcha.enabled || token) return;
    if ((await this.d.limiter.backoffFailures(policy, subject)) >= after) {
      throw new AppError('auth:captcha-required', CAPTCHA_REQUIRED_MESSAGE);
    }
  }

  /** The reserved try number `attempt` (1-based) comes after `CAPTCHA_AFTER_FAILURES` failures: captcha. */
  private async requireCaptchaPastFailures(attempt: number, token: string | undefined, ip: string): Promise<void> {
    if (attempt > CAPTCHA_AFTER_FAILURES) await this.d.captcha.require(token, ip);
  }
}
