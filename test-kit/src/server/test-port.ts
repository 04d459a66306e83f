import { type AdminPort, adminPort } from '../../../server/src/admin/port.js';
import type { BuiltApp } from '../../../server/src/app.js';
import type { UserUpdate } from '../../../server/src/db/schema.js';
import type { AppModules } from '../../../server/src/modules.js';
import {
  addTestMessages,
  createTestChat,
  createTestUser,
  ledgerAfterSeed,
  type NewTestChat,
  type NewTestMessage,
  type NewTestUser,
  setCredits,
  type TestUser,
} from '../seed.js';
import type { BulkHistory } from '../seed-bulk.js';
import { seedBulkHistory } from '../seed-bulk.js';

/**
 * What a test may reach inside the app it built (issue #42): not the composed modules (the "bag"),
 * but this port, built from the app by `testPort`. scripts/test-port-rules.test.mjs fails on a test
 * that reaches `services` itself.
 *
 * - `seed` arranges: users, chats, messages, credits, invites, sessions, through the app's own
 *   repositories and services.
 * - `db` asserts on rows. Read-only by convention: a state no service reaches on its own (an aged
 *   row, a failed reply, a tampered nonce) may be written here, said so in the test.
 * - `read` is the typed lookups tests assert with (a user, the audit log, the seed-free ledger).
 * - `admin` is the admin CLI's port (each change audited), the same one the CLI's commands get.
 * - `drive` is the few service entry points without a route that tests exercise directly (charges
 *   and refunds, the sweeps and recoveries a job or a timer runs, emits to a user's sockets); each
 *   named here, nothing else.
 */
export interface TestPort {
  seed: TestSeed;
  db: AppModules['db'];
  config: AppModules['config'];
  read: TestReads;
  admin: AdminPort;
  drive: TestDrive;
}

export interface TestSeed {
  /** A verified user with a live session and credits (default 20); see `NewTestUser`. */
  user: (input?: NewTestUser) => Promise<TestUser>;
  chat: (userId: string, personaId?: string, input?: NewTestChat) => Promise<{ id: string }>;
  messages: (chat: { id: string; userId: string }, messages: NewTestMessage[]) => Promise<string[]>;
  /** Brings the balance to `credits` with one grant (ledger reason 'seed'). */
  credits: (userId: string, credits: number) => Promise<void>;
  /** Changes a user's columns (role, locale, credits, flags …) through the users repository. */
  updateUser: (userId: string, changes: UserUpdate) => Promise<void>;
  /** `count` invite codes of `uses` uses each (through the invite service). */
  invites: AppModules['invites']['create'];
  session: AppModules['sessions']['create'];
  bulkHistory: (input: BulkHistory, progress?: (rows: number) => void) => Promise<void>;
}

export interface TestReads {
  user: AppModules['users']['findById'];
  userByEmail: AppModules['users']['findByEmail'];
  /** The user's credit ledger in order, without the rows seeding wrote. */
  ledger: (userId: string) => ReturnType<typeof ledgerAfterSeed>;
  audit: AppModules['audit']['list'];
  invites: AppModules['invites']['list'];
  waitlist: AppModules['waitlist']['list'];
  activeSessions: AppModules['sessions']['activeIdsForUser'];
  chats: AppModules['chats']['listForUser'];
  order: AppModules['billing']['repo']['findOrder'];
  /** The console's admin routes (method and URL), as registered. */
  adminRoutes: AppModules['adminRoutes'];
  /** The Redis link when REDIS_URL is set (tests read the counters kept there). */
  redis: AppModules['redis'];
}

type Ops<K extends keyof AppModules, M extends keyof AppModules[K]> = Pick<AppModules[K], M>;

export interface TestDrive {
  credits: Ops<
    'credits',
    | 'charge'
    | 'chargeKeyed'
    | 'chargeInTransaction'
    | 'refund'
    | 'refundKeyed'
    | 'grant'
    | 'spendingLimits'
    | 'setSpendingLimits'
  >;
  files: Ops<'files', 'upload' | 'saveResult' | 'sweepUnsent' | 'forMessage' | 'attachToChat' | 'openOwned'>;
  personas: Ops<'personas', 'exportRecords' | 'importRecords' | 'seedCatalog' | 'getPublished'>;
  memory: Ops<'memory', 'add' | 'get'>;
  realtime: Ops<'realtime', 'toUser' | 'presence' | 'onSession'>;
  notifier: Ops<'notifier', 'replyFinished'>;
  creator: Ops<'creator', 'purgeDeleted' | 'setAvatar'>;
  conversation: Ops<'conversation', 'recoverInterrupted' | 'shutdown' | 'isReplying'>;
  archives: Ops<'archives', 'sweep' | 'buildNow'>;
  dashboardDays: Ops<'dashboardDays', 'rollUp'>;
  chats: Ops<'chats', 'touchAfterMessage'>;
  chatService: Ops<'chatService', 'recordActivity' | 'recordActivityIn' | 'delete'>;
  billing: Ops<'billing', 'checkout' | 'sandboxComplete'>;
  auth: Ops<'auth', 'fromToken'>;
  accounts: Ops<'accounts', 'changePassword' | 'deleteAccount'>;
  feedback: Ops<'feedback', 'record'>;
  imageProxy: Ops<'imageProxy', 'link' | 'fetch'>;
  console: Ops<'console', 'setModelPrice'>;
  userAdmin: Ops<'userAdmin', 'deleteUser' | 'announceUser'>;
  billingAdmin: Ops<'billingAdmin', 'refundOrder'>;
  events: Ops<'events', 'on'>;
}

/** The port on an app built by `buildApp` (`listenApp` and `startTestApp` put it on `TestApp`). */
export function testPort(built: Pick<BuiltApp, 'services'>): TestPort {
  const m = built.services;
  return {
    seed: {
      user: (input) => createTestUser(m, input),
      chat: (userId, personaId, input) => createTestChat(m, userId, personaId, input),
      messages: (chat, messages) => addTestMessages(m, chat, messages),
      credits: (userId, credits) => setCredits(m, userId, credits),
      updateUser: (userId, changes) => m.users.update(userId, changes),
      invites: (...args) => m.invites.create(...args),
      session: (...args) => m.sessions.create(...args),
      bulkHistory: (input, progress) => seedBulkHistory(m, input, progress),
    },
    db: m.db,
    config: m.config,
    read: {
      user: (id) => m.users.findById(id),
      userByEmail: (email) => m.users.findByEmail(email),
      ledger: (userId) => ledgerAfterSeed(m, userId),
      audit: (...args) => m.audit.list(...args),
      invites: (...args) => m.invites.list(...args),
      waitlist: (...args) => m.waitlist.list(...args),
      activeSessions: (userId) => m.sessions.activeIdsForUser(userId),
      chats: (...args) => m.chats.listForUser(...args),
      order: (id) => m.billing.repo.findOrder(id),
      adminRoutes: m.adminRoutes,
      redis: m.redis,
    },
    admin: adminPort(m),
    // The modules themselves, typed down to the named operations (a test that stubs one, like
    // data-archive-stream's `files.openOwned`, stubs the app's own).
    drive: {
      credits: m.credits,
      files: m.files,
      personas: m.personas,
      memory: m.memory,
      realtime: m.realtime,
      notifier: m.notifier,
      creator: m.creator,
      conversation: m.conversation,
      archives: m.archives,
      dashboardDays: m.dashboardDays,
      chats: m.chats,
      chatService: m.chatService,
      billing: m.billing,
      auth: m.auth,
      accounts: m.accounts,
      feedback: m.feedback,
      imageProxy: m.imageProxy,
      console: m.console,
      userAdmin: m.userAdmin,
      billingAdmin: m.billingAdmin,
      events: m.events,
    },
  };
}

/** An app from `buildApp` with the port on it too (tests that build and listen by hand). */
export type PortedApp = BuiltApp & TestPort;

/** Puts the port on an app from `buildApp` (the same object, so `metricsPort` and the rest stay live). */
export function withTestPort(built: BuiltApp): PortedApp {
  return Object.assign(built, testPort(built));
}
