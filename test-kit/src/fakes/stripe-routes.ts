import { randomBytes } from 'node:crypto';
import { fail, type Json, newId, now, periodEndOf } from './stripe-objects.js';

/** What the fake Stripe holds: the objects its routes read and change. */
export interface StripeState {
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  customers: Map<string, Json>;
  invoices: Map<string, Json>;
}

export type StripeRoute = [string, RegExp, (m: RegExpExecArray, body: Json) => Json | undefined];

/** The REST calls billing makes, each a method, a path pattern and a handler (undefined → 404). */
export function stripeRoutes({ sessions, subscriptions, customers, invoices }: StripeState): StripeRoute[] {
  return [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, body) => {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: body.email,
          name: body.name,
          metadata: body.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return customer;
      },
    ],
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (_m, body) => {
        const id = newId('cs');
        const lineItems = (body.line_items as Json[] | undefined) ?? [];
        const amount = lineItems.reduce(
          (sum, item) =>
            sum + Number((item.price_data as Json | undefined)?.unit_amount ?? 0) * Number(item.quantity ?? 1),
          0,
        );
        const session: Json = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription: null,
          payment_intent: null,
          amount_total: amount,
          currency: (lineItems[0]?.price_data as Json | undefined)?.currency ?? 'usd',
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          line_items_sent: lineItems,
          subscription_data: body.subscription_data,
        };
        sessions.set(id, session);
        return session;
      },
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (m) => sessions.get(m[1] ?? '')],
    [
      'POST',
      /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      (m) => {
        const session = sessions.get(m[1] ?? '');
        if (session?.status !== 'open') return undefined;
        session.status = 'expired';
        return session;
      },
    ],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m) => subscriptions.get(m[1] ?? '')],
    [
      // Update (the console's "End Pro" at period end sets cancel_at_period_end).
      'POST',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, body) => {
        const sub = subscriptions.get(m[1] ?? '');
        if (!sub) return undefined;
        if (sub.status === 'canceled')
          return fail(400, 'A canceled subscription can only update its cancellation_details and metadata.');
        if (body.cancel_at_period_end !== undefined) {
          const cancel = body.cancel_at_period_end === 'true';
          sub.cancel_at_period_end = cancel;
          sub.canceled_at = cancel ? now() : null;
          sub.cancel_at = cancel ? periodEndOf(sub) : null;
        }
        return sub;
      },
    ],
    [
      // Cancel (Stripe's DELETE): ends the subscription at once.
      'DELETE',
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m) => {
        const sub = subscriptions.get(m[1] ?? '');
        if (!sub) return undefined;
        if (sub.status === 'canceled') return fail(400, `No such subscription: '${m[1]}'`, 'resource_missing');
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.ended_at = now();
        return sub;
      },
    ],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      (m, body) => {
        const invoice = invoices.get(m[1] ?? '');
        if (!invoice) return undefined;
        const expand = ((body.expand as string[] | undefined) ?? []).map(String);
        const { payments, ...rest } = invoice;
        return expand.includes('payments') ? invoice : { ...rest, payments: undefined };
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, body) => {
        // A full refund of a completed Checkout payment (what the operator's console asks for).
        const intent = String(body.payment_intent ?? '');
        const session = [...sessions.values()].find((s) => s.payment_intent === intent);
        // …or of a renewal's invoice (its payment names the PaymentIntent).
        const invoice = [...invoices.values()].find((i) =>
          ((i.payments as Json).data as Json[]).some((p) => (p.payment as Json).payment_intent === intent),
        );
        const paid =
          session ?? (invoice ? { amount_total: invoice.amount_paid, currency: invoice.currency } : undefined);
        if (!paid) return undefined;
        return {
          id: newId('re'),
          object: 'refund',
          payment_intent: intent,
          amount: body.amount ?? paid.amount_total,
          currency: paid.currency,
          status: 'succeeded',
        };
      },
    ],
    [
      'POST',
      /^\/v1\/billing_portal\/sessions$/,
      (_m, body) => ({
        id: newId('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${randomBytes(8).toString('hex')}`,
      }),
    ],
  ];
}
