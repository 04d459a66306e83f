import { ACCOUNT_SUSPENDED_MESSAGE } from '@neura/contract';
import { DEFAULT_PASSWORD, type TestUser } from '@neura/test-kit/seed';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.js';
import { ADMIN_ONLY_MESSAGE } from '../src/auth/admin-guard.js';
import { call } from './helpers/accounts.js';
import { connectSocket, nextEvent, type TestSocket } from './helpers/socket.js';

type Json = Record<string, unknown>;
type Items<T = Json> = { items: T[] };

/** A persona as the console's form sends it. */
const personaInput = (id: string, overrides: Json = {}) => ({
  id,
  icon: '🦉',
  name: `Owl ${id}`,
  description: 'Answers at night.',
  cost: 3,
  tags: ['night'],
  published: false,
  requiresPro: false,
  includedSkills: [],
  greeting: 'Hoo?',
  systemPrompt: 'You are a wise owl.',
  model: null,
  ...overrides,
});

describe('operator console API', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS: 'sandbox' });
    admin = await t.seed.user({ email: `admin-${Date.now()}@example.com`, password: null });
    user = await t.seed.user({ credits: 10 });
    const setRole = adminCommands.find((c) => c.name === 'users set-role');
    const lines: string[] = [];
    await setRole?.run({
      admin: t.admin,
      args: [admin.email, 'admin'],
      options: {},
      out: (l) => lines.push(l),
      readFile: () => '',
    });
    expect(lines).toEqual([`${admin.email} is now an admin.`]);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
  });

  const as = (who: TestUser | null) => ({ ...(who ? { token: who.token } : {}) });
  const concrete = (url: string) => url.replace(/:[a-z]+/g, 'x');

  it('should answer 401 without a session and 403 to a signed-in non-admin on every admin route', async () => {
    const routes = t.read.adminRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(25);
    for (const fixed of ['/admin/users', '/admin/dashboard', '/admin/audit']) {
      expect(routes).toContainEqual({ method: 'GET', url: fixed });
    }
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anonymous = await call(t, method, concrete(route.url), body);
      expect(anonymous.status, `${route.method} ${route.url} anonymous`).toBe(401);
      const plain = await call(t, method, concrete(route.url), body, as(user));
      expect(plain.status, `${route.method} ${route.url} as a user`).toBe(403);
      expect(plain.body).toMatchObject({ message: ADMIN_ONLY_MESSAGE, code: 'forbidden' });
    }
  });

  it('should take the console away at once when the admin role is taken back', async () => {
    const other = await t.seed.user({ password: null });
    await t.admin.users.setRole({ id: admin.id, label: admin.email }, other.email, 'admin');
    expect((await call(t, 'GET', '/admin/users', undefined, as(other))).status).toBe(200);
    await t.admin.users.setRole({ id: admin.id, label: admin.email }, other.email, 'user');
    expect((await call(t, 'GET', '/admin/users', undefined, as(other))).status).toBe(403);
  });

  it('should find users by email (items carry email, balance, Pro state; wildcards are literal)', async () => {
    const res = await call<Items>(
      t,
      'GET',
      `/admin/users?q=${encodeURIComponent(user.email.slice(0, 12))}`,
      undefined,
      as(admin),
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toContainEqual(
      expect.objectContaining({
        id: user.id,
        email: user.email,
        credits: 10,
        isPro: false,
        suspended: false,
        role: 'user',
      }),
    );
    const wildcard = await call<Items>(t, 'GET', '/admin/users?q=%25', undefined, as(admin));
    expect(wildcard.body.items).toEqual([]);
    const all = await call<Items>(t, 'GET', '/admin/users', undefined, as(admin));
    expect(all.body.items.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, user.email]));
    const detail = await call<Json>(t, 'GET', `/admin/users/${user.id}`, undefined, as(admin));
    expect(detail.body).toMatchObject({ email: user.email, chats: 0, orders: [] });
    expect(Array.isArray(detail.body.ledger)).toBe(true);
    expect((await call(t, 'GET', '/admin/users/nobody', undefined, as(admin))).status).toBe(404);
  });

  it('should grant credits live to the user’s open tab and take them back, each with an audit line', async () => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const pushed = nextEvent<{ credits: number }>(socket, 'updateCredits');
    const grant = await call(t, 'POST', `/admin/users/${user.id}/credits`, { amount: 25, note: 'sorry' }, as(admin));
    expect(grant.body).toEqual({ credits: 35 });
    expect(await pushed).toEqual({ credits: 35 });
    const take = await call(t, 'POST', `/admin/users/${user.id}/credits`, { amount: -5 }, as(admin));
    expect(take.body).toEqual({ credits: 30 });
    expect((await call(t, 'POST', `/admin/users/${user.id}/credits`, { amount: 0 }, as(admin))).status).toBe(400);
    expect((await call(t, 'POST', `/admin/users/${user.id}/credits`, { amount: 1.5 }, as(admin))).status).toBe(400);
    const audit = await call<Items>(t, 'GET', '/admin/audit?limit=2', undefined, as(admin));
    expect(audit.body.items).toEqual([
      expect.objectContaining({
        action: 'credits.take',
        actor: admin.email,
        target: user.email,
        before: { credits: 35 },
        after: { credits: 30 },
      }),
      expect.objectContaining({
        action: 'credits.grant',
        actor: admin.email,
        target: user.email,
        before: { credits: 10 },
        after: { credits: 35, note: 'sorry' },
      }),
    ]);
    expect(typeof audit.body.items[0]?.at).toBe('string');
  });

  it('should give and end Pro, live on the user’s open tab', async () => {
    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    let pushed = nextEvent<{ user: { isPro: boolean } }>(socket, 'user.changed');
    const give = await call<{ proExpiry: string }>(t, 'POST', `/admin/users/${user.id}/pro`, { days: 30 }, as(admin));
    expect(Math.round((Date.parse(give.body.proExpiry) - Date.now()) / 86_400_000)).toBe(30);
    expect((await pushed).user).toMatchObject({ isPro: true });
    expect((await call(t, 'GET', '/users/me', undefined, as(user))).body).toMatchObject({ isPro: true });
    pushed = nextEvent<{ user: { isPro: boolean } }>(socket, 'user.changed');
    expect((await call(t, 'DELETE', `/admin/users/${user.id}/pro`, undefined, as(admin))).status).toBe(200);
    expect((await pushed).user).toMatchObject({ isPro: false });
    expect((await call(t, 'GET', '/users/me', undefined, as(user))).body).toMatchObject({ isPro: false });
    expect((await call(t, 'POST', `/admin/users/${user.id}/pro`, { days: 0 }, as(admin))).status).toBe(400);
  });

  it('should suspend (sessions end, sockets drop, sign-in refused with a clear text) and lift it', async () => {
    const victim = await t.seed.user();
    const socket = connectSocket(t.url, victim.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const dropped = nextEvent(socket, 'disconnect');
    expect((await call(t, 'POST', `/admin/users/${victim.id}/suspend`, undefined, as(admin))).status).toBe(200);
    await dropped;
    expect((await call(t, 'GET', '/users/me', undefined, as(victim))).status).toBe(401);
    const login = await call(t, 'POST', '/users/login', { email: victim.email, password: DEFAULT_PASSWORD });
    expect(login).toMatchObject({ status: 403, body: { message: ACCOUNT_SUSPENDED_MESSAGE, code: 'auth:suspended' } });
    const wrong = await call(t, 'POST', '/users/login', { email: victim.email, password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect((await call(t, 'POST', `/admin/users/${admin.id}/suspend`, undefined, as(admin))).status).toBe(409);

    expect((await call(t, 'POST', `/admin/users/${victim.id}/unsuspend`, undefined, as(admin))).status).toBe(200);
    const again = await call<{ token: string }>(t, 'POST', '/users/login', {
      email: victim.email,
      password: DEFAULT_PASSWORD,
    });
    expect(again.status).toBe(200);
    expect((await call(t, 'GET', '/users/me', undefined, { token: again.body.token })).status).toBe(200);
  });

  it('should delete a user and their data, but not the admin themself', async () => {
    const gone = await t.seed.user();
    expect((await call(t, 'DELETE', `/admin/users/${gone.id}`, undefined, as(admin))).status).toBe(200);
    expect(await t.read.user(gone.id)).toBeUndefined();
    expect((await call(t, 'GET', '/users/me', undefined, as(gone))).status).toBe(401);
    expect((await call(t, 'DELETE', `/admin/users/${admin.id}`, undefined, as(admin))).status).toBe(409);
    const [line] = (await call<Items>(t, 'GET', '/admin/audit?limit=1', undefined, as(admin))).body.items;
    expect(line).toMatchObject({ action: 'user.delete', target: gone.email });
  });

  it('should create, publish, edit, reorder and unpublish personas, and the catalog follow at once', async () => {
    const id = `owl-${Date.now().toString(36)}`;
    const created = await call(t, 'POST', '/admin/personas', personaInput(id), as(admin));
    expect(created.status).toBe(201);
    expect((await call(t, 'POST', '/admin/personas', personaInput(id), as(admin))).status).toBe(409);
    expect((await call(t, 'POST', '/admin/personas', { id: 'x' }, as(admin))).status).toBe(400);
    const catalog = async () => (await call<Json[]>(t, 'GET', '/personas')).body as unknown as Json[];
    expect((await catalog()).map((p) => p.id)).not.toContain(id);

    const socket = connectSocket(t.url, user.token);
    sockets.push(socket);
    await nextEvent(socket, 'ready');
    const announced = nextEvent(socket, 'personas.changed');
    expect((await call(t, 'POST', `/admin/personas/${id}/published`, { published: true }, as(admin))).status).toBe(200);
    expect(await announced).toEqual({});
    expect((await catalog()).find((p) => p.id === id)).toMatchObject({ cost: 3, name: `Owl ${id}` });

    const edited = await call(
      t,
      'PUT',
      `/admin/personas/${id}`,
      personaInput(id, { cost: 7, published: true }),
      as(admin),
    );
    expect(edited.status).toBe(200);
    expect((await catalog()).find((p) => p.id === id)).toMatchObject({ cost: 7 });
    expect((await call(t, 'PUT', '/admin/personas/nobody', personaInput('nobody'), as(admin))).status).toBe(404);

    expect((await call(t, 'PUT', '/admin/personas-order', { ids: [id] }, as(admin))).status).toBe(200);
    expect((await catalog())[0]?.id).toBe(id);
    expect((await call(t, 'PUT', '/admin/personas-order', { ids: ['nobody'] }, as(admin))).status).toBe(404);

    expect((await call(t, 'POST', `/admin/personas/${id}/published`, { published: false }, as(admin))).status).toBe(
      200,
    );
    expect((await catalog()).map((p) => p.id)).not.toContain(id);
    const listed = await call<Items>(t, 'GET', '/admin/personas', undefined, as(admin));
    expect(listed.body.items.find((p) => p.id === id)).toMatchObject({ published: false, cost: 7, sortOrder: 0 });

    const lines = (await call<Items>(t, 'GET', '/admin/audit?limit=5', undefined, as(admin))).body.items;
    expect(lines.map((l) => l.action)).toEqual([
      'persona.unpublish',
      'persona.reorder',
      'persona.edit',
      'persona.publish',
      'persona.create',
    ]);
    expect(lines[2]).toMatchObject({ target: id, before: { cost: 3 }, after: { cost: 7 } });
  });

  it('should list orders and refund a sandbox order: credits clawed back, status refunded, once', async () => {
    const buyer = await t.seed.user({ credits: 0 });
    const checkout = await call<{ orderId: string }>(t, 'POST', '/billing/checkout', { product: 'starter' }, as(buyer));
    const { orderId } = checkout.body;
    expect((await call(t, 'POST', `/admin/orders/${orderId}/refund`, undefined, as(admin))).status).toBe(409);
    await call(t, 'POST', `/billing/sandbox/${orderId}/complete`, { outcome: 'paid' }, as(buyer));
    expect((await t.read.user(buyer.id))?.credits).toBe(100);
    await t.drive.credits.charge(buyer.id, 30, `spent-${orderId}`);

    const refund = await call(t, 'POST', `/admin/orders/${orderId}/refund`, undefined, as(admin));
    expect(refund.status).toBe(200);
    expect((await t.read.user(buyer.id))?.credits).toBe(0);
    const orders = await call<Items>(
      t,
      'GET',
      `/admin/orders?q=${encodeURIComponent(buyer.email)}`,
      undefined,
      as(admin),
    );
    expect(orders.body.items).toEqual([
      expect.objectContaining({
        id: orderId,
        email: buyer.email,
        status: 'refunded',
        refundedCredits: 100,
        refundedCents: 499,
      }),
    ]);
    expect((await call(t, 'POST', `/admin/orders/${orderId}/refund`, undefined, as(admin))).status).toBe(409);
    expect((await call(t, 'POST', '/admin/orders/nothing/refund', undefined, as(admin))).status).toBe(404);
    const [line] = (await call<Items>(t, 'GET', '/admin/audit?limit=1', undefined, as(admin))).body.items;
    expect(line).toMatchObject({
      action: 'order.refund',
      target: orderId,
      before: { status: 'paid', credits: 70 },
      after: { status: 'refunded', amountCents: 499, currency: 'usd', credits: 0 },
    });
  });

  it('should make and revoke invites, list and export the waitlist', async () => {
    const made = await call<{ codes: string[] }>(t, 'POST', '/admin/invites', { count: 2, uses: 3 }, as(admin));
    expect(made.status).toBe(201);
    expect(made.body.codes).toHaveLength(2);
    const hint = (made.body.codes[0] as string).slice(0, 4);
    const list = await call<Items>(t, 'GET', '/admin/invites', undefined, as(admin));
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ hint: `${hint}-…`, maxUses: 3, uses: 0, revoked: false }),
    );
    expect((await call(t, 'DELETE', `/admin/invites/${hint}`, undefined, as(admin))).body).toEqual({ revoked: 1 });
    expect((await call(t, 'GET', `/invites/${made.body.codes[0]}`)).body).toEqual({ isValid: false });

    await call(t, 'POST', '/waitlist', { email: 'waiting=1@example.com' }, { ip: '10.9.0.1' });
    const waitlist = await call<Items>(t, 'GET', '/admin/waitlist', undefined, as(admin));
    expect(waitlist.body.items).toContainEqual(expect.objectContaining({ email: 'waiting=1@example.com' }));
    const csv = await t.app.inject({
      url: '/api/admin/waitlist.csv',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('email,joined,invited');
    expect(csv.body).toContain('waiting=1@example.com,');
    const actions = (await call<Items>(t, 'GET', '/admin/audit?limit=2', undefined, as(admin))).body.items.map(
      (l) => l.action,
    );
    expect(actions).toEqual(['invites.revoke', 'invites.create']);
  });

  it('should show help feedback (helpful or not, with comments) and mark it handled', async () => {
    await call(t, 'POST', '/feedback', { type: 'feedback', about: 'helpDocs.credits' }, as(user));
    await call(t, 'POST', '/feedback', { type: 'feedback', about: 'helpDocs.voice', message: 'The mic did nothing.' });
    const inbox = await call<Items>(t, 'GET', '/admin/feedback', undefined, as(admin));
    const [comment, helpful] = inbox.body.items;
    expect(comment).toMatchObject({
      about: 'helpDocs.voice',
      helpful: false,
      message: 'The mic did nothing.',
      email: null,
      handledAt: null,
    });
    expect(helpful).toMatchObject({ about: 'helpDocs.credits', helpful: true, email: user.email });
    expect((await call(t, 'POST', `/admin/feedback/${comment?.id}/handled`, { handled: true }, as(admin))).status).toBe(
      200,
    );
    const after = await call<Items>(t, 'GET', '/admin/feedback', undefined, as(admin));
    expect(after.body.items[0]?.handledAt).toEqual(expect.any(String));
    expect((await call(t, 'POST', '/admin/feedback/nothing/handled', {}, as(admin))).status).toBe(404);
  });

  it('should set token prices per model', async () => {
    const put = await call(
      t,
      'PUT',
      '/admin/model-prices/openai:gpt-test',
      { inputPerMTok: 0.5, outputPerMTok: 1.5 },
      as(admin),
    );
    expect(put.status).toBe(200);
    const prices = await call<Json[]>(t, 'GET', '/admin/model-prices', undefined, as(admin));
    expect(prices.body).toContainEqual({
      model: 'openai:gpt-test',
      inputPerMTok: 0.5,
      outputPerMTok: 1.5,
      source: 'console',
    });
    expect(
      (await call(t, 'PUT', '/admin/model-prices/x', { inputPerMTok: -1, outputPerMTok: 1 }, as(admin))).status,
    ).toBe(400);
  });

  it('should keep the audit log append-only and newest first', async () => {
    const res = await call<Items>(t, 'GET', '/admin/audit', undefined, as(admin));
    const ats = res.body.items.map((l) => String(l.at));
    expect([...ats].sort().reverse()).toEqual(ats);
    for (const line of res.body.items) {
      expect(line).toEqual(
        expect.objectContaining({ action: expect.any(String), actor: expect.any(String), target: expect.any(String) }),
      );
    }
    const ids = res.body.items.map((l) => String(l.id));
    const page = await call<Items>(t, 'GET', `/admin/audit?before=${ids[1]}&limit=1`, undefined, as(admin));
    expect(page.body.items.map((l) => l.id)).toEqual([ids[2]]);
    await expect(sql`UPDATE audit_log SET actor = 'someone else'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect((await call<Items>(t, 'GET', '/admin/audit', undefined, as(admin))).body.items).toHaveLength(ids.length);
  });

  it('should refuse a range other than 7, 30 or 90 days and an unknown time zone', async () => {
    expect((await call(t, 'GET', '/admin/dashboard?days=14', undefined, as(admin))).status).toBe(400);
    expect((await call(t, 'GET', '/admin/dashboard?days=7&tz=Mars%2FOlympus', undefined, as(admin))).status).toBe(400);
    const ok = await call<Json>(t, 'GET', '/admin/dashboard?days=90', undefined, as(admin));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ days: 90, timeZone: 'UTC' });
    expect(ok.body.daily).toHaveLength(90);
  });
});
