import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../server/src/accounts/passwords.js';
import { generateToken, hashToken } from '../../server/src/auth/tokens.js';
import { loadConfig } from '../../server/src/config.js';
import { MessageRepository } from '../../server/src/conversation/repository.js';
import { createDb } from '../../server/src/db/database.js';
import type { MessagesTable } from '../../server/src/db/schema.js';
import { newId } from '../../server/src/lib/ids.js';
import { nowIso } from '../../server/src/lib/time.js';
import { type AppModules, composeModules } from '../../server/src/modules.js';

/**
 * The one place tests, e2e and bench write data: always through the server's own repositories
 * and services (users, sessions, chats, messages; credits through the credit service's grant),
 * never through SQL of their own. When the server's wiring changes, only this file follows.
 */

/** What seeding writes through: an in-process app's modules (tests reach it as `t.seed`, server/test-port.ts), or `openSeedTarget` on a data dir. */
export type SeedTarget = Pick<AppModules, 'db' | 'users' | 'sessions' | 'chats' | 'credits'>;

/** The ledger reason of seeded balances (tests that read the ledger leave these rows out). */
export const SEED_REASON = 'seed';

export interface TestUser {
  id: string;
  email: string;
  /** Undefined for a user made with `password: null` (signs in with the session token only). */
  password: string | undefined;
  token: string;
  sessionId: string;
  firstName: string;
  lastName: string;
  referralCode: string;
}

export interface NewTestUser {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Default 'correct horse battery staple'; null: no password matches (skips the argon2 cost). */
  password?: string | null;
  credits?: number;
  proExpiry?: string | null;
  flags?: string[];
}

export const DEFAULT_PASSWORD = 'correct horse battery staple';

/**
 * One argon2id hash per password for the whole process: the seeded users with the same password
 * share it (a real hash that signs in; the salt is not what a test looks at). argon2's cost (19 MiB,
 * two passes) is paid once, not for each of the suites' thousands of users.
 */
const passwordHashes = new Map<string, Promise<string>>();
function seededHash(password: string): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    passwordHashes.set(password, hashed);
    hashed.catch(() => passwordHashes.delete(password));
  }
  return hashed;
}

/** A verified user with a live session (its bearer token) and `credits` granted through the credit service. */
export async function createTestUser(target: SeedTarget, input: NewTestUser = {}): Promise<TestUser> {
  const id = newId();
  const email = input.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const password = input.password === null ? undefined : (input.password ?? DEFAULT_PASSWORD);
  const firstName = input.firstName ?? 'Test';
  const lastName = input.lastName ?? 'User';
  const referralCode = randomBytes(4).toString('hex').toUpperCase();
  const now = nowIso();
  await target.users.insert({
    id,
    email,
    first_name: firstName,
    last_name: lastName,
    password_hash: password === undefined ? '!no-password' : await seededHash(password),
    email_verified_at: now,
    referral_code: referralCode,
    pro_expiry: input.proExpiry ?? null,
    flags: JSON.stringify(input.flags ?? []),
    credits: 0,
    country: null,
    created_at: now,
    updated_at: now,
  });
  await setCredits(target, id, input.credits ?? 20);
  const token = generateToken();
  const session = await target.sessions.create(id, hashToken(token), 'test');
  return { id, email, password, token, sessionId: session.id, firstName, lastName, referralCode };
}

/** Brings the balance to `credits` with one grant (or claw-back) through the credit service. */
export async function setCredits(target: SeedTarget, userId: string, credits: number): Promise<void> {
  const user = await target.users.findById(userId);
  if (!user) throw new Error(`no user ${userId} to give credits to`);
  const amount = credits - user.credits;
  if (amount === 0) return;
  const balance = await target.credits.grant({ userId, amount, reason: SEED_REASON, key: `seed:${newId()}` });
  if (balance !== credits) throw new Error(`seeding credits left ${balance}, not ${credits}`);
}

export interface NewTestChat {
  name?: string;
  preview?: string | null;
  lastMessageAt?: string | null;
  /** A temporary chat (issue #49). */
  temporary?: boolean;
}

/** A chat row through the chats repository (any persona id, also one no longer published). */
export async function createTestChat(
  target: SeedTarget,
  userId: string,
  personaId = 'default',
  input: NewTestChat = {},
): Promise<{ id: string }> {
  const id = newId();
  const now = nowIso();
  await target.chats.insert({
    id,
    user_id: userId,
    persona_id: personaId,
    name: input.name ?? 'New Chat',
    last_message_at: input.lastMessageAt ?? null,
    preview: input.preview ?? null,
    is_pinned: 0,
    is_archived: 0,
    ...(input.temporary ? { temporary: 1 } : {}),
    created_at: now,
    updated_at: now,
  });
  return { id };
}

export interface NewTestMessage {
  role: MessagesTable['role'];
  content: string;
  status?: MessagesTable['status'];
  cost?: number;
  /** ISO time; default now. Ids follow these times, so give them in order. */
  at?: string;
  /** A chosen id (e.g. one already charged); default a new id at `at`. */
  id?: string;
  /** On a reply: the model that answered and its token usage (as the reply engine records them). */
  model?: string;
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/** Messages in a chat through the messages repository, in the order given; returns their ids. */
export async function addTestMessages(
  target: SeedTarget,
  chat: { id: string; userId: string },
  messages: NewTestMessage[],
): Promise<string[]> {
  const repository = new MessageRepository(target.db);
  const ids: string[] = [];
  await target.db.transaction().execute(async (trx) => {
    for (const m of messages) {
      const at = m.at ?? nowIso();
      const id = m.id ?? newId(Date.parse(at));
      await repository.insert(
        {
          id,
          chat_id: chat.id,
          user_id: chat.userId,
          role: m.role,
          content: m.content,
          parts: null,
          status: m.status ?? 'complete',
          cost: m.cost ?? 0,
          created_at: at,
          updated_at: at,
          model: m.model ?? null,
          input_tokens: m.inputTokens ?? null,
          output_tokens: m.outputTokens ?? null,
          reasoning_tokens: m.reasoningTokens ?? null,
          cached_input_tokens: m.cachedInputTokens ?? null,
        },
        trx,
      );
      ids.push(id);
    }
  });
  return ids;
}

const noop = () => undefined;
const silentLog: FastifyBaseLogger = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
};

/**
 * Seeding into a server running as its own process (e2e, bench): the server's services wired on
 * its database (the SQLite file in `dataDir`, or `databaseUrl`). `close` ends the connection.
 */
export function openSeedTarget(options: { dataDir: string; databaseUrl?: string }): SeedTarget & {
  close: () => Promise<void>;
} {
  const config = loadConfig({
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const db = createDb(config.database);
  const { users, sessions, chats, credits } = composeModules(config, db, silentLog);
  return { db, users, sessions, chats, credits, close: () => db.destroy() };
}

/** The user's credit ledger in order, without the rows seeding wrote (what the app itself did). */
export function ledgerAfterSeed(target: Pick<SeedTarget, 'db'>, userId: string) {
  return target.db
    .selectFrom('credit_ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reason', '!=', SEED_REASON)
    .orderBy('id')
    .execute();
}
