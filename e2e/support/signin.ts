import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { insertUserWithSession } from './session.js';

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

/** A verified user with a live session (token only) in the e2e app's database. */
export function createSignedInUser(overrides: { credits?: number; proExpiry?: string | null } = {}): E2eUser {
  const db = openAppDb();
  try {
    return insertUserWithSession(db, {
      email: `shell-${randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      credits: overrides.credits ?? 42,
      proExpiry: overrides.proExpiry ?? null,
    });
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
