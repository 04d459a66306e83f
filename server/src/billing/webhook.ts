import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Tx } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Effects } from './fulfilment.js';
import type { BillingService } from './service.js';
import { applySessionOutcome, type SessionOutcome, sessionMatchesOrder, sessionOutcome } from './session-sync.js';
import { idOf, type StripeProvider, type StripeSubscriptionState } from './stripe-provider.js';

type Apply = (trx: Tx, effects: Effects) => Promise<void>;

/**
 * Stripe's webhook: verified (signature, 300 s tolerance), then each event id applied once, in the
 * same transaction as its effect. Objects whose order of delivery matters (subscriptions) are
 * re-read from Stripe first. Provider or database trouble throws (5xx, so Stripe retries);
 * events about unknown orders or users are acknowledged and ignored.
 */
/** Hears how each Stripe delivery ended (the metrics). */
export type WebhookOutcomeHook = (type: string, outcome: 'applied' | 'duplicate' | 'invalid' | 'failed') => void;

export class StripeWebhook {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly billing: BillingService,
    private readonly log: FastifyBaseLogger,
    /** Told how each delivery ended (metrics): applied, duplicate, invalid (signature) or failed. */
    private readonly onOutcome?: WebhookOutcomeHook,
  ) {}

  async receive(rawBody: unknown, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    // The library must have loaded: a failure there is this server's (5xx, Stripe retries), not a bad signature.
    await this.stripe.ready();
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(rawBody)) throw new Error('no raw body');
      event = await this.stripe.constructEvent(rawBody, signature);
    } catch {
      this.onOutcome?.('unknown', 'invalid');
      throw new AppError('billing:signature-invalid', 'The webhook signature is missing, wrong or too old.');
    }
    try {
      const result = await this.apply(event);
      this.onOutcome?.(event.type, result.duplicate ? 'duplicate' : 'applied');
      return result;
    } catch (error) {
      this.onOutcome?.(event.type, 'failed');
      throw error;
    }
  }

  private async apply(event: Stripe.Event): Promise<{ received: true; duplicate: boolean }> {
    // A cheap early answer for redeliveries; the insert below is what makes "once" hold.
    if (await this.billing.repo.isEventRecorded(event.id)) return { received: true, duplicate: true };
    const apply = await this.plan(event);
    const applied = await this.billing.transact(async (trx, effects) => {
      if (!(await this.billing.repo.recordEvent(event.id, event.type, trx))) return false;
      await apply?.(trx, effects);
      return true;
    });
    return { received: true, duplicate: !applied };
  }

  /** Decides what the event does, fetching what it needs from Stripe (outside the transaction). */
  private async plan(event: Stripe.Event): Promise<Apply | undefined> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const orderId = session.client_reference_id ?? session.metadata?.orderId;
        const order = orderId ? await this.billing.repo.findOrder(orderId) : undefined;
        if (!order) return this.ignore(event, 'unknown order');
        if (!sessionMatchesOrder(session, order)) return this.ignore(event, 'a session that is not its order’s own');
        const outcome: SessionOutcome = await sessionOutcome(
          this.stripe,
          session,
          event.type === 'checkout.session.async_payment_failed',
        );
        return (trx, effects) => applySessionOutcome(this.billing.fulfilment, trx, order, outcome, effects);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.subscriptionPlan(event, event.data.object.id);
      case 'invoice.paid': {
        const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
        if (!subscriptionId) return this.ignore(event, 'invoice without a subscription');
        return this.renewalPlan(event, event.data.object.id, subscriptionId);
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentId = idOf(charge.payment_intent);
        const order = paymentId ? await this.billing.repo.findOrderByPayment(paymentId) : undefined;
        if (!order) return this.ignore(event, 'refund of an unknown payment');
        const share = charge.amount > 0 ? charge.amount_refunded / charge.amount : 0;
        return async (trx, effects) => {
          const fresh = (await this.billing.repo.findOrder(order.id, trx)) ?? order;
          await this.billing.fulfilment.clawBack(trx, fresh, share, { cents: charge.amount_refunded, effects });
        };
      }
      default:
        return undefined;
    }
  }

  /** Never trusts the payload's subscription: deliveries arrive in any order, so Stripe is asked. */
  private async subscriptionPlan(event: Stripe.Event, subscriptionId: string): Promise<Apply | undefined> {
    const found = await this.subscriptionOf(event, subscriptionId);
    if (!found) return undefined;
    return (trx, effects) => this.billing.fulfilment.applySubscription(trx, found.userId, found.state, effects);
  }

  private async subscriptionOf(
    event: Stripe.Event,
    subscriptionId: string,
  ): Promise<{ state: StripeSubscriptionState; userId: string } | undefined> {
    const state = await this.stripe.retrieveSubscription(subscriptionId);
    if (!state) return this.ignore(event, 'subscription not found at Stripe');
    const userId = await this.userOf(state);
    if (!userId) return this.ignore(event, 'subscription of an unknown customer');
    return { state, userId };
  }

  /**
   * `invoice.paid`: the subscription's state (Pro lasts to its period end) and, for a paid renewal
   * (any invoice but the checkout's own first one, `subscription_create`, which its checkout order
   * already records), an order with the invoice's amount, currency and period, once per invoice.
   * The invoice is re-read from Stripe with its payments (the PaymentIntent a refund names).
   */
  private async renewalPlan(
    event: Stripe.Event,
    invoiceId: string | undefined,
    subscriptionId: string,
  ): Promise<Apply | undefined> {
    const found = await this.subscriptionOf(event, subscriptionId);
    if (!found) return undefined;
    const { state, userId } = found;
    const invoice = invoiceId ? await this.stripe.retrieveInvoice(invoiceId) : undefined;
    if (!invoice) this.log.warn({ eventId: event.id, invoiceId }, 'stripe invoice not found: no renewal order');
    const renewal =
      invoice &&
      invoice.billingReason !== 'subscription_create' &&
      invoice.status === 'paid' &&
      invoice.amountPaid > 0 &&
      invoice.subscriptionId === subscriptionId
        ? invoice
        : undefined;
    return async (trx, effects) => {
      await this.billing.fulfilment.applySubscription(trx, userId, state, effects);
      if (!renewal) return;
      await this.billing.fulfilment.recordRenewal(trx, {
        userId,
        provider: 'stripe',
        invoiceId: renewal.id,
        amountCents: renewal.amountPaid,
        currency: renewal.currency,
        paidAt: renewal.paidAt,
        periodStart: renewal.periodStart,
        periodEnd: renewal.periodEnd ?? state.periodEnd,
        paymentId: renewal.paymentIntentId,
        subscriptionId,
      });
    };
  }

  private async userOf(state: StripeSubscriptionState): Promise<string | undefined> {
    const known = await this.billing.repo.findSubscription(state.id);
    if (known) return known.user_id;
    return state.customerId ? this.billing.repo.findUserByCustomer(state.customerId) : undefined;
  }

  private ignore(event: Stripe.Event, why: string): undefined {
    this.log.warn({ eventId: event.id, type: event.type }, `stripe event ignored: ${why}`);
    return undefined;
  }
}
