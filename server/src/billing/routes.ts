import { checkoutRequestSchema, sandboxSubscriptionRequestSchema } from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { AppError } from '../errors.js';
import { named } from '../lib/plugin-name.js';
import { parse } from '../lib/validate.js';
import type { BillingService } from './service.js';
import type { StripeWebhook } from './webhook.js';

const WEBHOOK_BODY_LIMIT = 262_144;
const checkoutLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const sandboxCompleteSchema = z
  .object({ outcome: z.enum(['paid', 'failed']).default('paid') })
  .default({ outcome: 'paid' });

/** Billing (ARCHITECTURE.md §3 "Billing"); every order is its owner's only (404 otherwise). */
export const billingRoutes =
  (auth: Authenticator, billing: BillingService, stripeWebhook: StripeWebhook | undefined): FastifyPluginAsync =>
  async (app) => {
    app.get('/billing/products', async () => billing.products());

    // Stripe signs the exact bytes it sent: this route alone keeps JSON bodies raw (and needs no token).
    await app.register(
      named('stripe webhook', async (scope) => {
        scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
          done(null, body),
        );
        // Stripe's events are a few KB; 256 KiB leaves room for big invoices, not for a 1 MB flood.
        scope.post('/billing/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
          if (!stripeWebhook) throw new AppError('not-found', 'Stripe payments are not enabled on this server.');
          const signature = request.headers['stripe-signature'];
          return stripeWebhook.receive(request.body, typeof signature === 'string' ? signature : undefined);
        });
      }),
    );

    await app.register(
      named('billing routes', async (app) => {
        requireAuth(app, auth);

        app.post('/billing/checkout', { config: checkoutLimit }, async (request) => {
          const { user } = signedIn(request);
          const { product } = parse(checkoutRequestSchema, request.body);
          return billing.checkout(user, product);
        });

        app.get('/billing/orders', async (request) => {
          const { user } = signedIn(request);
          return billing.listOrders(user.id);
        });

        app.get<{ Params: { id: string } }>('/billing/orders/:id', async (request) => {
          const { user } = signedIn(request);
          return billing.getOrder(user.id, request.params.id);
        });

        app.post<{ Params: { id: string } }>('/billing/orders/:id/cancel', async (request) => {
          const { user } = signedIn(request);
          return billing.cancelOrder(user.id, request.params.id);
        });

        app.post<{ Params: { orderId: string } }>('/billing/sandbox/:orderId/complete', async (request) => {
          const { user } = signedIn(request);
          const { outcome } = parse(sandboxCompleteSchema, request.body ?? undefined);
          return billing.sandboxComplete(user.id, request.params.orderId, outcome);
        });

        app.post('/billing/sandbox/subscription', async (request) => {
          const { user } = signedIn(request);
          const { action } = parse(sandboxSubscriptionRequestSchema, request.body);
          return billing.sandboxSubscription(user, action);
        });

        app.get('/billing/subscription', async (request) => {
          const { user } = signedIn(request);
          return billing.subscription(user);
        });

        app.post('/billing/portal', async (request) => {
          const { user } = signedIn(request);
          return billing.portal(user);
        });

        app.get('/billing/ledger', async (request) => {
          const { user } = signedIn(request);
          return billing.ledger(user.id);
        });
      }),
    );
  };
