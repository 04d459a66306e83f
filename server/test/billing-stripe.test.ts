import {
  type FakeStripe,
  type Json,
  paidInvoice,
  refundedCharge,
  signedEvent,
  startFakeStripe,
} from '@neura/test-kit/fakes/stripe';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, nextEvent } from './helpers/socket.js';

const SECRET = 'whsec_test_billing';
const APP = 'https://app.example.test';

describe('billing with Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;

  const call = (method: 'GET' | 'POST', url: string, user: TestUser | null, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const deliver = (event: { payload: string; signature: string }, contentType = 'application/json; charset=utf-8') =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': contentType, 'stripe-signature': event.signature },
      payload: event.payload,
    });
  const event = (type: string, object: Json, options: { id?: string; timestamp?: number; signWith?: string } = {}) =>
    signedEvent(SECRET, type, object, options);
  const user = async (id: string) => t.read.user(id);
  const order = async (viewer: TestUser, id: string) => (await call('GET', `/billing/orders/${id}`, viewer)).json();
  const checkout = async (viewer: TestUser, product: string) => {
    const res = await call('POST', '/billing/checkout', viewer, { product });
    expect(res.statusCode).toBe(200);
    const { orderId, url } = res.json() as { orderId: string; url: string };
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === orderId);
    if (!session) throw new Error('no session was created');
    expect(url).toBe(session.url);
    return { orderId, sessionId: session.id as string };
  };
  /** A Pro subscriber through Checkout and the completed event. */
  const subscribe = async (viewer: TestUser) => {
    const { orderId, sessionId } = await checkout(viewer, 'pro');
    const session = fake.completeSession(sessionId);
    expect((await deliver(event('checkout.session.completed', session))).statusCode).toBe(200);
    return { orderId, subscriptionId: session.subscription as string };
  };
  const periodEndOf = (subscriptionId: string) => {
    const sub = fake.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    return (((sub.items as Json).data as Json[])[0] as Json).current_period_end as number;
  };
  const isoOf = (unix: number) => new Date(unix * 1000).toISOString();

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: APP,
    });
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  it('should create one customer per user and a payment-mode Checkout Session for a pack', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === orderId,
    );
    expect(create?.headers['stripe-version']).toBe('2026-10-28.endive');
    expect(create?.headers['idempotency-key']).toBe(`checkout:${orderId}`);
    expect(create?.body).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      metadata: { orderId, userId: buyer.id, product: 'starter' },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '499' } }],
      success_url: `${APP}/settings/credits/complete?order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/settings/credits/complete?order=${orderId}&canceled=1`,
    });
    expect(create?.body.payment_method_types).toBeUndefined();
    await checkout(buyer, 'plus');
    const customers = [...fake.customers.values()].filter((c) => (c.metadata as Json).userId === buyer.id);
    expect(customers).toHaveLength(1);
    expect(fake.sessions.get(sessionId)?.customer).toBe(customers[0]?.id);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'pending', provider: 'stripe' });
  });

  it('should grant a pack once for duplicate deliveries and a second event of the same session', async () => {
    const buyer = await t.seed.user({ credits: 2 });
    const socket = connectSocket(t.url, buyer.token);
    await nextEvent(socket, 'ready');
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    const completed = event('checkout.session.completed', fake.completeSession(sessionId));
    const pushed = nextEvent<{ credits: number }>(socket, 'updateCredits');
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    expect(await pushed).toEqual({ credits: 102 });
    expect((await deliver(completed)).json()).toEqual({ received: true, duplicate: true });
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', fake.sessions.get(sessionId) as Json)))
        .statusCode,
    ).toBe(200);
    expect((await user(buyer.id))?.credits).toBe(102);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', credits: 100, amount: 4.99 });
    const purchases = (await call('GET', '/billing/ledger', buyer)).json().filter((e: Json) => e.reason === 'purchase');
    expect(purchases).toHaveLength(1);
    socket.close();
  });

  it('should pay once whatever order the session events arrive in', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'plus');
    const unpaid = structuredClone(fake.completeSession(sessionId, 'unpaid'));
    const paid = { ...unpaid, payment_status: 'paid' };
    // The success arrives first; the earlier "completed, still unpaid" arrives late.
    await deliver(event('checkout.session.async_payment_succeeded', paid));
    await deliver(event('checkout.session.completed', unpaid));
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid' });
    expect((await user(buyer.id))?.credits).toBe(550);
  });

  it('should keep an async payment pending, then pay it on success', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    const unpaid = fake.completeSession(sessionId, 'unpaid');
    await deliver(event('checkout.session.completed', unpaid));
    expect((await order(buyer, orderId)).status).toBe('pending');
    expect((await user(buyer.id))?.credits).toBe(0);
    await deliver(event('checkout.session.async_payment_succeeded', { ...unpaid, payment_status: 'paid' }));
    expect((await order(buyer, orderId)).status).toBe('paid');
    expect((await user(buyer.id))?.credits).toBe(100);
  });

  it('should fail an async payment that fails and grant nothing', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    const unpaid = fake.completeSession(sessionId, 'unpaid');
    await deliver(event('checkout.session.completed', unpaid));
    await deliver(event('checkout.session.async_payment_failed', unpaid));
    expect((await order(buyer, orderId)).status).toBe('failed');
    expect((await user(buyer.id))?.credits).toBe(0);
  });

  it('should refuse a bad signature, a tampered body and a 301-second-old replay with 400', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    const session = fake.completeSession(sessionId);
    const wrongSecret = event('checkout.session.completed', session, { signWith: 'whsec_someone_else' });
    const good = event('checkout.session.completed', session);
    const tampered = { ...good, payload: good.payload.replace('"livemode":false', '"livemode":true') };
    const replay = event('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const unsigned = { payload: good.payload, signature: '' };
    for (const attempt of [wrongSecret, tampered, replay, unsigned]) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('billing:signature-invalid');
    }
    expect((await order(buyer, orderId)).status).toBe('pending');
    expect((await user(buyer.id))?.credits).toBe(0);
    // The same event, properly signed and fresh, is then applied (the refusals recorded nothing).
    expect((await deliver(event('checkout.session.completed', session, { id: replay.id }))).json().duplicate).toBe(
      false,
    );
    expect((await user(buyer.id))?.credits).toBe(100);
  });

  it('should drive isPro and proExpiry from subscription create, update and delete, re-read from Stripe', async () => {
    const subscriber = await t.seed.user();
    const { orderId, subscriptionId } = await subscribe(subscriber);
    expect(await order(subscriber, orderId)).toMatchObject({ status: 'paid', product: 'pro', credits: 0 });
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === orderId,
    );
    expect(create?.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price_data: { unit_amount: '1999', recurring: { interval: 'month' } } }],
      subscription_data: { metadata: { orderId, userId: subscriber.id, product: 'pro' } },
    });
    const end = isoOf(periodEndOf(subscriptionId));
    expect((await call('GET', '/billing/subscription', subscriber)).json()).toEqual({
      isPro: true,
      proExpiry: end,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    const created = fake.subscriptions.get(subscriptionId) as Json;
    await deliver(event('customer.subscription.created', created));

    const stalePayload = structuredClone(created);
    fake.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true });
    await deliver(event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as Json));
    expect((await call('GET', '/billing/subscription', subscriber)).json()).toMatchObject({
      isPro: true,
      proExpiry: end,
      cancelAtPeriodEnd: true,
    });

    const endedAt = Math.floor(Date.now() / 1000) - 60;
    fake.updateSubscription(subscriptionId, { status: 'canceled', endedAt });
    await deliver(event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId) as Json));
    let now = (await call('GET', '/billing/subscription', subscriber)).json();
    expect(now).toMatchObject({ isPro: false, status: 'canceled', proExpiry: isoOf(endedAt) });
    // A late "updated" carrying the old active state changes nothing: Stripe is asked, not the payload.
    await deliver(event('customer.subscription.updated', stalePayload));
    now = (await call('GET', '/billing/subscription', subscriber)).json();
    expect(now).toMatchObject({ isPro: false, status: 'canceled', proExpiry: isoOf(endedAt) });
    expect((await user(subscriber.id))?.pro_expiry).toBe(isoOf(endedAt));
  });

  it('should extend Pro once per renewal on invoice.paid and never shorten it', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const first = periodEndOf(subscriptionId);
    const renewed = first + 30 * 86_400;
    fake.updateSubscription(subscriptionId, { periodEnd: renewed });
    const invoice = event('invoice.paid', paidInvoice(subscriptionId));
    await deliver(invoice);
    await deliver(invoice);
    await deliver(event('invoice.paid', paidInvoice(subscriptionId)));
    expect((await user(subscriber.id))?.pro_expiry).toBe(isoOf(renewed));
    // A stale read (an older period end) never moves the expiry back.
    fake.updateSubscription(subscriptionId, { periodEnd: first });
    await deliver(event('customer.subscription.updated', fake.subscriptions.get(subscriptionId) as Json));
    expect((await user(subscriber.id))?.pro_expiry).toBe(isoOf(renewed));
  });

  it('should claw back the unspent part of a refunded pack, once per refunded amount', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'plus');
    const session = fake.completeSession(sessionId);
    await deliver(event('checkout.session.completed', session));
    const paymentIntent = session.payment_intent as string;
    // Half refunded: half the pack's credits come back.
    const half = event('charge.refunded', refundedCharge(paymentIntent, 1999, 1000));
    await deliver(half);
    await deliver(half);
    expect((await user(buyer.id))?.credits).toBe(550 - 275);
    // The user spends most of the rest; the full refund takes only what is left, never below 0.
    await t.drive.credits.charge(buyer.id, 200, 'spent-before-refund');
    await deliver(event('charge.refunded', refundedCharge(paymentIntent, 1999, 1999)));
    expect((await user(buyer.id))?.credits).toBe(0);
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid', refundedCredits: 550 });
    const clawbacks = (await call('GET', '/billing/ledger', buyer)).json().filter((e: Json) => e.reason === 'clawback');
    expect(clawbacks.map((e: Json) => e.amount)).toEqual([-75, -275]);
  });

  it('should answer 5xx when Stripe fails, record nothing, and apply the redelivery', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const renewed = periodEndOf(subscriptionId) + 30 * 86_400;
    fake.updateSubscription(subscriptionId, { periodEnd: renewed });
    const invoice = event('invoice.paid', paidInvoice(subscriptionId));
    fake.failNext(`/v1/subscriptions/${subscriptionId}`, 500, 2);
    const failed = await deliver(invoice);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(failed.json().code).toBe('billing:provider-failed');
    expect((await user(subscriber.id))?.pro_expiry).not.toBe(isoOf(renewed));
    expect((await deliver(invoice)).json()).toEqual({ received: true, duplicate: false });
    expect((await user(subscriber.id))?.pro_expiry).toBe(isoOf(renewed));
  });

  it('should acknowledge events about unknown orders and event types it does not handle', async () => {
    const orphan = {
      id: 'cs_test_orphan',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'nope',
      metadata: {},
    };
    expect((await deliver(event('checkout.session.completed', orphan))).statusCode).toBe(200);
    expect((await deliver(event('customer.created', { id: 'cus_x', object: 'customer' }))).statusCode).toBe(200);
  });

  it('should re-read a session still pending after a few seconds when its order is polled', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    fake.completeSession(sessionId);
    // Just after checkout the order is only read from the database: the redirect alone pays nothing.
    expect((await order(buyer, orderId)).status).toBe('pending');
    const past = new Date(Date.now() - 10_000).toISOString();
    await t.db.updateTable('orders').set({ created_at: past, checked_at: null }).where('id', '=', orderId).execute();
    expect(await order(buyer, orderId)).toMatchObject({ status: 'paid' });
    expect((await user(buyer.id))?.credits).toBe(100);
    // The webhook arriving afterwards grants nothing more.
    await deliver(event('checkout.session.completed', fake.sessions.get(sessionId) as Json));
    expect((await user(buyer.id))?.credits).toBe(100);
  });

  it('should cancel a pending order by expiring its session', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    expect((await call('POST', `/billing/orders/${orderId}/cancel`, buyer)).json().status).toBe('canceled');
    expect(fake.sessions.get(sessionId)?.status).toBe('expired');
  });

  it('should answer 502 and fail the order when Stripe cannot create the session', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    await checkout(buyer, 'starter'); // makes the customer, so the next call is the session
    fake.failNext('/v1/checkout/sessions', 500, 2);
    const res = await call('POST', '/billing/checkout', buyer, { product: 'plus' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'billing:provider-failed',
      message: 'The payment provider could not be reached. Please try again.',
    });
    const orders = (await call('GET', '/billing/orders', buyer)).json();
    expect(orders.map((o: Json) => [o.product, o.status])).toEqual([
      ['plus', 'failed'],
      ['starter', 'pending'],
    ]);
  });

  it('should keep a pending order pending when Stripe cannot be asked while polling', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    fake.completeSession(sessionId);
    const past = new Date(Date.now() - 10_000).toISOString();
    await t.db.updateTable('orders').set({ created_at: past }).where('id', '=', orderId).execute();
    fake.failNext(`/v1/checkout/sessions/${sessionId}`, 500, 2);
    const res = await call('GET', `/billing/orders/${orderId}`, buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('pending');
    expect((await user(buyer.id))?.credits).toBe(0);
  });

  it('should pay, not cancel, an order whose session was already paid when the user cancels', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, sessionId } = await checkout(buyer, 'starter');
    fake.completeSession(sessionId);
    expect((await call('POST', `/billing/orders/${orderId}/cancel`, buyer)).json().status).toBe('paid');
    expect((await user(buyer.id))?.credits).toBe(100);
  });

  it('should refuse the sandbox completion in Stripe mode', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId } = await checkout(buyer, 'starter');
    const res = await call('POST', `/billing/sandbox/${orderId}/complete`, buyer);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('billing:sandbox-only');
    expect((await user(buyer.id))?.credits).toBe(0);
  });

  it('should open the customer portal for a subscriber, say why when it is not configured, and refuse a user with no customer', async () => {
    const subscriber = await t.seed.user();
    await subscribe(subscriber);
    const portal = await call('POST', '/billing/portal', subscriber);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    fake.portalUnconfigured = true;
    const unconfigured = await call('POST', '/billing/portal', subscriber);
    fake.portalUnconfigured = false;
    expect(unconfigured.statusCode).toBe(502);
    expect(unconfigured.json().message).toMatch(/customer portal settings/);
    const stranger = await t.seed.user();
    expect((await call('POST', '/billing/portal', stranger)).statusCode).toBe(409);
  });
});
