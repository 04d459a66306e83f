import { SoftAuthenticator } from '@neura/test-kit/webauthn/soft-authenticator';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, uniqueEmail } from './helpers/accounts.js';
import { type OidcApp, oidcTicket, startOidcApp, withTwoFactor } from './helpers/oidc.js';

/**
 * Sign-in with a provider and the rest of the account's protection (issue #47): the second factor
 * after a provider sign-in and after linking by password, linking confirmed by a passkey (both
 * factors), and the linked identities in Settings › Security (never unlinking the last way in).
 */
type Answer = Record<string, unknown> & { token?: string; next?: string; challenge?: string; code?: string };
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

describe('sign-in with a provider: second factor, passkey link, linked identities', () => {
  let app: OidcApp;
  let idp: OidcApp['idp'];
  let t: OidcApp['t'];
  let smtp: OidcApp['smtp'];
  let origin = '';

  beforeAll(async () => {
    app = await startOidcApp();
    ({ idp, t, smtp, origin } = app);
  });
  afterAll(async () => app?.stop());

  const post = (path: string, body: object, token?: string) =>
    call<Answer>(t, 'POST', path, body, { token, headers: { origin } });
  const ticketFor = (login: string) => oidcTicket(t, login);
  /** A code of the next time step (the enabling code's step is used up). */
  const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  const addPasskey = async (token: string) => {
    const authenticator = new SoftAuthenticator();
    const options = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token,
      headers: { origin },
    });
    const credential = authenticator.create(options.body, { origin });
    await call(t, 'POST', '/auth/passkeys/register/verify', { credential }, { token, headers: { origin } });
    return authenticator;
  };
  const assertion = async (authenticator: SoftAuthenticator, email?: string) =>
    authenticator.get((await post('/auth/passkeys/login/options', email ? { email } : {})).body as unknown as Options, {
      origin,
    });

  it('should link by password, then ask the second factor; a linked sign-in asks it too', async () => {
    const email = uniqueEmail('tf');
    const user = await signUpVerified(t, smtp, email);
    const secret = await withTwoFactor(t, user.token);
    idp.setAccount('tf-at-idp', { email, email_verified: true });

    const ticket = await ticketFor('tf-at-idp');
    expect((await post('/auth/oidc/ticket', { ticket })).body.next).toBe('confirm');
    const confirmed = await post('/auth/oidc/confirm', { ticket, password: user.password });
    expect(confirmed.body.token).toBeUndefined();
    expect(confirmed.body).toMatchObject({ twoFactorRequired: true });
    const wrong = await post('/users/login/2fa', { challenge: confirmed.body.challenge, code: '000000' });
    expect(wrong.body.code).toBe('auth:code-invalid');
    const done = await post('/users/login/2fa', { challenge: confirmed.body.challenge, code: await nextCode(secret) });
    expect(done.body.token).toBeTruthy();

    // Linked now: the provider alone is one factor, so its sign-in answers the same challenge step.
    const again = await ticketFor('tf-at-idp');
    const answer = await post('/auth/oidc/ticket', { ticket: again });
    expect(answer.body).toEqual({ next: 'two-factor', challenge: expect.any(String) });
    expect(answer.body.token).toBeUndefined();
    // The ticket is used: it cannot skip the step by being read again.
    expect((await post('/auth/oidc/ticket', { ticket: again })).body.code).toBe('auth:code-invalid');
    const setup = await call<{ backupCodes?: string[] }>(t, 'GET', '/users/me/2fa', undefined, {
      token: done.body.token,
    });
    expect(setup.body).toMatchObject({ enabled: true });
  });

  it('should link by a passkey of that account (both factors), and refuse another account’s', async () => {
    const email = uniqueEmail('pk');
    const user = await signUpVerified(t, smtp, email);
    await withTwoFactor(t, user.token);
    const authenticator = await addPasskey(user.token);
    idp.setAccount('pk-at-idp', { email, email_verified: true });
    const ticket = await ticketFor('pk-at-idp');

    const stranger = await signUpVerified(t, smtp);
    const theirs = await addPasskey(stranger.token);
    const foreign = await post('/auth/oidc/confirm', { ticket, credential: await assertion(theirs) });
    expect(foreign.status).toBe(400);
    expect(foreign.body.token).toBeUndefined();

    const linked = await post('/auth/oidc/confirm', { ticket, credential: await assertion(authenticator, email) });
    expect(linked.status).toBe(200);
    const me = await call<{ email: string }>(t, 'GET', '/users/me', undefined, { token: linked.body.token });
    expect(me.body.email).toBe(email);
    expect((await post('/auth/oidc/confirm', { ticket, password: 'x', credential: {} })).status).toBe(400);
  });

  it('should list linked identities and unlink one after a recent proof, never the last way in', async () => {
    // An account made from the identity: no password, no passkey.
    const ticket = await ticketFor('solo');
    const [inviteCode] = await t.seed.invites(1, 1);
    const made = await post('/auth/oidc/register', { ticket, inviteCode });
    const token = made.body.token as string;
    const list = await call<Array<{ id: string; provider: string; providerName: string; email: string }>>(
      t,
      'GET',
      '/users/me/identities',
      undefined,
      { token },
    );
    expect(list.body).toEqual([
      {
        id: expect.any(String),
        provider: 'local',
        providerName: 'Local ID',
        email: 'solo@example.test',
        createdAt: expect.any(String),
      },
    ]);
    const id = list.body[0]?.id as string;
    const unlink = () => call<Answer>(t, 'DELETE', `/users/me/identities/${id}`, undefined, { token });
    expect(await unlink()).toMatchObject({ status: 409, body: { code: 'auth:last-sign-in' } });

    // With a passkey it is no longer the last way in; an old session must confirm first.
    const authenticator = await addPasskey(token);
    const user = await t.read.userByEmail('solo@example.test');
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    await t.db
      .updateTable('sessions')
      .set({ created_at: old })
      .where('user_id', '=', user?.id as string)
      .execute();
    expect(await unlink()).toMatchObject({ status: 403, body: { code: 'auth:reauth-required' } });
    const proof = await call(
      t,
      'POST',
      '/users/me/reauth',
      { credential: await assertion(authenticator) },
      { token, headers: { origin } },
    );
    expect(proof.status).toBe(200);
    expect((await unlink()).status).toBe(200);
    expect((await call(t, 'GET', '/users/me/identities', undefined, { token })).body).toEqual([]);
    expect((await unlink()).status).toBe(404);
  });

  it('should never let two unlinks at once remove both of the last two identities', async () => {
    const ticket = await ticketFor('duo');
    const [inviteCode] = await t.seed.invites(1, 1);
    const token = (await post('/auth/oidc/register', { ticket, inviteCode })).body.token as string;
    const user = await t.read.userByEmail('duo@example.test');
    await t.db
      .insertInto('oidc_identities')
      .values({
        id: 'second-duo',
        user_id: user?.id as string,
        provider_id: 'other',
        subject: 'duo-2',
        email: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const ids = (await call<Array<{ id: string }>>(t, 'GET', '/users/me/identities', undefined, { token })).body.map(
      (i) => i.id,
    );
    expect(ids).toHaveLength(2);
    const answers = await Promise.all(
      ids.map((id) => call(t, 'DELETE', `/users/me/identities/${id}`, undefined, { token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
