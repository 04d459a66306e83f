import type Stripe from 'stripe';
import type { User } from '../auth/user.js';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { LIVE_SUBSCRIPTION_STATUSES, type PaymentProvider, type SubscriptionState } from './provider.js';
import type { BillingRepository } from './repository.js';

/** Signature tolerance of webhooks: a delivery older than this is refused (a replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const iso = (unixSeconds: number | null | undefined): string | null =>
  unixSeconds == null ? null : new Date(unixSeconds * 1000).toISOString();

/**
 * The Stripe library (about two hundred modules, a megabyte of source), loaded when a Stripe
 * provider is made, not at every process start: a server on the sandbox or without payments, and
 * the admin CLI, never load it. Its error classes are read from it once it has loaded (any Stripe
 * error comes after).
 */
let stripeLib: typeof Stripe | undefined;
const loadStripe = async (): Promise<typeof Stripe> => {
  stripeLib ??= (await import('stripe')).default;
  return stripeLib;
};

/** A provider failure as our error: the user sees a plain sentence, the log keeps the detail. */
function providerFailed(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const stripeMessage = stripeLib && error instanceof stripeLib.errors.StripeError ? error.message : undefined;
  // Stripe refuses portal sessions until the portal is configured once (an operator task).
  if (stripeMessage && /customer portal/i.test(stripeMessage)) {
    return new AppError('billing:provider-failed', `The payment provider refused: ${stripeMessage}`);
  }
  return new AppError('billing:provider-failed', 'The payment provider could not be reached. Please try again.');
}

/** Is this a Stripe answer that says the object does not exist (so retrying will not help)? */
export const isMissing = (error: unknown): boolean =>
  stripeLib !== undefined &&
  error instanceof stripeLib.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404);

/** Stripe Checkout (packs: `mode: payment` with inline prices; Pro: `mode: subscription`) and the portal. */
export class StripeProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  /** The Stripe client, made once its library has loaded (`ready()` waits for it). */
  private readonly stripe: Promise<Stripe>;

  constructor(
    private readonly config: Config,
    private readonly repo: BillingRepository,
    private readonly appUrl: string,
  ) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
    this.stripe = loadStripe().then(
      (StripeClient) =>
        new StripeClient(config.STRIPE_SECRET_KEY ?? '', {
          maxNetworkRetries: 1,
          telemetry: false,
          timeout: 20_000,
          ...(api
            ? {
                host: api.hostname,
                port: api.port || (api.protocol === 'http:' ? 80 : 443),
                protocol: api.protocol === 'http:' ? 'http' : 'https',
              }
            : {}),
        }),
    );
    // Loaded at once, in the background; a failure is each call's to report (never unhandled).
    this.stripe.catch(() => undefined);
  }

  /** Resolves once the library has loaded; rejects if it cannot (a fault of this server, not of a caller). */
  async ready(): Promise<void> {
    await this.stripe;
  }

  /** One Stripe customer per user, made on first checkout and kept. */
  async customerFor(user: User): Promise<string> {
    const known = await this.repo.findCustomerId(user.id);
    if (known) return known;
    const customer = await (await this.stripe).customers.create(
      { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { userId: user.id } },
      { idempotencyKey: `customer:${user.id}` },
    );
    return this.repo.saveCustomer(user.id, customer.id);
  }

  async createCheckout({ order, user, product }: Parameters<PaymentProvider['createCheckout']>[0]) {
    try {
      const customer = await this.customerFor(user);
      const metadata = { orderId: order.id, userId: user.id, product: product.id };
      const status = `${this.appUrl}/settings/credits/complete?order=${encodeURIComponent(order.id)}`;
      const priceData = {
        currency: product.currency,
        unit_amount: product.amountCents,
        product_data: { name: product.name },
      };
      const session = await (await this.stripe).checkout.sessions.create(
        {
          mode: product.kind === 'pro' ? 'subscription' : 'payment',
          customer,
          client_reference_id: order.id,
          metadata,
          line_items: [
            {
              quantity: 1,
              price_data: product.kind === 'pro' ? { ...priceData, recurring: { interval: 'month' } } : priceData,
            },
          ],
          ...(product.kind === 'pro' ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
          success_url: `${status}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${status}&canceled=1`,
        },
        { idempotencyKey: `checkout:${order.id}` },
      );
      if (!session.url) throw new AppError('billing:provider-failed', 'The payment provider gave no checkout page.');
      return { url: session.url, sessionId: session.id };
    } catch (error) {
      throw providerFailed(error);
    }
  }

  async createPortal(user: User) {
    const customer = await this.repo.findCustomerId(user.id);
    if (!customer) throw new AppError('conflict', 'You have no subscription to manage yet. Subscribe to Pro first.');
    try {
      const session = await (await this.stripe).billingPortal.sessions.create({
        customer,
        return_url: `${this.appUrl}/settings/pro`,
      });
      return { url: session.url };
    } catch (error) {
      throw providerFailed(error);
    }
  }

  /** Verifies a webhook delivery (signature and age) and parses it. Throws on a bad signature. */
  async constructEvent(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
    return (await this.stripe).webhooks.constructEvent(
      rawBody,
      signature ?? '',
      this.config.STRIPE_WEBHOOK_SECRET ?? '',
      WEBHOOK_TOLERANCE_SECONDS,
    );
  }

  async retrieveSession(id: string): Promise<Stripe.Checkout.Session> {
    try {
      return await (await this.stripe).checkout.sessions.retrieve(id);
    } catch (error) {
      throw providerFailed(error);
    }
  }

  async expireSession(id: string): Promise<void> {
    try {
      await (await this.stripe).checkout.sessions.expire(id);
    } catch (error) {
      throw providerFailed(error);
    }
  }

  /** Refunds a payment in full (the operator's console); Stripe then sends `charge.refunded`. */
  async refundPayment(paymentIntentId: string, orderId: string): Promise<void> {
    try {
      await (await this.stripe).refunds.create(
        { payment_intent: paymentIntentId },
        { idempotencyKey: `refund:${orderId}` },
      );
    } catch (error) {
      throw providerFailed(error);
    }
  }

  /**
   * A paid invoice as Stripe has it, with its payments (`payments` is includable: asked with
   * `expand`), or undefined when Stripe has no such invoice.
   */
  async retrieveInvoice(id: string): Promise<StripeInvoiceState | undefined> {
    try {
      return invoiceState(await (await this.stripe).invoices.retrieve(id, { expand: ['payments'] }));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw providerFailed(error);
    }
  }

  /**
   * Cancels a subscription at Stripe (the console's "End Pro"): `now` deletes it (Stripe ends it at
   * once, no proration), `period-end` sets `cancel_at_period_end` (it bills no more and ends when
   * the paid period does). Answers the subscription as Stripe has it after the change.
   */
  async cancelSubscription(id: string, when: 'now' | 'period-end'): Promise<StripeSubscriptionState> {
    try {
      const sub =
        when === 'now'
          ? await (await this.stripe).subscriptions.cancel(id, {}, { idempotencyKey: `cancel:${id}` })
          : await (await this.stripe).subscriptions.update(id, { cancel_at_period_end: true });
      return subscriptionState(sub);
    } catch (error) {
      // Already canceled (or gone) at Stripe while this server still thought it lived: take
      // Stripe's word for it, so Pro can still be ended here.
      if (stripeLib && error instanceof stripeLib.errors.StripeInvalidRequestError) {
        const current = await this.retrieveSubscription(id);
        if (!current) return { ...endedNow(id), customerId: null };
        if (!LIVE_SUBSCRIPTION_STATUSES.has(current.status)) return current;
      }
      throw providerFailed(error);
    }
  }

  /** The subscription as Stripe has it now (never the webhook payload: deliveries come in any order). */
  async retrieveSubscription(id: string): Promise<StripeSubscriptionState | undefined> {
    try {
      return subscriptionState(await (await this.stripe).subscriptions.retrieve(id));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw providerFailed(error);
    }
  }
}

/** A subscription Stripe no longer has, as ended now. */
const endedNow = (id: string): SubscriptionState => ({
  id,
  provider: 'stripe',
  status: 'canceled',
  cancelAtPeriodEnd: false,
  periodEnd: null,
  endedAt: new Date().toISOString(),
});

/** Stripe's subscription as billing keeps it: the period end is the latest of its items' (API 2025-03-31+). */
export type StripeSubscriptionState = SubscriptionState & { customerId: string | null };

export function subscriptionState(sub: Stripe.Subscription): StripeSubscriptionState {
  const ends = sub.items.data.map((item) => item.current_period_end).filter((n) => typeof n === 'number');
  return {
    id: sub.id,
    provider: 'stripe',
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    periodEnd: ends.length > 0 ? iso(Math.max(...ends)) : null,
    endedAt: iso(sub.ended_at),
    customerId: idOf(sub.customer),
  };
}

/** What a renewal order records of a paid Stripe invoice. */
export interface StripeInvoiceState {
  id: string;
  subscriptionId: string | null;
  /** `subscription_create` (the checkout's own first invoice), `subscription_cycle` (a renewal), … */
  billingReason: string | null;
  status: string | null;
  amountPaid: number;
  currency: string;
  /** When it was paid (ISO), or null when Stripe does not say. */
  paidAt: string | null;
  /** The service period its subscription lines cover (ISO), or null when it has none. */
  periodStart: string | null;
  periodEnd: string | null;
  /** The PaymentIntent that paid it (a refund of it names it), or null. */
  paymentIntentId: string | null;
}

export function invoiceState(invoice: Stripe.Invoice): StripeInvoiceState {
  const periods = invoice.lines.data.map((line) => line.period).filter((p) => p && typeof p.end === 'number');
  const paid = (invoice.payments?.data ?? []).find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
  return {
    id: invoice.id ?? '',
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    billingReason: invoice.billing_reason ?? null,
    status: invoice.status ?? null,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: iso(invoice.status_transitions?.paid_at),
    periodStart: periods.length > 0 ? iso(Math.min(...periods.map((p) => p.start))) : null,
    periodEnd: periods.length > 0 ? iso(Math.max(...periods.map((p) => p.end))) : null,
    paymentIntentId: idOf(paid?.payment.payment_intent),
  };
}

export { idOf };
