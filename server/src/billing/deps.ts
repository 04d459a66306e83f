import type { FastifyBaseLogger } from 'fastify';
import type { UserLookup } from '../auth/user.js';
import type { CreditService } from '../credits/service.js';
import type { Db } from '../db/database.js';
import type { EventBus } from '../lib/events.js';
import type { Fulfilment } from './fulfilment.js';
import type { Catalog } from './products.js';
import type { PaymentProvider } from './provider.js';
import type { BillingRepository } from './repository.js';
import type { StripeProvider } from './stripe-provider.js';

/** What BillingService is built from (billing/module.ts composes it). */
export interface BillingDeps {
  db: Db;
  log: FastifyBaseLogger;
  repo: BillingRepository;
  users: UserLookup;
  credits: CreditService;
  catalog: Catalog;
  fulfilment: Fulfilment;
  /** undefined when PAYMENTS=off. */
  provider: PaymentProvider | undefined;
  /** Set when PAYMENTS=stripe (the same object as provider). */
  stripe: StripeProvider | undefined;
  /** Announces `user.changed` after Pro changed (optional for tests that build the service alone). */
  events?: EventBus;
}
