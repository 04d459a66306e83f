import type { User } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

export function isPro(row: Pick<UserRow, 'pro_expiry'>, now = Date.now()): boolean {
  return row.pro_expiry !== null && Date.parse(row.pro_expiry) > now;
}

/** The user as clients see it (GET /users/me, the socket's ready event). */
export function presentUser(row: UserRow): User {
  return {
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    referralCode: row.referral_code,
    proExpiry: row.pro_expiry,
    isPro: isPro(row),
    flags: fromJson<string[]>(row.flags, []),
    credits: row.credits,
    role: row.role,
  };
}
