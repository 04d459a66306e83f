import { randomBytes } from 'node:crypto';
import { ACCOUNT_SUSPENDED_MESSAGE, VALIDATION_MESSAGES } from '@neura/contract';
import { generateToken, hashToken } from '../auth/tokens.js';
import { type Executor, inTransaction, type Tx } from '../db/database.js';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { AccountDeps, LoginResult, Origin } from './account-deps.js';
import { PasswordGuard } from './password-guard.js';
import { burnPasswordCheck, verifyPassword } from './passwords.js';

/**
 * A password hash no password verifies: an account made from an outside identity has no password
 * until its owner sets one ("Forgot password" mails a code to the verified address).
 */
const NO_PASSWORD = '!no-password';

export const EXTERNAL_MESSAGES = {
  wrongPassword: 'The email address or password is incorrect.',
  emailTaken: 'An account with this email address already exists. Please log in instead.',
} as const;

export interface NewExternalAccount {
  email: string;
  firstName: string;
  lastName: string;
  /** Needed when REGISTRATION=invite; taken in the account's transaction. */
  inviteCode?: string;
}

/**
 * What sign-in with an outside identity (oidc/) needs of accounts, so it never touches accounts'
 * tables: look up an address, confirm an account by its password (under the login limits), make an
 * account (invite-only holds; the address is verified by the provider) and open a session.
 */
export class ExternalAccounts {
  private readonly guard: PasswordGuard;

  constructor(private readonly d: AccountDeps) {
    this.guard = new PasswordGuard(d);
  }

  /** The account of this address, if any. */
  async idOfEmail(email: string): Promise<string | undefined> {
    return (await this.d.users.findByEmail(email.trim().toLowerCase()))?.id;
  }

  /** Opens a login session for the user (refused while suspended); answers its token. */
  async openSession(userId: string, origin: Origin, trx?: Executor): Promise<string> {
    const user = await this.d.users.findById(userId, trx);
    if (!user) throw new AppError('auth:invalid-credentials', EXTERNAL_MESSAGES.wrongPassword);
    if (user.suspended_at) throw new AppError('auth:suspended', ACCOUNT_SUSPENDED_MESSAGE);
    const token = generateToken();
    await this.d.sessions.create(userId, hashToken(token), origin.userAgent?.slice(0, 300) ?? null, trx, origin.ip);
    return token;
  }

  /**
   * A sign-in with an outside identity: a session, or with the second factor on its challenge
   * (the same `POST /users/login/2fa` step as after a password).
   */
  async signIn(userId: string, origin: Origin): Promise<LoginResult> {
    const challenge = await this.challengeFor(userId);
    if (challenge) return { twoFactorRequired: true, challenge };
    return { token: await this.openSession(userId, origin) };
  }

  /** The second step's challenge when the user's second factor is on (`POST /users/login/2fa`). */
  async challengeFor(userId: string): Promise<string | undefined> {
    return this.d.secondFactor?.challengeFor(userId);
  }

  /** Whether the account has a password of its own (one made from an outside identity may not). */
  async hasPassword(userId: string): Promise<boolean> {
    const user = await this.d.users.findById(userId);
    return !!user && user.password_hash !== NO_PASSWORD;
  }

  /** The account of `email` proves it is its owner's with its password; answers its id. */
  async confirmPassword(email: string, password: string, origin: Origin, captchaToken?: string): Promise<string> {
    const address = email.trim().toLowerCase();
    const reserved = await this.guard.reserveLogin(address, origin.ip, captchaToken);
    const user = await this.d.users.findByEmail(address);
    let ok = false;
    if (user) ok = await verifyPassword(user.password_hash, password);
    else await burnPasswordCheck(password);
    if (!user || !ok) throw new AppError('auth:invalid-credentials', EXTERNAL_MESSAGES.wrongPassword);
    await this.guard.loginSucceeded(address, origin.ip, reserved);
    return user.id;
  }

  /**
   * Makes a verified account for an outside identity and runs `andThen` (linking the identity) in
   * the same transaction; answers the new user's id. With REGISTRATION=invite the invite is taken
   * there too, so a wrong or used invite makes no account.
   */
  async create(
    input: NewExternalAccount,
    origin: Origin,
    andThen: (trx: Tx, userId: string) => Promise<void>,
  ): Promise<string> {
    const email = input.email.trim().toLowerCase();
    const inviteRequired = this.d.config.REGISTRATION === 'invite';
    if (inviteRequired && !input.inviteCode) throw new AppError('invite:invalid', VALIDATION_MESSAGES.invalidInvite);
    if (await this.d.users.findByEmail(email)) throw new AppError('auth:email-taken', EXTERNAL_MESSAGES.emailTaken);
    const userId = newId();
    await inTransaction(this.d.db, (trx) => this.insert(trx, userId, email, input, origin, andThen)).catch(
      async (error: unknown) => {
        // A concurrent sign-up of the same address won the unique index.
        if (!(error instanceof AppError) && (await this.d.users.findByEmail(email)))
          throw new AppError('auth:email-taken', EXTERNAL_MESSAGES.emailTaken);
        throw error;
      },
    );
    return userId;
  }

  private async insert(
    trx: Tx,
    userId: string,
    email: string,
    input: NewExternalAccount,
    origin: Origin,
    andThen: (trx: Tx, userId: string) => Promise<void>,
  ): Promise<void> {
    const now = nowIso();
    if (this.d.config.REGISTRATION === 'invite' && !(await this.d.invites.consume(input.inviteCode as string, trx))) {
      throw new AppError('invite:invalid', VALIDATION_MESSAGES.invalidInvite);
    }
    await this.d.users.insert(
      {
        id: userId,
        email,
        first_name: input.firstName.slice(0, 100),
        last_name: input.lastName.slice(0, 100),
        password_hash: NO_PASSWORD,
        email_verified_at: now,
        referral_code: randomBytes(5).toString('hex').toUpperCase(),
        pro_expiry: null,
        flags: '[]',
        credits: 0,
        country: null,
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
    await andThen(trx, userId);
  }
}
