import { type FakeStripe, refundedCharge, signedEvent, startFakeStripe } from '@neura/test-kit/fakes/stripe';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/accounts.js';

const SECRET = 'whsec_test_console';

describe('console refund through Stripe', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: TestUser;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
    });
    admin = await t.seed.user({ password: null });
    await t.admin.users.setRole({ id: null, label: 'test' }, admin.email, 'admin');
  });
  afterAll(async () => {
    await t.stop();
    await fake.close();
  });

  /** A starter pack bought through Checkout and paid by the completed-session webhook. */
  async function paidPack(buyer: TestUser): Promise<{ orderId: string; paymentIntent: string }> {
    const { body } = await call<{ orderId: string }>(
      t,
      'POST',
      '/billing/checkout',
      { product: 'starter' },
      { token: buyer.token },
    );
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === body.orderId);
    const completed = fake.completeSession(session?.id as string);
    const event = signedEvent(SECRET, 'checkout.session.completed', completed);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(res.statusCode).toBe(200);
    return { orderId: body.orderId, paymentIntent: completed.payment_intent as string };
  }

  it('should refund at Stripe, claw the credits back once, and the webhook that follows take nothing more', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, paymentIntent } = await paidPack(buyer);
    expect((await t.read.user(buyer.id))?.credits).toBe(100);

    const res = await call(t, 'POST', `/admin/orders/${orderId}/refund`, undefined, { token: admin.token });
    expect(res.status).toBe(200);
    const refund = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(refund).toHaveLength(1);
    expect(refund[0]?.body).toMatchObject({ payment_intent: paymentIntent });
    expect(refund[0]?.headers['idempotency-key']).toBe(`refund:${orderId}`);
    expect((await t.read.user(buyer.id))?.credits).toBe(0);

    const event = signedEvent(SECRET, 'charge.refunded', refundedCharge(paymentIntent, 499, 499));
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(webhook.statusCode).toBe(200);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { amount: 100, reason: 'purchase' },
      { amount: -100, reason: 'clawback' },
    ]);
  });

  it('should leave the order as it was when Stripe fails the refund (502, no audit line)', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId } = await paidPack(buyer);
    const before = (await t.read.audit(1))[0]?.id;
    fake.failNext('/v1/refunds', 500, 2);
    const res = await call(t, 'POST', `/admin/orders/${orderId}/refund`, undefined, { token: admin.token });
    expect(res.status).toBe(502);
    expect((await t.read.user(buyer.id))?.credits).toBe(100);
    const order = await t.read.order(orderId);
    expect(order).toMatchObject({ status: 'paid', refunded_at: null, refunded_credits: 0 });
    expect((await t.read.audit(1))[0]?.id).toBe(before);
  });
});
