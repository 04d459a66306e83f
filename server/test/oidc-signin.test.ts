import { type LocalOidcProvider, signInAtProvider, startOidcProvider } from '@neura/test-kit/fakes/oidc-provider';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

/**
 * Sign-in with OpenID Connect against a real provider (oidc-provider on loopback): the invite rule,
 * linked sign-in, linking only after the password, and every refused callback (issue #47).
 */
/** What the ticket calls answer (a token, the next page, or an error body). */
interface Answer {
  token: string;
  next?: string;
  email?: string;
  code?: string;
}

describe('sign-in with an OpenID provider', () => {
  let idp: LocalOidcProvider;
  let t: TestApp;

  beforeAll(async () => {
    idp = await startOidcProvider();
    t = await startTestApp({
      OIDC_PROVIDERS: JSON.stringify([idp.entry(), { ...idp.entry('posted', 'Posted ID'), formPost: true }]),
      OUTBOUND_ALLOW: idp.hostPort,
    });
    idp.allowRedirects([`${t.url}/api/auth/oidc/local/callback`, `${t.url}/api/auth/oidc/posted/callback`]);
  });
  afterAll(async () => {
    await t?.stop();
    await idp?.stop();
  });

  const api = (path: string) => `${t.url}/api${path}`;
  const post = async (path: string, body: object) => {
    const res = await fetch(api(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer };
  };
  /** The `neura_oidc` cookie the last start set: what this test's "browser" sends back. */
  let browser = '';
  /** GET /auth/oidc/{id}/start: the provider's authorization URL (the browser keeps the cookie). */
  const start = async (id = 'local', query = '') => {
    const res = await fetch(api(`/auth/oidc/${id}/start${query}`), { redirect: 'manual' });
    expect(res.status).toBe(303);
    browser = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(browser).toMatch(/^neura_oidc=[\w-]{20,}$/);
    return res.headers.get('location') as string;
  };
  /** The browser's return to the callback: where the server then sends it (its query). */
  const callback = async (back: { url: string; form?: Record<string, string> }, cookie?: string) => {
    const res = await fetch(back.url, {
      redirect: 'manual',
      headers: { cookie: cookie ?? browser },
      ...(back.form
        ? {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie ?? browser },
            body: new URLSearchParams(back.form),
          }
        : {}),
    });
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location') as string);
    expect(to.pathname).toBe('/auth/oidc');
    return to.searchParams;
  };
  const flow = async (login: string, id = 'local') => callback(await signInAtProvider(await start(id), login));
  const me = async (token: string) =>
    (await fetch(api('/users/me'), { headers: { authorization: `Bearer ${token}` } })).json();

  it('should list the configured providers for the auth modal', async () => {
    const res = await fetch(api('/auth/providers'));
    expect(await res.json()).toEqual({
      providers: [
        { id: 'local', name: 'Local ID' },
        { id: 'posted', name: 'Posted ID' },
      ],
    });
  });

  it('should ask a new identity for an invite, make no account before it, refuse a wrong one, then sign in', async () => {
    const landed = await flow('nora');
    const ticket = landed.get('ticket') as string;
    expect(ticket).toBeTruthy();
    expect(await post('/auth/oidc/ticket', { ticket })).toEqual({
      status: 200,
      body: { next: 'invite', email: 'nora@example.test', provider: 'Local ID' },
    });
    expect(await t.read.userByEmail('nora@example.test')).toBeUndefined();

    const none = await post('/auth/oidc/register', { ticket });
    expect(none.body.code).toBe('invite:invalid');
    const wrong = await post('/auth/oidc/register', { ticket, inviteCode: 'AAAA-BBBB-CCCC' });
    expect(wrong.body.code).toBe('invite:invalid');
    expect(await t.read.userByEmail('nora@example.test')).toBeUndefined();

    const [invite] = await t.seed.invites(1, 1);
    const made = await post('/auth/oidc/register', { ticket, inviteCode: invite });
    expect(made.status).toBe(200);
    expect(await me(made.body.token)).toMatchObject({ email: 'nora@example.test', firstName: 'Nora' });
    // The ticket was used: a second account (or session) cannot come of it.
    expect((await post('/auth/oidc/register', { ticket, inviteCode: invite })).body.code).toBe('auth:code-invalid');
    expect((await post('/auth/oidc/ticket', { ticket })).body.code).toBe('auth:code-invalid');
  });

  it('should sign a linked identity straight in, with a ticket that works once', async () => {
    const [invite] = await t.seed.invites(1, 1);
    const first = (await flow('lina')).get('ticket') as string;
    await post('/auth/oidc/register', { ticket: first, inviteCode: invite });

    const ticket = (await flow('lina')).get('ticket') as string;
    const signedIn = await post('/auth/oidc/ticket', { ticket });
    expect(signedIn.body.next).toBe('signed-in');
    expect(await me(signedIn.body.token)).toMatchObject({ email: 'lina@example.test' });
    expect((await post('/auth/oidc/ticket', { ticket })).status).toBe(400);
  });

  it('should link a known verified address only after its account confirms with its password', async () => {
    const owner = await t.seed.user({ email: 'olga@example.com' });
    idp.setAccount('olga-at-idp', { email: 'Olga@example.com', email_verified: true, given_name: 'Olga' });
    const ticket = (await flow('olga-at-idp')).get('ticket') as string;
    expect((await post('/auth/oidc/ticket', { ticket })).body).toEqual({
      next: 'confirm',
      email: 'olga@example.com',
      provider: 'Local ID',
    });
    const wrong = await post('/auth/oidc/confirm', { ticket, password: 'not-her-password' });
    expect(wrong.body.code).toBe('auth:invalid-credentials');
    // Not linked: the identity still lands on the confirmation.
    expect((await post('/auth/oidc/ticket', { ticket: (await flow('olga-at-idp')).get('ticket') })).body.next).toBe(
      'confirm',
    );

    const ok = await post('/auth/oidc/confirm', { ticket, password: owner.password });
    expect(ok.status).toBe(200);
    expect(await me(ok.body.token)).toMatchObject({ email: 'olga@example.com' });
    const again = await post('/auth/oidc/ticket', { ticket: (await flow('olga-at-idp')).get('ticket') });
    expect(again.body.next).toBe('signed-in');
  });

  it('should make one account of two racing tickets of the same new identity, and no server error', async () => {
    const tickets = [(await flow('twin')).get('ticket'), (await flow('twin')).get('ticket')] as string[];
    const invites = await t.seed.invites(2, 1);
    const answers = await Promise.all(
      tickets.map((ticket, i) => post('/auth/oidc/register', { ticket, inviteCode: invites[i] })),
    );
    const [won, lost] = answers.map((a) => a.status).sort();
    expect(won).toBe(200);
    // The loser hears "email taken" (409) or "no longer valid" (400), never a server error.
    expect([400, 409]).toContain(lost);
  });

  it('should refuse an address the provider has not verified', async () => {
    idp.setAccount('vic', { email: 'vic@example.test', email_verified: false });
    expect((await flow('vic')).get('error')).toBe('unverified');
  });

  it('should refuse a replayed callback (state used once)', async () => {
    const back = await signInAtProvider(await start(), 'rita');
    expect((await callback(back)).get('ticket')).toBeTruthy();
    expect(Object.fromEntries(await callback(back))).toEqual({ error: 'expired' });
  });

  it('should refuse an answer brought to another browser than the one that started (login CSRF)', async () => {
    const back = await signInAtProvider(await start(), 'mallory');
    expect((await callback(back, 'neura_oidc=someone-elses-browser-cookie')).get('error')).toBe('expired');
    expect((await callback(back, '')).get('error')).toBe('expired');
  });

  it('should refuse a used code brought back with a fresh state', async () => {
    const back = await signInAtProvider(await start(), 'rudy');
    expect((await callback(back)).get('ticket')).toBeTruthy();
    const fresh = new URL(await start()).searchParams.get('state') as string;
    const replay = new URL(back.url);
    replay.searchParams.set('state', fresh);
    expect((await callback({ url: replay.href })).get('error')).toBe('failed');
  });

  it('should refuse an ID token whose nonce is not the flow’s', async () => {
    const authorization = await start();
    await t.db.updateTable('oidc_flows').set({ nonce: 'someone-elses-nonce' }).execute();
    expect((await callback(await signInAtProvider(authorization, 'nina'))).get('error')).toBe('failed');
  });

  it('should land on a clear error when consent is denied', async () => {
    expect((await callback(await signInAtProvider(await start(), 'dora', { deny: true }))).get('error')).toBe('denied');
  });

  it('should take a form_post answer and the name Apple posts on first consent', async () => {
    const back = await signInAtProvider(await start('posted'), 'paul');
    expect(back.form?.code).toBeTruthy();
    const landed = await callback({
      url: back.url,
      form: { ...back.form, user: JSON.stringify({ name: { firstName: 'Paulo', lastName: 'Posted' } }) },
    });
    const ticket = landed.get('ticket') as string;
    const [invite] = await t.seed.invites(1, 1);
    const made = await post('/auth/oidc/register', { ticket, inviteCode: invite });
    expect(await me(made.body.token)).toMatchObject({ firstName: 'Paulo', lastName: 'Posted' });
  });

  it('should reach the provider only through the SSRF-safe client (loopback refused unless allowed)', async () => {
    const closed = await startTestApp({ OIDC_PROVIDERS: JSON.stringify([idp.entry()]) });
    try {
      const res = await fetch(`${closed.url}/api/auth/oidc/local/start`, { redirect: 'manual' });
      expect(new URL(res.headers.get('location') as string).searchParams.get('error')).toBe('unavailable');
    } finally {
      await closed.stop();
    }
  });

  it('should send the native app back by its deep link, with a ticket the app then reads', async () => {
    const back = await signInAtProvider(await start('local', '?app=native'), 'nate');
    const res = await fetch(back.url, { redirect: 'manual', headers: { cookie: browser } });
    const to = res.headers.get('location') as string;
    expect(to).toMatch(/^ai\.neura\.app:\/\/oidc\?ticket=[\w-]+$/);
    const ticket = new URLSearchParams(to.split('?')[1]).get('ticket') as string;
    expect((await post('/auth/oidc/ticket', { ticket })).body.next).toBe('invite');
  });

  it('should refuse an http issuer that is not on a loopback host', () => {
    const entry = (issuer: string) => ({
      OIDC_PROVIDERS: JSON.stringify([{ id: 'x', name: 'X', issuer, clientId: 'c', clientSecret: 's' }]),
    });
    expect(() => loadConfig(entry('http://idp.example.com'))).toThrow(/loopback/);
    expect(() => loadConfig(entry('http://10.0.0.5:8080'))).toThrow(/loopback/);
    expect(loadConfig(entry('http://127.0.0.1:9000')).oidcProviders).toHaveLength(1);
    expect(loadConfig(entry('https://idp.example.com')).oidcProviders[0]?.formPost).toBe(false);
    const apple = loadConfig({ APPLE_CLIENT_ID: 'ai.neura.web', APPLE_CLIENT_SECRET: 'jwt' }).oidcProviders[0];
    expect(apple).toMatchObject({ id: 'apple', formPost: true, issuer: 'https://appleid.apple.com' });
  });
});
