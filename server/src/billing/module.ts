import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import { type Config, sandboxWarning } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import { ProEntitlements } from '../entitlements/pro.js';
import type { EventBus } from '../lib/events.js';
import { Fulfilment } from './fulfilment.js';
import { Catalog } from './products.js';
import type { PaymentProvider } from './provider.js';
import { BillingRepository } from './repository.js';
import { billingRoutes } from './routes.js';
import { SandboxProvider } from './sandbox-provider.js';
import { BillingService } from './service.js';
import { StripeProvider } from './stripe-provider.js';
import { StripeWebhook } from './webhook.js';

export interface BillingModuleDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  auth: Authenticator;
  users: UserLookup;
  credits: CreditService;
  events?: EventBus;
}

/**
 * Billing: credit packs and Pro through Stripe Checkout (PAYMENTS=stripe) or the sandbox
 * (PAYMENTS=sandbox); with PAYMENTS=off only the product list answers. Orders go with their user
 * (the foreign keys cascade).
 */
export function createBillingModule({ config, db, log, auth, users, credits, events }: BillingModuleDeps) {
  const repo = new BillingRepository(db);
  const warning = sandboxWarning(config);
  if (warning) log.warn(warning);
  const appUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const stripe = config.PAYMENTS === 'stripe' ? new StripeProvider(config, repo, appUrl) : undefined;
  const provider: PaymentProvider | undefined = config.PAYMENTS === 'sandbox' ? new SandboxProvider() : stripe;
  const billing = new BillingService({
    db,
    log,
    repo,
    users,
    credits,
    catalog: new Catalog(config),
    fulfilment: new Fulfilment(repo, users, credits, new ProEntitlements(db)),
    provider,
    stripe,
    events,
  });
  const stripeWebhook = stripe ? new StripeWebhook(stripe, billing, log) : undefined;
  return { billing, stripeWebhook, routes: billingRoutes(auth, billing, stripeWebhook) };
}
