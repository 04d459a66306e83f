import type { FastifyBaseLogger } from 'fastify';
import type { AuditLog } from '../audit/repository.js';
import type { Authenticator } from '../auth/authenticate.js';
import type { UserLookup } from '../auth/user.js';
import { type Config, sandboxWarning } from '../config.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import { ProEntitlements } from '../entitlements/pro.js';
import type { EventBus } from '../lib/events.js';
import type { Mailer } from '../mail/mailer.js';
import { BillingAdminService } from './admin-service.js';
import { Fulfilment } from './fulfilment.js';
import { limitRoutes } from './limit-routes.js';
import { Catalog } from './products.js';
import type { PaymentProvider } from './provider.js';
import { BillingRepository } from './repository.js';
import { billingRoutes } from './routes.js';
import { SandboxProvider } from './sandbox-provider.js';
import { BillingService } from './service.js';
import { StripeProvider } from './stripe-provider.js';
import { StripeWebhook, type WebhookOutcomeHook } from './webhook.js';

export interface BillingModuleDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  auth: Authenticator;
  users: UserLookup;
  credits: CreditService;
  events?: EventBus;
  /** The audit log: an operator's refunds and End Pro write their line in the change's transaction. */
  audit: AuditLog;
  /** Tells users by mail what the operator did to their account (End Pro). */
  mailer?: Pick<Mailer, 'send'>;
  /** The metrics' webhook counter (a declared hook, not a setter). */
  onWebhookOutcome?: WebhookOutcomeHook;
}

/**
 * Billing: credit packs and Pro through Stripe Checkout (PAYMENTS=stripe) or the sandbox
 * (PAYMENTS=sandbox); with PAYMENTS=off only the product list answers. Orders go with their user
 * (the foreign keys cascade).
 */
export function createBillingModule({
  config,
  db,
  log,
  auth,
  users,
  credits,
  events,
  audit,
  mailer,
  onWebhookOutcome,
}: BillingModuleDeps) {
  const repo = new BillingRepository(db);
  const warning = sandboxWarning(config);
  if (warning) log.warn(warning);
  const appUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const stripe = config.PAYMENTS === 'stripe' ? new StripeProvider(config, repo, appUrl) : undefined;
  const provider: PaymentProvider | undefined = config.PAYMENTS === 'sandbox' ? new SandboxProvider() : stripe;
  const pro = new ProEntitlements(db);
  const billing = new BillingService({
    db,
    log,
    repo,
    users,
    credits,
    catalog: new Catalog(config),
    fulfilment: new Fulfilment(repo, users, credits, pro),
    provider,
    stripe,
    events,
  });
  const stripeWebhook = stripe ? new StripeWebhook(stripe, billing, log, onWebhookOutcome) : undefined;
  /** What an operator does to orders and subscriptions (the console). */
  const billingAdmin = new BillingAdminService({ billing, users, pro, audit, appUrl, mailer, log });
  return {
    billing,
    billingAdmin,
    stripeWebhook,
    /** Billing's routes, and the user's own spending limits (issue #49). */
    routes: [billingRoutes(auth, billing, stripeWebhook), limitRoutes(auth, credits)],
  };
}
