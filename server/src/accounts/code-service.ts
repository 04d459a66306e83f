import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { isoIn, nowIso } from '../lib/time.js';
import type { CodeKind, CodeRepository } from './code-repository.js';
import { CODE_LIFETIME_MS, CODE_MAX_WRONG_TRIES, LIMITS } from './limits.js';

export const CODE_MESSAGES = {
  wrong: 'That code is not correct. Please check it and try again.',
  expired: 'That code has expired. Please request a new one.',
  used: 'That code is no longer valid. Please request a new one.',
  tooManyTries: 'Too many wrong tries: that code is no longer valid. Please request a new one.',
} as const;

const hashCode = (id: string, code: string): string => createHash('sha256').update(`${id}:${code}`).digest('hex');

/**
 * Email codes (verification and reset are separate kinds): 4 digits from the CSPRNG, stored
 * hashed, valid 10 minutes, single use, a new code voids the old one, 5 wrong tries then void,
 * issuance ≤ 5 per hour per address, failures limited per address and per IP.
 */
export class CodeService {
  constructor(
    private readonly codes: CodeRepository,
    private readonly limiter: AttemptLimiter,
  ) {}

  /**
   * Counts one code request for the address (known or not: the answers must not tell them apart);
   * throws the 429 past the limit. Reserved before anything is made or mailed.
   */
  async reserveIssue(email: string, kind: CodeKind, ip: string): Promise<void> {
    await this.limiter.reserveAll([
      [LIMITS.codeIssuePerEmail, `${kind}:${email}`],
      [LIMITS.codeIssuePerIp, ip],
    ]);
  }

  /**
   * Makes a new code for the address (voiding the open one) and returns it in clear, to be mailed:
   * once `reserveIssue` allowed it, or for the registration's own first code (N11).
   */
  async make(email: string, kind: CodeKind): Promise<string> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const id = newId();
    await this.codes.replace({
      id,
      email,
      kind,
      code_hash: hashCode(id, code),
      expires_at: isoIn(CODE_LIFETIME_MS),
      attempts: 0,
      consumed_at: null,
      created_at: nowIso(),
    });
    return code;
  }

  /**
   * Checks a code. `consume` closes it (single use). Without `consume` a right code stays open
   * (the reset flow checks it on the code page, then uses it to reset).
   */
  async check(email: string, kind: CodeKind, code: string, ip: string, options: { consume: boolean }): Promise<void> {
    // Count first, then verify: every guess takes its place in the limits before it is compared.
    const reserved = await this.limiter.reserveAll([
      [LIMITS.codeFailPerEmail, email],
      [LIMITS.codeFailPerIp, ip],
    ]);
    const row = await this.codes.findOpen(email, kind);
    if (!row) throw new AppError('auth:code-invalid', CODE_MESSAGES.used);
    if (Date.parse(row.expires_at) <= Date.now()) {
      await this.codes.voidCode(row.id);
      throw new AppError('auth:code-expired', CODE_MESSAGES.expired);
    }
    const tries = await this.codes.reserveTry(row.id, CODE_MAX_WRONG_TRIES);
    if (tries === undefined) {
      await this.codes.voidCode(row.id);
      throw new AppError('auth:code-invalid', CODE_MESSAGES.tooManyTries);
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(row.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      if (tries >= CODE_MAX_WRONG_TRIES) await this.codes.voidCode(row.id);
      throw new AppError('auth:code-invalid', CODE_MESSAGES.wrong);
    }
    // A right code was no failure: its reservations go back.
    await this.codes.releaseTry(row.id);
    await this.limiter.release(reserved);
    if (options.consume && !(await this.codes.consume(row.id, CODE_MAX_WRONG_TRIES))) {
      throw new AppError('auth:code-invalid', CODE_MESSAGES.used);
    }
  }
}
