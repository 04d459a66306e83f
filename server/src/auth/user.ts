import { isLocale, type Locale } from '@neura/contract';
import { type Executor, fromJson } from '../db/database.js';
import type { UserRole, UserRow } from '../db/schema.js';

/**
 * A user as the server's features see it (not the contract's presented `User`): built once from
 * the stored row where it is read (the signed-in principal at the edge, a lookup by id), so no
 * feature handles storage rows, parses flags or sees the password hash. Pro is asked of
 * `entitlements/pro.ts` `isPro(user)` when needed (it depends on the time).
 */
export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  referralCode: string;
  role: UserRole;
  flags: string[];
  /** The balance when the user was read (a charge reads it again in its own transaction). */
  credits: number;
  proExpiry: string | null;
  suspendedAt: string | null;
  createdAt: string;
  /** The user's language; null until chosen (issue #43). */
  locale: Locale | null;
}

/** The domain user of a `users` row. */
export function userFromRow(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    referralCode: row.referral_code,
    role: row.role,
    flags: fromJson<string[]>(row.flags, []),
    credits: row.credits,
    proExpiry: row.pro_expiry,
    suspendedAt: row.suspended_at,
    createdAt: row.created_at,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

/**
 * A user by id, optionally inside a transaction: what authentication, and every feature that only
 * reads a user, need of accounts, so they do not import accounts' repository.
 */
export interface UserLookup {
  findById(id: string, trx?: Executor): Promise<User | undefined>;
}

/** A `UserLookup` over a reader of `users` rows (accounts' UserRepository is one). */
export function userLookup(rows: { findById(id: string, trx?: Executor): Promise<UserRow | undefined> }): UserLookup {
  return {
    async findById(id, trx) {
      const row = await rows.findById(id, trx);
      return row && userFromRow(row);
    },
  };
}
