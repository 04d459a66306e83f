import { type FakeStripe, type Json, signedEvent, startFakeStripe } from '@neura/test-kit/fakes/stripe';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'whsec_test_foreign';

/**
 * N2: a paid Checkout Session pays only the order it was created for. A Payment Link (or any other
 * Checkout in the same Stripe account) that names an order in its metadata or client_reference_id
 * must not pay it.
 */
describe('a foreign Checkout Session (N2)', () => {
  let t: TestApp;
  let fake: FakeStripe;

  const deliver = (type: string, object: Json) => {
    const event = signedEvent(SECRET, type, object);
    return t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  };
  const checkout = async (buyer: TestUser, product: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { product },
    });
    expect(res.statusCode).toBe(200);
    const { orderId } = res.json() as { orderId: string };
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === orderId) as Json;
    return { orderId, session };
  };
  const orderOf = async (buyer: TestUser, id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/billing/orders/${id}`,
        headers: { authorization: `Bearer ${buyer.token}` },
      })
    ).json();
  const credits = async (id: string) => (await t.read.user(id))?.credits;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await startTestApp({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_URL: fake.url,
      PUBLIC_URL: 'https://app.example.test',
    });
  });
  afterAll(async () => {
    await t?.stop();
    await fake?.close();
  });

  /** A paid 1-cent Payment Link session that names the order. */
  const foreign = (orderId: string, overrides: Json = {}): Json => ({
    id: 'cs_test_payment_link',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: 'pi_one_cent',
    subscription: null,
    amount_total: 1,
    currency: 'usd',
    client_reference_id: orderId,
    metadata: { orderId },
    ...overrides,
  });

  it('should not pay an order from a paid 1-cent session that names it', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId } = await checkout(buyer, 'plus');
    expect((await deliver('checkout.session.completed', foreign(orderId))).statusCode).toBe(200);
    expect(
      (await deliver('checkout.session.completed', foreign(orderId, { client_reference_id: null }))).statusCode,
    ).toBe(200);
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await credits(buyer.id)).toBe(0);
  });

  it('should not pay an order from a session with its id but another amount, currency or mode', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, session } = await checkout(buyer, 'plus');
    const paid = { ...fake.completeSession(session.id as string) };
    for (const change of [{ amount_total: 1 }, { currency: 'jpy' }, { mode: 'subscription' }]) {
      expect((await deliver('checkout.session.completed', { ...paid, ...change })).statusCode).toBe(200);
    }
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'pending' });
    expect(await credits(buyer.id)).toBe(0);
  });

  it('should not cancel an order from a foreign session that expired', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId } = await checkout(buyer, 'starter');
    await deliver('checkout.session.expired', foreign(orderId, { status: 'expired', payment_status: 'unpaid' }));
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'pending' });
  });

  it('should still pay the order from its own session', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const { orderId, session } = await checkout(buyer, 'plus');
    expect((await deliver('checkout.session.completed', fake.completeSession(session.id as string))).statusCode).toBe(
      200,
    );
    expect(await orderOf(buyer, orderId)).toMatchObject({ status: 'paid' });
    expect(await credits(buyer.id)).toBe(550);
  });
});
