import { type FakeStripe, type Json, refundedCharge, signedEvent, startFakeStripe } from '@neura/test-kit/fakes/stripe';
import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';
import { describeOnceWithServices } from './helpers/services-env.js';

/**
 * Billing truth (issue #40): every paid Pro renewal is an order (amount, currency, period) in the
 * console's Orders, the dashboard's revenue and the user's history, once per invoice; a refunded
 * renewal claws back like a refunded order; "End Pro" in the console cancels the provider's
 * subscription (now or at the period's end), audited, and the user is told.
 */
const SECRET = 'whsec_test_renewals';

const isoOf = (unix: number) => new Date(unix * 1000).toISOString();

describe('Pro renewals and End Pro with Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let smtp: SmtpCapture;
  let admin: TestUser;

  const deliver = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  const event = (type: string, object: Json, id?: string) => signedEvent(SECRET, type, object, id ? { id } : {});
  const orders = async (viewer: TestUser) =>
    (await call<Json[]>(t, 'GET', '/billing/orders', undefined, { token: viewer.token })).body;
  const periodEndOf = (subscriptionId: string) => {
    const sub = fake.subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    return (((sub.items as Json).data as Json[])[0] as Json).current_period_end as number;
  };

  /** A Pro subscriber through Checkout and the completed event. */
  async function subscribe(viewer: TestUser): Promise<{ orderId: string; subscriptionId: string }> {
    const res = await call<{ orderId: string }>(
      t,
      'POST',
      '/billing/checkout',
      { product: 'pro' },
      { token: viewer.token },
    );
    expect(res.status).toBe(200);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === res.body.orderId);
    const completed = fake.completeSession(session?.id as string);
    expect((await deliver(event('checkout.session.completed', completed))).statusCode).toBe(200);
    return { orderId: res.body.orderId, subscriptionId: completed.subscription as string };
  }

  beforeAll(async () => {
    fake = await startFakeStripe();
    smtp = await startSmtpCapture();
    t = await startTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      SMTP_URL: smtp.url,
    });
    admin = await t.seed.user({ password: null });
    await t.admin.users.setRole({ id: null, label: 'test' }, admin.email, 'admin');
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
    await smtp?.stop();
  });

  it('should record each paid renewal once as an order with its amount, currency and period, everywhere', async () => {
    const subscriber = await t.seed.user();
    const { orderId, subscriptionId } = await subscribe(subscriber);
    const firstEnd = periodEndOf(subscriptionId);
    // The checkout's own order knows the period it paid for.
    expect((await orders(subscriber)).find((o) => o.id === orderId)).toMatchObject({
      status: 'paid',
      renewal: false,
      periodEnd: isoOf(firstEnd),
    });

    const invoice = fake.renewSubscription(subscriptionId, { amount: 1999, currency: 'usd' });
    const paid = event('invoice.paid', invoice);
    expect((await deliver(paid)).statusCode).toBe(200);
    // The same delivery again, and another event about the same invoice: still one order.
    expect((await deliver(paid)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(event('invoice.paid', invoice))).statusCode).toBe(200);

    const history = await orders(subscriber);
    const renewals = history.filter((o) => o.renewal === true);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({
      product: 'pro',
      status: 'paid',
      amount: 19.99,
      currency: 'usd',
      provider: 'stripe',
      periodStart: isoOf(firstEnd),
      periodEnd: isoOf(periodEndOf(subscriptionId)),
    });
    expect((await t.read.user(subscriber.id))?.pro_expiry).toBe(isoOf(periodEndOf(subscriptionId)));

    // The console's Orders and the user's detail list it; the dashboard's revenue counts it.
    const consoleOrders = await call<{ items: Json[] }>(t, 'GET', `/admin/orders?q=${subscriber.email}`, undefined, {
      token: admin.token,
    });
    expect(consoleOrders.body.items.filter((o) => o.renewal === true)).toHaveLength(1);
    expect(consoleOrders.body.items).toHaveLength(2);
    const detail = await call<{ orders: Json[] }>(t, 'GET', `/admin/users/${subscriber.id}`, undefined, {
      token: admin.token,
    });
    expect(detail.body.orders).toHaveLength(2);
    const dashboard = await call<{ revenue: Json[] }>(t, 'GET', '/admin/dashboard?days=7&tz=UTC', undefined, {
      token: admin.token,
    });
    const proLine = dashboard.body.revenue.find((r) => r.product === 'pro');
    expect(Number(proLine?.orders)).toBeGreaterThanOrEqual(2);
  });

  it('should not record the first invoice of a subscription (its checkout order is that payment)', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const first = fake.renewSubscription(subscriptionId);
    // Make it the subscription's creation invoice, as Stripe sends it right after checkout.
    (fake.invoices.get(first.id as string) as Json).billing_reason = 'subscription_create';
    await deliver(event('invoice.paid', { ...first, billing_reason: 'subscription_create' }));
    expect((await orders(subscriber)).filter((o) => o.renewal === true)).toHaveLength(0);
    expect(await orders(subscriber)).toHaveLength(1);
  });

  it('should claw back a refunded renewal like a refunded order (revenue netted, the period taken back)', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const invoice = fake.renewSubscription(subscriptionId);
    await deliver(event('invoice.paid', invoice));
    const renewal = (await orders(subscriber)).find((o) => o.renewal === true);
    expect(renewal).toBeDefined();
    const row = await t.read.order(renewal?.id as string);
    const intent = row?.provider_payment_id as string;
    expect(intent).toMatch(/^pi_/);

    const refund = event('charge.refunded', refundedCharge(intent, 1999, 1999));
    expect((await deliver(refund)).statusCode).toBe(200);
    await deliver(refund);
    const after = await t.read.order(renewal?.id as string);
    expect(after).toMatchObject({ refunded_cents: 1999 });
    expect(after?.refunded_at).not.toBeNull();
    // Pro now ends where the refunded period began (the first month, still paid for).
    expect((await t.read.user(subscriber.id))?.pro_expiry).toBe(row?.period_start);
    const consoleOrders = await call<{ items: Json[] }>(t, 'GET', `/admin/orders?q=${subscriber.email}`, undefined, {
      token: admin.token,
    });
    expect(consoleOrders.body.items.find((o) => o.id === renewal?.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 1999,
    });
  });

  it('should refund a renewal from the console at Stripe, once', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    await deliver(event('invoice.paid', fake.renewSubscription(subscriptionId)));
    const renewal = (await orders(subscriber)).find((o) => o.renewal === true);
    const res = await call(t, 'POST', `/admin/orders/${renewal?.id}/refund`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    const intent = (await t.read.order(renewal?.id as string))?.provider_payment_id;
    expect(fake.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === intent)).toHaveLength(1);
    expect(await t.read.order(renewal?.id as string)).toMatchObject({ refunded_cents: 1999 });
  });

  it('should cancel the Stripe subscription when the console ends Pro now, audit it and tell the user', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const res = await call(t, 'DELETE', `/admin/users/${subscriber.id}/pro?when=now`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const cancel = fake.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancel).toHaveLength(1);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const status = (await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: subscriber.token })).body;
    expect(status).toMatchObject({ isPro: false, status: 'canceled' });
    const line = (await t.read.audit(5)).find((l) => l.action === 'pro.end' && l.target === subscriber.email);
    expect(JSON.stringify(line?.after)).toContain(subscriptionId);
    const mail = await smtp.waitForMail(subscriber.email, /Pro subscription was ended/);
    expect(mail.text).toMatch(/not be charged/);
    // A later event of the canceled subscription does not bring Pro back.
    await deliver(event('customer.subscription.deleted', fake.subscriptions.get(subscriptionId) as Json));
    expect(
      (await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: subscriber.token })).body,
    ).toMatchObject({ isPro: false });
  });

  it('should stop renewals at the period end when the admin chooses so, Pro lasting until then', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const end = isoOf(periodEndOf(subscriptionId));
    const res = await call(t, 'DELETE', `/admin/users/${subscriber.id}/pro?when=period-end`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const update = fake.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`);
    expect(update?.body).toMatchObject({ cancel_at_period_end: 'true' });
    expect(fake.subscriptions.get(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const status = (await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: subscriber.token })).body;
    expect(status).toMatchObject({ isPro: true, proExpiry: end, cancelAtPeriodEnd: true });
    const line = (await t.read.audit(5)).find((l) => l.action === 'pro.end' && l.target === subscriber.email);
    expect(JSON.stringify(line?.after)).toContain('period-end');
    await smtp.waitForMail(subscriber.email, /Pro subscription was ended/);
  });

  it('should change nothing when Stripe refuses the cancellation (502, no audit line)', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    const before = (await t.read.audit(1))[0]?.id;
    fake.failNext(`/v1/subscriptions/${subscriptionId}`, 500, 3);
    const res = await call(t, 'DELETE', `/admin/users/${subscriber.id}/pro`, undefined, { token: admin.token });
    expect(res.status).toBe(502);
    expect(fake.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect(
      (await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: subscriber.token })).body,
    ).toMatchObject({ isPro: true });
    expect((await t.read.audit(1))[0]?.id).toBe(before);
  });

  it('should still end Pro when Stripe had already canceled the subscription', async () => {
    const subscriber = await t.seed.user();
    const { subscriptionId } = await subscribe(subscriber);
    // Canceled at Stripe, its webhook never arrived: this server still thinks it lives.
    fake.updateSubscription(subscriptionId, { status: 'canceled', endedAt: Math.floor(Date.now() / 1000) });
    const res = await call(t, 'DELETE', `/admin/users/${subscriber.id}/pro`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(
      (await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: subscriber.token })).body,
    ).toMatchObject({ isPro: false, status: 'canceled' });
  });

  it('should refuse "at period end" for a user with no live subscription and end given Pro now', async () => {
    const user = await t.seed.user();
    await t.admin.pro.givePro({ id: null, label: 'test' }, user.id, 10);
    const refused = await call(t, 'DELETE', `/admin/users/${user.id}/pro?when=period-end`, undefined, {
      token: admin.token,
    });
    expect(refused.status).toBe(409);
    expect((await call(t, 'DELETE', `/admin/users/${user.id}/pro`, undefined, { token: admin.token })).status).toBe(
      200,
    );
    expect((await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: user.token })).body).toMatchObject({
      isPro: false,
    });
  });
});

describe('Pro renewals and End Pro in the sandbox', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS: 'sandbox' });
    admin = await t.seed.user({ password: null });
    await t.admin.users.setRole({ id: null, label: 'test' }, admin.email, 'admin');
  });
  afterAll(async () => {
    await t?.stop();
  });

  async function sandboxSubscriber(): Promise<TestUser> {
    const user = await t.seed.user();
    const { body } = await call<{ orderId: string }>(
      t,
      'POST',
      '/billing/checkout',
      { product: 'pro' },
      { token: user.token },
    );
    expect((await call(t, 'POST', `/billing/sandbox/${body.orderId}/complete`, {}, { token: user.token })).status).toBe(
      200,
    );
    return user;
  }

  it('should make every sandbox renewal an order with its period', async () => {
    const user = await sandboxSubscriber();
    const renew = await call(t, 'POST', '/billing/sandbox/subscription', { action: 'renew' }, { token: user.token });
    expect(renew.status).toBe(200);
    const history = (await call<Json[]>(t, 'GET', '/billing/orders', undefined, { token: user.token })).body;
    expect(history).toHaveLength(2);
    const renewal = history.find((o) => o.renewal === true);
    expect(renewal).toMatchObject({ product: 'pro', status: 'paid', amount: 19.99, provider: 'sandbox' });
    const first = history.find((o) => o.renewal !== true);
    expect(renewal?.periodStart).toBe(first?.periodEnd);
    expect((await t.read.user(user.id))?.pro_expiry).toBe(renewal?.periodEnd);
  });

  it('should end the sandbox subscription from the console, now or at the period end', async () => {
    const now = await sandboxSubscriber();
    expect(
      (await call(t, 'DELETE', `/admin/users/${now.id}/pro?when=now`, undefined, { token: admin.token })).status,
    ).toBe(200);
    expect((await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: now.token })).body).toMatchObject({
      isPro: false,
      status: 'canceled',
    });

    const later = await sandboxSubscriber();
    const expiry = (await t.read.user(later.id))?.pro_expiry;
    const res = await call(t, 'DELETE', `/admin/users/${later.id}/pro?when=period-end`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect((await call<Json>(t, 'GET', '/billing/subscription', undefined, { token: later.token })).body).toMatchObject(
      {
        isPro: true,
        proExpiry: expiry,
        cancelAtPeriodEnd: true,
      },
    );
  });
});

describeOnceWithServices('Pro renewals across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    cluster = await startTestCluster(2, {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await fake?.close();
  });

  it('should record one order for an invoice whose events reach both processes at once', async () => {
    const [one, two] = cluster.apps;
    if (!one || !two) throw new Error('cluster did not start');
    const deliver = (app: TestApp, type: string, object: Json) => {
      const event = signedEvent(SECRET, type, object);
      return app.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        payload: event.payload,
      });
    };
    const subscriber = await one.seed.user();
    const checkout = await call<{ orderId: string }>(
      one,
      'POST',
      '/billing/checkout',
      { product: 'pro' },
      {
        token: subscriber.token,
      },
    );
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === checkout.body.orderId);
    const completed = fake.completeSession(session?.id as string);
    expect((await deliver(one, 'checkout.session.completed', completed)).statusCode).toBe(200);
    const invoice = fake.renewSubscription(completed.subscription as string);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => deliver(i % 2 ? one : two, 'invoice.paid', invoice)),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const renewals = await one.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', subscriber.id)
      .where('provider_invoice_id', '=', invoice.id as string)
      .execute();
    expect(renewals).toHaveLength(1);
  });
});
