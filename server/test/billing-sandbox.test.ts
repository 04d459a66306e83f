import { PRO_REQUIRED_MESSAGE } from '@neura/contract';
import type { TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

type Method = 'GET' | 'POST';

describe('billing in the sandbox', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  const call = (method: Method, url: string, user: TestUser | null, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? { authorization: `Bearer ${user.token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const balance = async (id: string) => (await t.read.user(id))?.credits;
  const buy = async (user: TestUser, product: string) => {
    const res = await call('POST', '/billing/checkout', user, { product });
    expect(res.statusCode).toBe(200);
    return res.json() as { orderId: string; url: string };
  };

  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS: 'sandbox' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  it('should list the default packs, Pro at 19.99 with 49.99 list, and the sandbox provider', async () => {
    const res = await call('GET', '/billing/products', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'sandbox',
      packs: [
        { id: 'starter', credits: 100, price: 4.99, currency: 'usd' },
        { id: 'plus', credits: 550, price: 19.99, currency: 'usd' },
        { id: 'max', credits: 1500, price: 49.99, currency: 'usd' },
      ],
      pro: { price: 19.99, listPrice: 49.99, currency: 'usd', interval: 'month' },
    });
  });

  it('should pay a pack once, grant its credits to every open device and record the purchase', async () => {
    const user = await t.seed.user({ credits: 0 });
    const tabs = [connectSocket(t.url, user.token), connectSocket(t.url, user.token)];
    sockets.push(...tabs);
    await Promise.all(tabs.map((s) => nextEvent(s, 'ready')));
    const { orderId, url } = await buy(user, 'starter');
    expect(url).toBe(`/settings/credits/complete?order=${orderId}&checkout=sandbox`);
    expect((await call('GET', `/billing/orders/${orderId}`, user)).json()).toMatchObject({
      id: orderId,
      product: 'starter',
      status: 'pending',
      credits: 100,
      amount: 4.99,
      currency: 'usd',
    });
    const updates = tabs.map((s) => nextEvent<{ credits: number }>(s, 'updateCredits'));
    const paid = await call('POST', `/billing/sandbox/${orderId}/complete`, user);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', credits: 100 });
    expect(await Promise.all(updates)).toEqual([{ credits: 100 }, { credits: 100 }]);
    // A second completion (double click, retry) grants nothing more.
    expect((await call('POST', `/billing/sandbox/${orderId}/complete`, user)).json().status).toBe('paid');
    expect(await balance(user.id)).toBe(100);
    const ledger = (await call('GET', '/billing/ledger', user)).json();
    expect(ledger).toEqual([expect.objectContaining({ amount: 100, reason: 'purchase', detail: 'starter' })]);
    const orders = (await call('GET', '/billing/orders', user)).json();
    expect(orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
  });

  it('should mark a declined sandbox payment failed and grant nothing', async () => {
    const user = await t.seed.user({ credits: 3 });
    const { orderId } = await buy(user, 'plus');
    const res = await call('POST', `/billing/sandbox/${orderId}/complete`, user, { outcome: 'failed' });
    expect(res.json().status).toBe('failed');
    expect(await balance(user.id)).toBe(3);
  });

  it('should cancel a pending order and then refuse to pay it', async () => {
    const user = await t.seed.user({ credits: 0 });
    const { orderId } = await buy(user, 'starter');
    expect((await call('POST', `/billing/orders/${orderId}/cancel`, user)).json().status).toBe('canceled');
    const res = await call('POST', `/billing/sandbox/${orderId}/complete`, user);
    expect(res.statusCode).toBe(409);
    expect(await balance(user.id)).toBe(0);
  });

  it("should answer 404 for another user's order, its completion and its cancelation", async () => {
    const owner = await t.seed.user({ credits: 0 });
    const other = await t.seed.user({ credits: 0 });
    const { orderId } = await buy(owner, 'starter');
    for (const [method, url] of [
      ['GET', `/billing/orders/${orderId}`],
      ['POST', `/billing/sandbox/${orderId}/complete`],
      ['POST', `/billing/orders/${orderId}/cancel`],
    ] as const) {
      const res = await call(method, url, other);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not-found');
    }
    expect((await call('GET', '/billing/orders', other)).json()).toEqual([]);
    expect(await balance(owner.id)).toBe(0);
  });

  it('should refuse unknown products, missing bodies and signed-out callers', async () => {
    const user = await t.seed.user();
    expect((await call('POST', '/billing/checkout', user, { product: 'gold' })).statusCode).toBe(404);
    const bad = await call('POST', '/billing/checkout', user, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('request:invalid');
    expect((await call('POST', '/billing/checkout', null, { product: 'starter' })).statusCode).toBe(401);
    expect((await call('GET', '/billing/ledger', null)).statusCode).toBe(401);
  });

  it('should make a non-Pro user Pro for a month, then cancel at period end, resume and renew in the portal', async () => {
    const user = await t.seed.user({ credits: 5 });
    expect((await call('GET', '/billing/subscription', user)).json()).toEqual({
      isPro: false,
      proExpiry: null,
      status: 'none',
      cancelAtPeriodEnd: false,
    });
    const { orderId } = await buy(user, 'pro');
    await call('POST', `/billing/sandbox/${orderId}/complete`, user);
    const sub = (await call('GET', '/billing/subscription', user)).json();
    expect(sub).toMatchObject({ isPro: true, status: 'active', cancelAtPeriodEnd: false });
    const days = (Date.parse(sub.proExpiry) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await call('POST', '/billing/checkout', user, { product: 'pro' })).statusCode).toBe(409);
    expect((await call('POST', '/billing/portal', user)).json()).toEqual({ url: '/settings/pro?portal=sandbox' });

    const canceled = (await call('POST', '/billing/sandbox/subscription', user, { action: 'cancel' })).json();
    expect(canceled).toMatchObject({ isPro: true, cancelAtPeriodEnd: true, proExpiry: sub.proExpiry });
    const resumed = (await call('POST', '/billing/sandbox/subscription', user, { action: 'resume' })).json();
    expect(resumed).toMatchObject({ cancelAtPeriodEnd: false, proExpiry: sub.proExpiry });
    const renewed = (await call('POST', '/billing/sandbox/subscription', user, { action: 'renew' })).json();
    expect(Date.parse(renewed.proExpiry)).toBeGreaterThan(Date.parse(sub.proExpiry) + 27 * 86_400_000);
    expect(await balance(user.id)).toBe(5);
  });

  it('should tell every open device of the user when Pro starts (user.changed), no other user', async () => {
    const user = await t.seed.user({ credits: 5 });
    const stranger = await t.seed.user({ credits: 5 });
    const tabs = [connectSocket(t.url, user.token), connectSocket(t.url, user.token)];
    const theirs = connectSocket(t.url, stranger.token);
    sockets.push(...tabs, theirs);
    await Promise.all([...tabs, theirs].map((s) => nextEvent(s, 'ready')));
    let strangerHeard = false;
    theirs.on('user.changed', () => {
      strangerHeard = true;
    });
    const changes = tabs.map((s) => nextEvent<{ user: { isPro: boolean; proExpiry: string } }>(s, 'user.changed'));
    const { orderId } = await buy(user, 'pro');
    await call('POST', `/billing/sandbox/${orderId}/complete`, user);
    for (const change of await Promise.all(changes)) {
      expect(change.user).toMatchObject({ isPro: true, credits: 5 });
      expect(Date.parse(change.user.proExpiry)).toBeGreaterThan(Date.now());
    }
    const canceled = nextEvent<{ user: { isPro: boolean } }>(tabs[0] as (typeof tabs)[0], 'user.changed');
    await call('POST', '/billing/sandbox/subscription', user, { action: 'cancel' });
    expect((await canceled).user.isPro).toBe(true);
    expect(strangerHeard).toBe(false);
  });

  it('should grant and claw back through CreditService by ledger key, never below zero', async () => {
    const user = await t.seed.user({ credits: 5 });
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const pushed = nextEvent<{ credits: number }>(socket, 'updateCredits');
    expect(
      await t.drive.credits.grant({ userId: user.id, amount: 10, reason: 'grant', key: `test:${user.id}:a` }),
    ).toBe(15);
    expect(await pushed).toEqual({ credits: 15 });
    expect(
      await t.drive.credits.grant({ userId: user.id, amount: 10, reason: 'grant', key: `test:${user.id}:a` }),
    ).toBeUndefined();
    expect(
      await t.drive.credits.grant({ userId: user.id, amount: -40, reason: 'clawback', key: `test:${user.id}:b` }),
    ).toBe(0);
    // Newest first: the claw-back took only the 15 there were, then the grant, then the seeded 5.
    const ledger = (await call('GET', '/billing/ledger', user)).json();
    expect(ledger.map((e: { amount: number }) => e.amount)).toEqual([-15, 10, 5]);
    expect(
      await t.drive.credits.grant({ userId: 'nobody', amount: 1, reason: 'grant', key: 'test:nobody' }),
    ).toBeUndefined();
  });

  it('should refuse Pro personas to non-Pro users on createChat and sendMessage with the SPEC text', async () => {
    const user = await t.seed.user({ credits: 10 });
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const created = await new Promise<{ error?: { message: string; code: string } }>((resolve) =>
      socket.emit('createChat', 'startup-advisor', (r) => resolve(r as { error?: { message: string; code: string } })),
    );
    expect(created.error).toMatchObject({ code: 'pro:required', message: PRO_REQUIRED_MESSAGE });
    expect(PRO_REQUIRED_MESSAGE).toBe('User does not have a Pro subscription.');
    const chat = await t.seed.chat(user.id, 'startup-advisor');
    const sent = await new Promise<{ error?: { message: string; code: string } }>((resolve) =>
      socket.emit('sendMessage', { chatId: chat.id, text: 'hello' }, (r) =>
        resolve(r as { error?: { message: string; code: string } }),
      ),
    );
    expect(sent.error).toMatchObject({ code: 'pro:required', message: PRO_REQUIRED_MESSAGE });
    expect(await balance(user.id)).toBe(10);
  });
});

describe('billing switched off', () => {
  it('should default to off in production, sandbox elsewhere (a keyless npm start) and stripe with a key', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).PAYMENTS).toBe('off');
    expect(loadConfig({}).PAYMENTS).toBe('sandbox');
    expect(loadConfig({ NODE_ENV: 'development' }).PAYMENTS).toBe('sandbox');
    expect(
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).PAYMENTS,
    ).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ CREDIT_PACKS: '[{"id":"pro","credits":1,"price":1}]' })).toThrow(/CREDIT_PACKS/);
    expect(loadConfig({ CREDIT_PACKS: '[{"id":"mini","credits":10,"price":0.99}]' }).CREDIT_PACKS).toEqual([
      { id: 'mini', credits: 10, price: 0.99, currency: 'usd' },
    ]);
  });

  it('should refuse checkout and the sandbox with PAYMENTS=off', async () => {
    const t = await startTestApp({ PAYMENTS: 'off' });
    try {
      const user = await t.seed.user();
      const auth = { authorization: `Bearer ${user.token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/billing/products' })).json().provider).toBe('off');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/checkout',
        headers: auth,
        payload: { product: 'starter' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('billing:disabled');
      const sandbox = await t.app.inject({ method: 'POST', url: '/api/billing/sandbox/x/complete', headers: auth });
      expect(sandbox.statusCode).toBe(403);
      expect(sandbox.json().code).toBe('billing:sandbox-only');
    } finally {
      await t.stop();
    }
  });
});
