import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from './columns.js';

/** The tables of accounts: users, sessions, email codes, invites, the waitlist, limit counters. */

export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  email_verified_at: Timestamp | null;
  referral_code: string;
  pro_expiry: Timestamp | null;
  flags: Json;
  credits: ColumnType<number, number | undefined, number>;
  country: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0008: `user` or `admin` (the operator's console and admin-only details). */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  /** 0013: set while the account is suspended (sign-in refused). */
  suspended_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** 0022: the user's language (a contract LOCALES value); null: not chosen. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserRole = 'user' | 'admin';

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  kind: 'verify' | 'reset';
  code_hash: string;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface InvitesTable {
  id: string;
  code_hash: string;
  code_hint: string;
  max_uses: number;
  uses: ColumnType<number, number | undefined, number>;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WaitlistTable {
  id: string;
  email: string;
  created_at: Timestamp;
  invited_at: Timestamp | null;
  /** 0022: the language the address joined in. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Atomic limit counters (0004): a fixed-window count, or failures with a back-off time. */
export interface AttemptCountersTable {
  scope: string;
  subject: string;
  count: number;
  window_start: Timestamp;
  blocked_until: Timestamp | null;
}
