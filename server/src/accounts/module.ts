import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from '../audit/repository.js';
import { Authenticator } from '../auth/authenticate.js';
import { userLookup } from '../auth/user.js';
import type { Config } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { Mailer } from '../mail/mailer.js';
import type { SecondFactorGate } from './account-deps.js';
import { AccountService } from './account-service.js';
import { CaptchaVerifier } from './captcha.js';
import { CodeRepository } from './code-repository.js';
import { CodeService } from './code-service.js';
import { DeviceService } from './device-service.js';
import { ExternalAccounts } from './external-accounts.js';
import { InviteRepository } from './invite-repository.js';
import { InviteService } from './invite-service.js';
import { RecentAuth } from './recent-auth.js';
import { accountRoutes } from './routes.js';
import { SessionRepository } from './session-repository.js';
import { UserAdminService } from './user-admin-service.js';
import { UserRepository } from './user-repository.js';
import { WaitlistRepository } from './waitlist-repository.js';
import { WaitlistService } from './waitlist-service.js';

export interface AccountsModuleDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  mailer: Mailer;
  credits: CreditService;
  /** The process's Redis link when REDIS_URL is set: the account limits count there. */
  /** The process's one limiter (modules.ts). */
  limiter: AttemptLimiter;
  /** The audit log: an operator's changes to accounts write their line in the change's transaction. */
  audit: AuditLog;
  /** The second factor (security/), asked by a password sign-in when it is on. */
  secondFactor?: SecondFactorGate;
}

/** Accounts: users, sessions, sign-up and sign-in, codes, invites and the waitlist. */
export function createAccountsModule(deps: AccountsModuleDeps) {
  const { config, db, log, events, mailer, credits, limiter, audit } = deps;
  const users = new UserRepository(db);
  const sessions = new SessionRepository(db);
  // Features read a user by id as the domain user (auth/user.ts), never as accounts' rows.
  const lookup = userLookup(users);
  const auth = new Authenticator(sessions, lookup, {
    idleDays: config.SESSION_IDLE_DAYS,
    maxDays: config.SESSION_MAX_DAYS,
  });
  const invites = new InviteService(new InviteRepository(db), users);
  const codeRepository = new CodeRepository(db);
  const codes = new CodeService(codeRepository, limiter);
  const captcha = new CaptchaVerifier(config.RECAPTCHA_SECRET, config.RECAPTCHA_VERIFY_URL);
  const accountDeps = {
    config,
    db,
    users,
    sessions,
    invites,
    codes,
    limiter,
    captcha,
    mailer,
    credits,
    events,
    log,
    secondFactor: deps.secondFactor,
  };
  const accounts = new AccountService(accountDeps);
  const waitlistRepository = new WaitlistRepository(db);
  const appUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const waitlist = new WaitlistService(waitlistRepository, invites, limiter, mailer, appUrl, log);

  // The rows keyed by the user or their address go with the account (the user row last, by AccountService).
  events.on('user.deleting', async ({ userId, email, trx }) => {
    await sessions.deleteForUser(userId, trx);
    await codeRepository.deleteForEmail(email, trx);
    await waitlistRepository.deleteForEmail(email, trx);
    // Limit counters keyed by the user or their address (`email|ip` back-offs included).
    await limiter.forgetSubjects([email, userId, `verify:${email}`, `reset:${email}`], [`${email}|`], trx);
  });

  return {
    users,
    lookup,
    sessions,
    auth,
    invites,
    accounts,
    /** Sign-in with an outside identity (oidc/): accounts' side, so oidc/ never touches its tables. */
    external: new ExternalAccounts(accountDeps),
    waitlist,
    /** What an operator does to accounts (the console and the admin CLI). */
    userAdmin: new UserAdminService({ db, users, sessions, credits, invites, waitlist, events, audit }),
    routes: accountRoutes({ auth, accounts, invites, waitlist }),
    /** The user's devices (their sessions), for /settings/security (issue #47). */
    devices: new DeviceService(sessions, events, {
      idleDays: config.SESSION_IDLE_DAYS,
      maxDays: config.SESSION_MAX_DAYS,
    }),
    /** Re-authentication: a recent proof of the owner on this session (REAUTH_MINUTES). */
    recentAuth: new RecentAuth(sessions, config.REAUTH_MINUTES),
    /** A user's id by address (a passkey sign-in's optional email). */
    userIdByEmail: async (email: string) => (await users.findByEmail(email))?.id,
  };
}
