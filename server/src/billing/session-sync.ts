import type Stripe from 'stripe';
import type { Tx } from '../db/database.js';
import type { OrderRow } from '../db/schema.js';
import type { Effects, Fulfilment } from './fulfilment.js';
import type { SubscriptionState } from './provider.js';
import { idOf, type StripeProvider } from './stripe-provider.js';

/** What a checkout session says about its order, decided before the transaction. */
export interface SessionOutcome {
  action: 'pay' | 'fail' | 'cancel' | 'none';
  paymentId: string | null;
  subscriptionId: string | null;
  /** For a Pro checkout: the subscription as Stripe has it now. */
  subscription: SubscriptionState | undefined;
}

/**
 * Reads a checkout session: complete and paid pays the order; expired cancels it; a failed async
 * payment fails it; complete but unpaid (an async method still clearing) leaves it pending.
 * For subscriptions the subscription itself is re-read from Stripe (network, outside any transaction).
 */
export async function sessionOutcome(
  stripe: StripeProvider,
  session: Stripe.Checkout.Session,
  asyncFailed = false,
): Promise<SessionOutcome> {
  const paymentId = idOf(session.payment_intent);
  const subscriptionId = idOf(session.subscription);
  const base = { paymentId, subscriptionId, subscription: undefined };
  if (asyncFailed) return { ...base, action: 'fail' };
  if (session.status === 'expired') return { ...base, action: 'cancel' };
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (session.status !== 'complete' || !paid) return { ...base, action: 'none' };
  const subscription = subscriptionId ? await stripe.retrieveSubscription(subscriptionId) : undefined;
  return { ...base, action: 'pay', subscription };
}

/**
 * Whether a Checkout Session is the one created for this order (finding N2): a session's metadata
 * or client_reference_id can name any order (a Payment Link, another Checkout in the same Stripe
 * account), so only the session whose id was saved with the order, for the order's amount, currency
 * and mode, may pay, fail or cancel it.
 */
export function sessionMatchesOrder(session: Stripe.Checkout.Session, order: OrderRow): boolean {
  return (
    order.provider_session_id !== null &&
    session.id === order.provider_session_id &&
    session.amount_total === order.amount_cents &&
    (session.currency ?? '').toLowerCase() === order.currency.toLowerCase() &&
    session.mode === (order.kind === 'pro' ? 'subscription' : 'payment')
  );
}

/** Applies a session outcome to its order inside the caller's transaction. */
export async function applySessionOutcome(
  fulfil: Fulfilment,
  trx: Tx,
  order: OrderRow,
  outcome: SessionOutcome,
  effects: Effects,
): Promise<void> {
  if (outcome.action === 'pay') {
    await fulfil.pay(trx, order, effects, {
      paymentId: outcome.paymentId,
      subscriptionId: outcome.subscriptionId,
      periodEnd: outcome.subscription?.periodEnd ?? null,
    });
    if (outcome.subscription) await fulfil.applySubscription(trx, order.user_id, outcome.subscription, effects);
  } else if (outcome.action === 'fail') {
    await fulfil.fail(trx, order);
  } else if (outcome.action === 'cancel') {
    await fulfil.cancel(trx, order);
  }
}

/** What applying a session needs of the billing service (its fulfilment and its transactions). */
export interface SessionApplier {
  readonly fulfilment: Fulfilment;
  transact<T>(work: (trx: Tx, effects: Effects) => Promise<T>): Promise<T>;
}

/** The status page's backstop: the session as Stripe has it now, applied like a webhook delivery. */
export async function applySession(
  service: SessionApplier,
  stripe: StripeProvider,
  order: OrderRow,
  session: Stripe.Checkout.Session,
): Promise<void> {
  if (!sessionMatchesOrder(session, order)) return;
  const outcome = await sessionOutcome(stripe, session);
  if (outcome.action === 'none') return;
  await service.transact((trx, effects) => applySessionOutcome(service.fulfilment, trx, order, outcome, effects));
}
