import { createHash, randomBytes } from 'node:crypto';

/** Opaque session tokens: 256 bits from the CSPRNG, only their SHA-256 is stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
