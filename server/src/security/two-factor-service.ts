import { randomBytes } from 'node:crypto';
import type { BackupCodes, TwoFactorSetup, TwoFactorStatus } from '@neura/contract';
import type { Origin } from '../accounts/account-deps.js';
import type { AccountService } from '../accounts/account-service.js';
import type { CurrentPasswordCheck } from '../accounts/password-guard.js';
import type { Principal } from '../auth/authenticate.js';
import type { User, UserLookup } from '../auth/user.js';
import { type Db, inTransaction } from '../db/database.js';
import { AppError, badRequest } from '../errors.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { hashBackupCode, isTotpCode, matchHash, newBackupCode } from './codes.js';
import { BACKUP_CODE_COUNT, CHALLENGE_LIFETIME_MS, SECURITY_LIMITS } from './limits.js';
import type { SecurityNotices } from './notices.js';
import type { PasskeyRepository } from './passkey-repository.js';
import type { TwoFactorRepository } from './two-factor-repository.js';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not correct. Please check it and try again.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on.',
  notSetUp: 'Set up two-factor authentication first.',
  notOn: 'Two-factor authentication is not on.',
} as const;

/** A code is taken from the current time step or the one before or after (clock drift). */
const TOLERANCE_SECONDS = 30;

/** The time step a right TOTP code was made for (later than `afterTimeStep`); undefined when wrong. */
async function totpStep(secret: string, code: string, afterTimeStep?: number): Promise<number | undefined> {
  if (!isTotpCode(code)) return undefined;
  const token = code.replace(/\s/g, '');
  // otplib and its plugins load at the first second-factor step, not at every process start.
  const { verify } = await import('otplib');
  const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, afterTimeStep });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** A password sign-in's gate (accounts' SecondFactorGate): a challenge when the second factor is on. */
export async function loginChallenge(
  repo: TwoFactorRepository,
  challenges: PasskeyRepository,
  userId: string,
): Promise<string | undefined> {
  if (!(await repo.isOn(userId))) return undefined;
  const challenge = randomBytes(32).toString('base64url');
  await challenges.saveChallenge(challenge, 'login-2fa', userId, CHALLENGE_LIFETIME_MS);
  return challenge;
}

export interface TwoFactorDeps {
  db: Db;
  repo: TwoFactorRepository;
  challenges: PasskeyRepository;
  limiter: AttemptLimiter;
  accounts: Pick<AccountService, 'openSession' | 'checkPassword'>;
  users: UserLookup;
  notices: SecurityNotices;
  events: EventBus;
  issuer: string;
}

/**
 * The second factor (issue #47): TOTP (RFC 6238) and ten one-time backup codes. Each code tried is
 * reserved under the limits before it is checked; a TOTP code is taken at most once per time
 * step, a backup code once ever (both in one statement each, so parallel tries cannot share one).
 */
export class TwoFactorService {
  constructor(private readonly d: TwoFactorDeps) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const enabled = await this.d.repo.isOn(userId);
    const left = enabled ? (await this.d.repo.unusedBackupCodes(userId)).length : 0;
    return { enabled, backupCodesLeft: left };
  }

  async setup(user: User): Promise<TwoFactorSetup> {
    const { generateSecret, generateURI } = await import('otplib');
    const secret = generateSecret();
    if (!(await this.d.repo.savePending(user.id, secret))) throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
    return { secret, otpauthUrl: generateURI({ issuer: this.d.issuer, label: user.email, secret }) };
  }

  async enable(user: User, code: string, ip: string): Promise<BackupCodes> {
    const row = await this.d.repo.find(user.id);
    if (row?.enabled_at) throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!row) throw badRequest(TWO_FACTOR_MESSAGES.notSetUp);
    const step = await this.limited(user.id, ip, () => totpStep(row.secret, code));
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
    const done = await inTransaction(this.d.db, (trx) =>
      this.d.repo.enable(trx, user.id, step, codes.map(hashBackupCode)),
    );
    if (!done) throw badRequest(TWO_FACTOR_MESSAGES.alreadyOn);
    this.d.notices.tell(user, { kind: 'twoFactorOn' });
    return { backupCodes: codes };
  }

  async disable(principal: Principal, password: string, code: string, check: CurrentPasswordCheck): Promise<void> {
    const { user } = principal;
    if (!(await this.d.repo.isOn(user.id))) throw badRequest(TWO_FACTOR_MESSAGES.notOn);
    await this.d.accounts.checkPassword(principal, password, check);
    await this.checkCode(user.id, code, check.ip);
    await inTransaction(this.d.db, (trx) => this.d.repo.disable(trx, user.id));
    this.d.notices.tell(user, { kind: 'twoFactorOff' });
  }

  async regenerate(user: User, code: string, ip: string): Promise<BackupCodes> {
    if (!(await this.d.repo.isOn(user.id))) throw badRequest(TWO_FACTOR_MESSAGES.notOn);
    await this.checkCode(user.id, code, ip);
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
    await inTransaction(this.d.db, (trx) => this.d.repo.replaceBackupCodes(trx, user.id, codes.map(hashBackupCode)));
    this.d.notices.tell(user, { kind: 'backupCodes' });
    return { backupCodes: codes };
  }

  /** `POST /users/login/2fa`: the challenge of a right password and a right code → a session. */
  async completeLogin(challenge: string, code: string, origin: Origin): Promise<string> {
    const row = await this.d.challenges.findChallenge(challenge, 'login-2fa');
    if (!row?.user_id) throw new AppError('auth:code-expired', TWO_FACTOR_MESSAGES.signInExpired);
    await this.checkCode(row.user_id, code, origin.ip);
    // Single use: of two parallel right answers, one session only.
    if (!(await this.d.challenges.takeChallenge(challenge, 'login-2fa', row.user_id))) {
      throw new AppError('auth:code-expired', TWO_FACTOR_MESSAGES.signInExpired);
    }
    const user = await this.d.users.findById(row.user_id);
    if (!user || user.suspendedAt) throw new AppError('auth:code-expired', TWO_FACTOR_MESSAGES.signInExpired);
    // Both factors are proven only now: what waited on them (an identity to link) happens here.
    await this.d.events.emit('login.second-factor-passed', { userId: row.user_id, challenge });
    return this.d.accounts.openSession(row.user_id, origin);
  }

  /** A TOTP code (once per time step) or an unused backup code (used up here), under the limits. */
  async checkCode(userId: string, code: string, ip: string): Promise<void> {
    await this.limited(userId, ip, async () => {
      const row = await this.d.repo.find(userId);
      if (!row?.enabled_at) return undefined;
      if (isTotpCode(code)) {
        const step = await totpStep(row.secret, code, row.last_step === null ? undefined : Number(row.last_step));
        return step !== undefined && (await this.d.repo.takeStep(userId, step)) ? step : undefined;
      }
      const id = matchHash(hashBackupCode(code), await this.d.repo.unusedBackupCodes(userId));
      return id && (await this.d.repo.useBackupCode(id)) ? 0 : undefined;
    });
  }

  /**
   * Runs `check` with one try reserved per account and per address first (parallel tries cannot
   * outrun the limits); a right answer (a number) gives the try back, a wrong one keeps it.
   */
  private async limited(userId: string, ip: string, check: () => Promise<number | undefined>): Promise<number> {
    const reserved = await this.d.limiter.reserveAll([
      [SECURITY_LIMITS.codePerUser, userId],
      [SECURITY_LIMITS.codePerIp, ip],
    ]);
    const result = await check();
    if (result === undefined) throw new AppError('auth:code-invalid', TWO_FACTOR_MESSAGES.wrongCode);
    await this.d.limiter.release(reserved);
    return result;
  }
}
