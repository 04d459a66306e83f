import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { isoIn, nowIso } from '../lib/time.js';
import type { AttemptLimiter } from './attempt-limiter.js';
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

  /** Makes a new code for the address (voiding the open one) and returns it in clear, to be mailed. */
  async issue(email: string, kind: CodeKind, ip: string): Promise<string> {
    const perEmail = `${kind}:${email}`;
    await this.limiter.checkAll([
      [LIMITS.codeIssuePerEmail, perEmail],
      [LIMITS.codeIssuePerIp, ip],
    ]);
    await this.limiter.hitAll([
      [LIMITS.codeIssuePerEmail, perEmail],
      [LIMITS.codeIssuePerIp, ip],
    ]);
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
    await this.limiter.checkAll([
      [LIMITS.codeFailPerEmail, email],
      [LIMITS.codeFailPerIp, ip],
    ]);
    const row = await this.codes.findOpen(email, kind);
    if (!row) return this.fail(email, ip, 'auth:code-invalid', CODE_MESSAGES.used);
    if (Date.parse(row.expires_at) <= Date.now()) {
      await this.codes.voidCode(row.id);
      return this.fail(email, ip, 'auth:code-expired', CODE_MESSAGES.expired);
    }
    if (row.attempts >= CODE_MAX_WRONG_TRIES) {
      await this.codes.voidCode(row.id);
      return this.fail(email, ip, 'auth:code-invalid', CODE_MESSAGES.tooManyTries);
    }
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(row.id, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const tries = await this.codes.addWrongTry(row.id);
      if (tries >= CODE_MAX_WRONG_TRIES) await this.codes.voidCode(row.id);
      return this.fail(email, ip, 'auth:code-invalid', CODE_MESSAGES.wrong);
    }
    if (options.consume && !(await this.codes.consume(row.id, CODE_MAX_WRONG_TRIES))) {
      return this.fail(email, ip, 'auth:code-invalid', CODE_MESSAGES.used);
    }
  }

  private async fail(email: string, ip: string, code: 'auth:code-invalid' | 'auth:code-expired', message: string) {
    await this.limiter.hitAll([
      [LIMITS.codeFailPerEmail, email],
      [LIMITS.codeFailPerIp, ip],
    ]);
    throw new AppError(code, message);
  }
}
