import { randomBytes } from 'node:crypto';

/** The objects of the fake Stripe (stripe.ts): ids, subscriptions, renewal invoices, refusals. */

export type Json = Record<string, unknown>;

export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`;

/** A handler's refusal: answered as Stripe's error body with this status. */
export class FakeStripeFailure {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly code: string,
  ) {}
}
export const fail = (status: number, message: string, code = 'invalid_request_error'): never => {
  throw new FakeStripeFailure(status, message, code);
};
export const periodEndOf = (sub: Json): number =>
  (((sub.items as Json).data as Json[])[0] as Json).current_period_end as number;

/** A new monthly subscription for a completed Checkout session, stored in `subscriptions`. */
export function makeSubscription(subscriptions: Map<string, Json>, session: Json): Json {
  const start = now();
  const end = start + 30 * 86_400;
  const sub: Json = {
    id: newId('sub'),
    object: 'subscription',
    status: 'active',
    customer: session.customer,
    cancel_at_period_end: false,
    ended_at: null,
    metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price: { id: newId('price'), object: 'price', recurring: { interval: 'month' } },
        },
      ],
    },
  };
  subscriptions.set(sub.id as string, sub);
  return sub;
}

/** A paid renewal invoice of subscription `id` for the period `start`–`end` (Stripe's 2025-03-31+ shape, with its payment). */
export function renewalInvoice(
  sub: Json,
  id: string,
  invoiceId: string,
  period: { start: number; end: number },
  options: { amount?: number; currency?: string },
): Json {
  const { start, end } = period;
  const amount = options.amount ?? 1999;
  return {
    id: invoiceId,
    object: 'invoice',
    status: 'paid',
    billing_reason: 'subscription_cycle',
    customer: sub.customer,
    currency: options.currency ?? 'usd',
    amount_due: amount,
    amount_paid: amount,
    amount_remaining: 0,
    status_transitions: { finalized_at: now(), paid_at: now(), marked_uncollectible_at: null, voided_at: null },
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: id, metadata: sub.metadata ?? {} },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: options.currency ?? 'usd',
          period: { start, end },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: id } },
        },
      ],
      has_more: false,
    },
    payments: {
      object: 'list',
      data: [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          invoice: invoiceId,
          status: 'paid',
          is_default: true,
          amount_paid: amount,
          currency: options.currency ?? 'usd',
          payment: { type: 'payment_intent', payment_intent: newId('pi') },
        },
      ],
      has_more: false,
    },
  };
}
