import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  type AccountOptionsResponse,
  type Locale,
  NOT_VERIFIED_MESSAGE,
  type RegisterRequest,
  type User,
  type UserExistsResponse,
  VALIDATION_MESSAGES,
  VERIFY_MAIL_FAILED_MESSAGE,
} from '@neura/contract';
import type { Principal } from '../auth/authenticate.js';
import { userFromRow } from '../auth/user.js';
import { inTransaction } from '../db/database.js';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { resetCodeMail, verifyCodeMail } from '../mail/templates.js';
import type { AccountDeps, LoginResult, Origin } from './account-deps.js';
import { LIMITS } from './limits.js';
import { type CurrentPasswordCheck, PasswordGuard, WRONG_PASSWORD_MESSAGE } from './password-guard.js';
import { burnPasswordCheck, checkPasswordPolicy, hashPassword, verifyPassword } from './passwords.js';
import { presentUser } from './present-user.js';
import { SessionOpener } from './session-opener.js';

export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'The email address or password is incorrect.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
  wrongPassword: WRONG_PASSWORD_MESSAGE,
} as const;

const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Sign-up (invite or open), email verification, login, password reset and change, and account
 * deletion. Registration always ends in email verification: the answer is the 403 "not verified"
 * after the code was mailed, and the client goes to its verify page.
 */
export class AccountService {
  /** Mails being sent after their answer (`afterAnswer`). */
  private readonly pending = new Set<Promise<void>>();

  /** The limits and the captcha around password checks. */
  private readonly guard: PasswordGuard;

  private readonly opener: SessionOpener;

  constructor(private readonly d: AccountDeps) {
    this.guard = new PasswordGuard(d);
    this.opener = new SessionOpener(d);
  }

  /** `exists` and invite lookups: limited per IP across processes (they reveal what exists). */
  async reserveLookup(ip: string): Promise<void> {
    await this.d.limiter.reserve(LIMITS.lookupPerIp, ip);
  }

  async exists(email: string): Promise<UserExistsResponse> {
    const user = await this.d.users.findByEmail(normalizeEmail(email));
    return {
      userExists: user !== undefined,
      waitlist: this.d.config.REGISTRATION === 'invite',
      captchaEnabled: this.d.captcha.enabled,
    };
  }

  options(): AccountOptionsResponse {
    return {
      registration: this.d.config.REGISTRATION,
      waitlistUrl: this.d.config.WAITLIST_URL ?? null,
      captchaSiteKey: this.d.captcha.enabled ? (this.d.config.RECAPTCHA_SITE_KEY ?? null) : null,
    };
  }

  /** Creates the (unverified) account, taking the invite in the same transaction, and mails the code. */
  async register(input: RegisterRequest, captchaToken: string | undefined, origin: Origin): Promise<void> {
    await this.d.limiter.reserve(LIMITS.registerPerIp, origin.ip);
    await this.d.captcha.verify(captchaToken, origin.ip);
    const email = normalizeEmail(input.email);
    checkPasswordPolicy(input.password, email);
    const inviteRequired = this.d.config.REGISTRATION === 'invite';
    if (inviteRequired && !input.inviteCode) throw new AppError('invite:invalid', VALIDATION_MESSAGES.invalidInvite);
    if (await this.d.users.findByEmail(email)) throw new AppError('auth:email-taken', ACCOUNT_MESSAGES.emailTaken);

    const passwordHash = await hashPassword(input.password);
    const userId = newId();
    const now = nowIso();
    try {
      // The sign-up grant is announced by credits once this commits.
      await inTransaction(this.d.db, async (trx) => {
        if (inviteRequired && !(await this.d.invites.consume(input.inviteCode as string, trx))) {
          throw new AppError('invite:invalid', VALIDATION_MESSAGES.invalidInvite);
        }
        await this.d.users.insert(
          {
            id: userId,
            email,
            first_name: input.firstName,
            last_name: input.lastName,
            password_hash: passwordHash,
            email_verified_at: null,
            referral_code: randomBytes(5).toString('hex').toUpperCase(),
            pro_expiry: null,
            flags: '[]',
            credits: 0,
            country: input.country ?? null,
            locale: origin.locale ?? null,
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        const amount = this.d.config.SIGNUP_CREDITS;
        if (amount > 0) {
          await this.d.credits.grantInTransaction(trx, { userId, amount, reason: 'signup', key: `signup:${userId}` });
        }
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A concurrent registration of the same address won the unique index.
      if (await this.d.users.findByEmail(email)) throw new AppError('auth:email-taken', ACCOUNT_MESSAGES.emailTaken);
      throw error;
    }

    try {
      // Not counted against the address's code limit (N11): `/users/verify` then answers an address
      // registered this hour exactly as any other (its 429 comes at the same call for every address).
      // Registration has its own limits (per IP; an address registers once).
      const code = await this.d.codes.make(email, 'verify');
      await this.d.mailer.send(verifyCodeMail(email, code, origin.locale));
    } catch (error) {
      // The account exists; the verify page offers "Didn't get an email?" to send a new code.
      this.d.log.error({ err: error }, 'verification mail after registration failed');
    }
  }

  /**
   * Past `CAPTCHA_AFTER_FAILURES` failures in a row for this (address, IP), or
   * `CAPTCHA_AFTER_ADDRESS_FAILURES` for the address from any IPs, a login needs a valid captcha
   * token when the captcha is enabled; without one the password is not checked. The address also
   * has a gentle back-off of its own (`BACKOFFS.loginAddress`).
   */
  async login(emailInput: string, password: string, origin: Origin, captchaToken?: string): Promise<LoginResult> {
    const email = normalizeEmail(emailInput);
    const reserved = await this.guard.reserveLogin(email, origin.ip, captchaToken);
    const user = await this.d.users.findByEmail(email);
    let ok = false;
    if (user) ok = await verifyPassword(user.password_hash, password);
    else await burnPasswordCheck(password);
    if (!user || !ok) throw new AppError('auth:invalid-credentials', ACCOUNT_MESSAGES.invalidCredentials);
    await this.guard.loginSucceeded(email, origin.ip, reserved);
    if (!user.email_verified_at) throw new AppError('auth:not-verified', NOT_VERIFIED_MESSAGE);
    if (user.suspended_at) throw new AppError('auth:suspended', ACCOUNT_SUSPENDED_MESSAGE);
    // With the second factor on (issue #47), the password alone opens no session.
    const challenge = await this.d.secondFactor?.challengeFor(user.id);
    if (challenge) return { twoFactorRequired: true, challenge };
    return { token: await this.openSession(user.id, origin) };
  }

  /** PATCH /users/me { locale } (issue #43): the user's language; each of their devices hears `user.changed`. */
  async setLocale(userId: string, locale: string): Promise<User> {
    await this.d.users.update(userId, { locale: locale as Locale });
    const row = await this.d.users.findById(userId);
    if (!row) throw new AppError('auth:required', 'You need to be signed in to do that.');
    const user = presentUser(userFromRow(row));
    await this.d.events.emit('user.changed', { userId, user });
    return user;
  }

  /** Mails a verification code to an unverified account; silently does nothing for other addresses. */
  async sendVerifyCode(emailInput: string, origin: Origin): Promise<void> {
    const email = normalizeEmail(emailInput);
    // Counted for every address, so a 429 says nothing about whether the address exists.
    await this.d.codes.reserveIssue(email, 'verify', origin.ip);
    // Sent before the answer: SPEC.md §5 tells the user when the verification mail failed (so
    // this one answers an unverified account's address more slowly; docs/SECURITY.md known limits).
    const user = await this.d.users.findByEmail(email);
    if (!user || user.email_verified_at) return;
    const code = await this.d.codes.make(email, 'verify');
    try {
      await this.d.mailer.send(verifyCodeMail(email, code, user.locale ?? origin.locale));
    } catch (error) {
      this.d.log.error({ err: error }, 'verification mail failed');
      throw new AppError('mail:send-failed', VERIFY_MAIL_FAILED_MESSAGE);
    }
  }

  /**
   * Work whose outcome must not show in the answer or its timing (finding N11: `/users/forgot`
   * took ~105 ms for a known address, 1–2 ms for an unknown one): run after it, failures logged.
   */
  private afterAnswer(what: string, work: () => Promise<void>): void {
    const task = work()
      .catch((error: unknown) => this.d.log.error({ err: error }, what))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /**
   * Uses the verification code and marks the address verified. The code proves the address as a
   * reset code does, so a session comes with it (the web still lands on login as SPEC.md §4 says).
   */
  async validateVerifyCode(emailInput: string, code: string, origin: Origin): Promise<string> {
    const email = normalizeEmail(emailInput);
    await this.d.codes.check(email, 'verify', code, origin.ip, { consume: true });
    const user = await this.d.users.findByEmail(email);
    if (!user) throw new AppError('auth:code-invalid', 'That code is no longer valid. Please request a new one.');
    if (!user.email_verified_at) await this.d.users.update(user.id, { email_verified_at: nowIso() });
    return this.openSession(user.id, origin);
  }

  /** Mails a reset code to an existing account; answers the same for unknown addresses. */
  async sendResetCode(emailInput: string, origin: Origin): Promise<void> {
    const email = normalizeEmail(emailInput);
    // Counted for every address (F11): known and unknown addresses get the same answers.
    await this.d.codes.reserveIssue(email, 'reset', origin.ip);
    // After the answer (N11): known and unknown addresses answer alike and in the same time.
    this.afterAnswer('reset mail failed', async () => {
      const user = await this.d.users.findByEmail(email);
      if (!user) return;
      const code = await this.d.codes.make(email, 'reset');
      await this.d.mailer.send(resetCodeMail(email, code, user.locale ?? origin.locale));
    });
  }

  /** Checks the reset code without using it up (the reset page sends it again with the new password). */
  async validateResetCode(emailInput: string, code: string, origin: Origin): Promise<void> {
    await this.d.codes.check(normalizeEmail(emailInput), 'reset', code, origin.ip, { consume: false });
  }

  /** Uses the reset code, sets the password, ends every session and opens a new one. */
  async resetPassword(emailInput: string, code: string, password: string, origin: Origin): Promise<string> {
    const email = normalizeEmail(emailInput);
    checkPasswordPolicy(password, email);
    await this.d.codes.check(email, 'reset', code, origin.ip, { consume: true });
    const user = await this.d.users.findByEmail(email);
    if (!user) throw new AppError('auth:code-invalid', 'That code is no longer valid. Please request a new one.');
    await this.d.users.update(user.id, {
      password_hash: await hashPassword(password),
      email_verified_at: user.email_verified_at ?? nowIso(),
    });
    await this.endSessions(await this.d.sessions.revokeAllForUser(user.id));
    return this.openSession(user.id, origin);
  }

  /** Changes the password and ends every other session of the user (their sockets disconnect). */
  async changePassword(
    principal: Principal,
    currentPassword: string,
    password: string,
    check: CurrentPasswordCheck,
  ): Promise<void> {
    const { user } = principal;
    await this.checkPassword(principal, currentPassword, check);
    checkPasswordPolicy(password, user.email);
    await this.d.users.update(user.id, { password_hash: await hashPassword(password) });
    await this.endSessions(await this.d.sessions.revokeAllForUser(user.id, principal.sessionId));
  }

  /** Ends this login session; its sockets disconnect on every process. */
  async logout(principal: Principal): Promise<void> {
    await this.d.sessions.revoke(principal.sessionId);
    await this.endSessions([principal.sessionId]);
  }

  /** Deletes the account and the user's chats, messages, sessions, ledger and personal data. */
  async deleteAccount(principal: Principal, password: string, check: CurrentPasswordCheck): Promise<void> {
    const { user } = principal;
    await this.checkPassword(principal, password, check);
    const sessionIds = await this.d.sessions.activeIdsForUser(user.id);
    await inTransaction(this.d.db, async (trx) => {
      // Every feature removes its own rows (chats, messages, ledger, codes, …) in this transaction.
      await this.d.events.emit('user.deleting', { userId: user.id, email: user.email, trx });
      await this.d.users.delete(user.id, trx);
    });
    await this.endSessions(sessionIds);
  }

  private async endSessions(sessionIds: string[]): Promise<void> {
    if (sessionIds.length > 0) await this.d.events.emit('session.revoked', { sessionIds });
  }

  /** A new login session (also after a second factor or a passkey, security/); answers its token. */
  openSession(userId: string, origin: Origin): Promise<string> {
    return this.opener.open(userId, origin);
  }

  /** The signed-in user's current password (its stored hash read here), under its limits. */
  async checkPassword(principal: Principal, password: string, check: CurrentPasswordCheck): Promise<void> {
    const row = await this.d.users.findById(principal.user.id);
    if (!row) throw new AppError('auth:invalid-token', 'Your session has expired. Please sign in again.');
    await this.guard.checkCurrentPassword(principal.sessionId, row.password_hash, password, check);
  }
}
