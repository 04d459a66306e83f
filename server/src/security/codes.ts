import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Backup codes: 10 characters from an alphabet without look-alikes, shown as `xxxxx-xxxxx`. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newBackupCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** What the user typed, as stored: lower case, without dashes and spaces. */
export const normalizeBackupCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

export const hashBackupCode = (code: string): string =>
  createHash('sha256').update(normalizeBackupCode(code)).digest('hex');

/** The id of the stored hash equal to `hash`, every candidate compared in constant time. */
export function matchHash(hash: string, rows: Array<{ id: string; code_hash: string }>): string | undefined {
  const wanted = Buffer.from(hash, 'hex');
  let found: string | undefined;
  for (const row of rows) {
    const candidate = Buffer.from(row.code_hash, 'hex');
    if (candidate.length === wanted.length && timingSafeEqual(candidate, wanted)) found = row.id;
  }
  return found;
}

/** A TOTP code: exactly six digits (anything else is tried as a backup code). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));
