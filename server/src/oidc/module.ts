import type { FastifyBaseLogger } from 'fastify';
import type { ExternalAccounts } from '../accounts/external-accounts.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import { OutboundAllowList } from '../skills/http/address-policy.js';
import { SafeHttpClient } from '../skills/http/safe-client.js';
import { ProviderConfigs } from './client.js';
import { OidcRepository } from './repository.js';
import { oidcRoutes } from './routes.js';
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
  accounts: ExternalAccounts;
}) {
  const repo = new OidcRepository(deps.db);
  const safe = new SafeHttpClient(OutboundAllowList.parse(deps.config.OUTBOUND_ALLOW), { connectTimeoutMs: 5000 });
  const oidc = new OidcService({
    providers: deps.config.oidcProviders,
    configs: new ProviderConfigs(safe),
    repo,
    accounts: deps.accounts,
    log: deps.log,
  });
  deps.events.on('user.deleting', ({ userId, trx }) => repo.deleteAllOf(userId, trx));
  return {
    oidc,
    routes: oidcRoutes(oidc, deps.config.PUBLIC_URL, deps.config.API_PREFIX),
    part: { name: 'oidc', stop: () => safe.close() } satisfies LifecyclePart,
  };
}
