import type { Timestamp } from './columns.js';

/** 0025 (sign-in, issue #47): the TOTP secret; on once `enabled_at` is set. */
export interface TwoFactorTable {
  user_id: string;
  secret: string;
  enabled_at: Timestamp | null;
  /** The last time step a code was taken for (a code is never taken twice). */
  last_step: number | string | null;
  created_at: Timestamp;
}

/** 0025: one-time backup codes, SHA-256 only. */
export interface BackupCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** 0025: WebAuthn credentials (`public_key` base64url, `transports` a JSON list). */
export interface PasskeysTable {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** 0025: single-use challenges (`id` the SHA-256 of the challenge), each with its expiry. */
export interface AuthChallengesTable {
  id: string;
  kind: 'login-2fa' | 'passkey-register' | 'passkey-login';
  user_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}
