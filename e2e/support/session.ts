import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import type { BrowserContext } from '@playwright/test';
import Database from 'better-sqlite3';

/**
 * Signed-in users for e2e without going through sign-up: the user and a session are written
 * straight into the e2e app's SQLite database (E2E_DATA_DIR/neura.db), with the token hashed as
 * server/src/accounts/tokens.ts does, and the token is put into the browser's persisted state.
 */

const PERSISTED_KEY = 'neura:persisted';

export function e2eDbPath(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (global setup did not run)');
  return path.join(dir, 'neura.db');
}

/** Runs fn on the e2e app's database (WAL mode: safe beside the running server). */
export function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(e2eDbPath());
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** A time-ordered id like the server's (sorts by creation time). */
export function e2eId(): string {
  return Date.now().toString(32).padStart(10, '0') + randomBytes(8).toString('hex');
}

export interface E2EUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

export interface NewUserRow {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Omitted: a value no password matches (the user signs in with the session token only). */
  passwordHash?: string;
  proExpiry?: string | null;
  flags?: string[];
  credits?: number;
}

/**
 * The one way e2e tests make a verified user with a live session in an app's database: the token
 * is stored as its SHA-256 hex, as server/src/accounts/tokens.ts does.
 */
export function insertUserWithSession(
  db: Database.Database,
  input: NewUserRow = {},
): { id: string; email: string; token: string; firstName: string; lastName: string; referralCode: string } {
  const id = e2eId();
  const email = input.email ?? `e2e-${randomBytes(4).toString('hex')}@example.com`;
  const firstName = input.firstName ?? 'E2E';
  const lastName = input.lastName ?? 'Tester';
  const referralCode = randomBytes(4).toString('hex').toUpperCase();
  const token = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, referral_code,
      pro_expiry, flags, credits, country, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
  ).run(
    id,
    email,
    firstName,
    lastName,
    input.passwordHash ?? '!e2e-no-password',
    now,
    referralCode,
    input.proExpiry ?? null,
    JSON.stringify(input.flags ?? []),
    input.credits ?? 50,
    now,
    now,
  );
  db.prepare(
    `INSERT INTO sessions (id, user_id, token_hash, created_at, last_used_at, revoked_at, user_agent)
     VALUES (?, ?, ?, ?, ?, NULL, 'e2e')`,
  ).run(e2eId(), id, createHash('sha256').update(token).digest('hex'), now, now);
  return { id, email, token, firstName, lastName, referralCode };
}

/** A user who can also sign in with a password (argon2id, as the server hashes it). */
export async function createSignedInUser(
  options: { email?: string; credits?: number; pro?: boolean; flags?: string[]; firstName?: string } = {},
): Promise<E2EUser> {
  const password = 'correct horse battery staple';
  const passwordHash = await hash(password, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const proExpiry = options.pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  const user = withDb((db) => insertUserWithSession(db, { ...options, passwordHash, proExpiry }));
  return { id: user.id, email: user.email, password, token: user.token };
}

export function setCredits(userId: string, credits: number): void {
  withDb((db) => db.prepare('UPDATE users SET credits = ? WHERE id = ?').run(credits, userId));
}

/** Puts the token into the persisted state before any page script runs (once per browser context). */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(
    ({ key, token }) => {
      try {
        if (sessionStorage.getItem('neura:e2e-signed-in')) return;
        const raw = localStorage.getItem(key);
        const current = raw ? JSON.parse(raw) : {};
        localStorage.setItem(key, JSON.stringify({ ...current, token }));
        sessionStorage.setItem('neura:e2e-signed-in', '1');
      } catch {
        // storage unavailable: the test will fail visibly on the auth modal
      }
    },
    { key: PERSISTED_KEY, token },
  );
}
