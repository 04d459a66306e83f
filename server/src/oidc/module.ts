import type { FastifyBaseLogger } from 'fastify';
import type { ExternalAccounts } from '../accounts/external-accounts.js';
import type { RecentAuth } from '../accounts/recent-auth.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import { OutboundAllowList } from '../skills/http/address-policy.js';
import { SafeHttpClient } from '../skills/http/safe-client.js';
import { ProviderConfigs } from './client.js';
import { LinkedIdentities } from './identities.js';
import { identityRoutes } from './identity-routes.js';
import { OidcRepository } from './repository.js';
import { oidcRoutes, type PasskeyOwner } from './routes.js';
import { OidcService } from './service.js';

/**
 * Sign-in with OpenID Connect (issue #47): providers from config, the code flow with PKCE, state
 * and nonce, every outbound call through the SSRF-safe client. Accounts are made and confirmed by
 * accounts' `ExternalAccounts`; the identities go with their user.
 */
export function createOidcModule(deps: {
  config: Config;
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  /** accounts/: outside identities' accounts, the signed-in user, re-authentication. */
  accounts: { external: ExternalAccounts; auth: Authenticator; recentAuth: RecentAuth };
  /** security/: a passkey assertion's owner, and how many passkeys a user has. */
  passkeys: { passkeyOwner: PasskeyOwner; passkeyCount: (userId: string) => Promise<number> };
}) {
  const { external, auth, recentAuth } = deps.accounts;
  const repo = new OidcRepository(deps.db, deps.config.database.kind);
  const safe = new SafeHttpClient(OutboundAllowList.parse(deps.config.OUTBOUND_ALLOW), { connectTimeoutMs: 5000 });
  const oidc = new OidcService({
    providers: deps.config.oidcProviders,
    configs: new ProviderConfigs(safe),
    repo,
    accounts: external,
    log: deps.log,
  });
  const identities = new LinkedIdentities({
    repo,
    providers: deps.config.oidcProviders,
    otherWays: async (userId) => (await external.hasPassword(userId)) || (await deps.passkeys.passkeyCount(userId)) > 0,
  });
  deps.events.on('user.deleting', ({ userId, trx }) => repo.deleteAllOf(userId, trx));
  deps.events.on('login.second-factor-passed', ({ userId, challenge }) =>
    oidc.linkAfterSecondFactor(userId, challenge),
  );
  return {
    oidc,
    routes: oidcRoutes(oidc, deps.config.PUBLIC_URL, deps.config.API_PREFIX, deps.passkeys.passkeyOwner),
    identityRoutes: identityRoutes({ auth, identities, recentAuth }),
    part: { name: 'oidc', stop: () => safe.close() } satisfies LifecyclePart,
  };
}
