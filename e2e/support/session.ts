import {
  createTestUser,
  type NewTestUser,
  openSeedTarget,
  type SeedTarget,
  setCredits as seedCredits,
  type TestUser,
} from '@neura/test-kit/seed';
import type { BrowserContext, Page } from '@playwright/test';
import { dataDir } from './app.js';

/**
 * Signed-in users for e2e without going through sign-up: the test kit writes the user, a session
 * and credits through the server's own repositories into the e2e app's database, and the token
 * is put into the browser's persisted state.
 */

export type E2EUser = TestUser;

const PERSISTED_KEY = 'neura:persisted';

/** SQLite's answer when another process wrote while a seed's deferred transaction waited (SQLITE_BUSY_SNAPSHOT). */
const busy = (error: unknown) => /^SQLITE_BUSY/.test((error as { code?: unknown }).code as string);

/**
 * Runs fn on the server's repositories over an app's database (default: the run's app). The seed is a
 * second process writing to the app's SQLite file: a deferred transaction that waited for the app's
 * write can find its snapshot stale, and SQLite then answers "database is locked" at once, past its
 * busy timeout. Its transaction rolled back, fn runs again (up to 3 times; its earlier rows stay,
 * unused: every seed makes rows of its own).
 */
export async function withSeed<T>(fn: (target: SeedTarget) => Promise<T>, appDataDir = dataDir()): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const target = openSeedTarget({ dataDir: appDataDir });
    try {
      return await fn(target);
    } catch (error) {
      if (attempt >= 3 || !busy(error)) throw error;
    } finally {
      await target.close();
    }
  }
}

/** A verified user (Ada Lovelace, 50 credits unless told) who can also sign in with a password. */
export function createSignedInUser(
  options: Omit<NewTestUser, 'proExpiry'> & { pro?: boolean } = {},
  appDataDir?: string,
): Promise<E2EUser> {
  const { pro, ...input } = options;
  const proExpiry = pro ? new Date(Date.now() + 30 * 86_400_000).toISOString() : null;
  return withSeed(
    (target) => createTestUser(target, { firstName: 'Ada', lastName: 'Lovelace', credits: 50, ...input, proExpiry }),
    appDataDir,
  );
}

export function setCredits(userId: string, credits: number): Promise<void> {
  return withSeed((target) => seedCredits(target, userId, credits));
}

/** Puts the token into the persisted state before any page script runs (once per tab). */
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

/** A new signed-in user for this page's context. */
export async function signInNewUser(
  page: Page,
  options: Parameters<typeof createSignedInUser>[0] = {},
): Promise<E2EUser> {
  const user = await createSignedInUser(options);
  await signIn(page.context(), user.token);
  return user;
}
