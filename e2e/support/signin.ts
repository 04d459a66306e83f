import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';

export interface E2eUser {
  id: string;
  email: string;
  token: string;
  firstName: string;
  lastName: string;
  referralCode: string;
}

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (global setup did not run)');
  return url;
};

/** The app's SQLite file in the e2e data dir (read-write; the app runs it in WAL mode). */
export function openAppDb(): Database.Database {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (global setup did not run)');
  const db = new Database(path.join(dir, 'neura.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * A verified user with a live session, written straight into the app's database (the token is
 * stored as its SHA-256 hex, as server/src/accounts/tokens.ts does). The password hash is not a
 * valid argon2 hash: this user can only use the session token.
 */
export function createSignedInUser(overrides: { credits?: number; proExpiry?: string | null } = {}): E2eUser {
  const db = openAppDb();
  try {
    const now = new Date().toISOString();
    const id = `e2e${randomBytes(8).toString('hex')}`;
    const email = `shell-${randomBytes(4).toString('hex')}@example.com`;
    const referralCode = randomBytes(4).toString('hex').toUpperCase();
    db.prepare(
      `INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, referral_code,
         pro_expiry, flags, credits, country, created_at, updated_at)
       VALUES (?, ?, 'Ada', 'Lovelace', '!e2e-no-password', ?, ?, ?, '[]', ?, NULL, ?, ?)`,
    ).run(id, email, now, referralCode, overrides.proExpiry ?? null, overrides.credits ?? 42, now, now);
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    db.prepare(
      `INSERT INTO sessions (id, user_id, token_hash, created_at, last_used_at, revoked_at, user_agent)
       VALUES (?, ?, ?, ?, ?, NULL, 'e2e')`,
    ).run(`s${id}`, id, tokenHash, now, now);
    return { id, email, token, firstName: 'Ada', lastName: 'Lovelace', referralCode };
  } finally {
    db.close();
  }
}

/** Puts the token where the app keeps it (localStorage "neura:persisted"), keeping other preferences. */
export async function signIn(page: Page, user: E2eUser = createSignedInUser()): Promise<E2eUser> {
  await page.goto(`${baseUrl()}/terms`);
  await page.evaluate((token) => {
    const key = 'neura:persisted';
    let current: Record<string, unknown> = {};
    try {
      current = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    } catch {
      current = {};
    }
    localStorage.setItem(key, JSON.stringify({ ...current, token }));
  }, user.token);
  return user;
}
