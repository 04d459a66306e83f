import type { User } from '@neura/contract';
import { fromJson } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { isPro } from '../entitlements/pro.js';

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
