import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SecondFactorGate } from '../accounts/account-deps.js';
import { type AccountsModuleDeps, createAccountsModule } from '../accounts/module.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import type { Mailer } from '../mail/mailer.js';
import { androidAppOrigins } from './native-association.js';
import { SecurityNotices } from './notices.js';
import { PasskeyRepository } from './passkey-repository.js';
import { PasskeyService } from './passkey-service.js';
import { relyingParty, securityRoutes } from './routes.js';
import { TwoFactorRepository } from './two-factor-repository.js';
import { loginChallenge, TwoFactorService } from './two-factor-service.js';

/**
 * The second factor's store, made before accounts: a password sign-in asks its gate (accounts'
 * SecondFactorGate) for a challenge, which the second step (`/users/login/2fa`) takes.
 */
export function createSecondFactorGate(db: Db) {
  const repo = new TwoFactorRepository(db);
  const challenges = new PasskeyRepository(db);
  const gate: SecondFactorGate = { challengeFor: (userId) => loginChallenge(repo, challenges, userId) };
  return { repo, challenges, gate };
}

/** Sign-in (issue #47): the second factor, passkeys and the user's devices, at /settings/security. */
export function createSecurityModule(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  mailer: Mailer;
  limiter: AttemptLimiter;
  /** What accounts made (accounts/module.ts). */
  accounts: ReturnType<typeof createAccountsModule>;
  store: ReturnType<typeof createSecondFactorGate>;
}) {
  const { config, db, store } = deps;
  const { auth, lookup, accounts, devices, recentAuth } = deps.accounts;
  const notices = new SecurityNotices(deps.mailer, deps.log);
  const twoFactor = new TwoFactorService({
    db,
    repo: store.repo,
    challenges: store.challenges,
    limiter: deps.limiter,
    accounts,
    users: lookup,
    notices,
    events: deps.events,
    issuer: config.PUBLIC_URL ? `Neura (${new URL(config.PUBLIC_URL).hostname})` : 'Neura',
  });
  const passkeys = new PasskeyService({
    repo: store.challenges,
    limiter: deps.limiter,
    accounts,
    users: lookup,
    userIdByEmail: deps.accounts.userIdByEmail,
    notices,
  });
  deps.events.on('user.deleting', async ({ userId, trx }) => {
    await store.repo.deleteAllOf(userId, trx);
    await store.challenges.deleteAllOf(userId, trx);
  });
  const publicUrl = config.PUBLIC_URL;
  const appOrigins = androidAppOrigins(config.ANDROID_CERT_FINGERPRINTS);
  return {
    twoFactor,
    passkeys,
    devices,
    /** What oidc/ asks: whose passkey signed an assertion (linking), how many passkeys a user has (unlinking). */
    forOidc: {
      passkeyOwner: (credential: Record<string, unknown>, request: FastifyRequest) =>
        passkeys.assert(
          credential as unknown as AuthenticationResponseJSON,
          relyingParty(publicUrl, request, appOrigins),
          request.ip,
        ),
      passkeyCount: async (userId: string) => (await passkeys.list(userId)).length,
    },
    routes: securityRoutes({ auth, twoFactor, passkeys, devices, recentAuth, accounts, publicUrl, appOrigins }),
  };
}

/** Accounts and sign-in together: the second factor's store first, as accounts' sign-in asks it. */
export function createSignIn(deps: AccountsModuleDeps) {
  const store = createSecondFactorGate(deps.db);
  const accounts = createAccountsModule({ ...deps, secondFactor: store.gate });
  const security = createSecurityModule({ ...deps, accounts, store });
  return { accounts, security };
}
