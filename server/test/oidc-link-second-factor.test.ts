import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, uniqueEmail } from './helpers/accounts.js';
import { type OidcApp, oidcTicket, startOidcApp, withTwoFactor } from './helpers/oidc.js';

/**
 * Linking a provider's identity to an account with the second factor on (issue #47): the account
 * confirms with its password AND a code; the identity is linked only once both are right — a right
 * password alone (or with a wrong code) links nothing.
 */
type Answer = Record<string, unknown> & { token?: string; challenge?: string; code?: string };

describe('linking a provider identity: only after the whole confirmation', () => {
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

  const post = (path: string, body: object) => call<Answer>(t, 'POST', path, body, { headers: { origin } });
  const ticketFor = (login: string) => oidcTicket(t, login);
  const identities = async (token: string) =>
    (await call<Array<{ provider: string }>>(t, 'GET', '/users/me/identities', undefined, { token })).body;
  const linkedRows = async (userId: string) =>
    t.db.selectFrom('oidc_identities').select('id').where('user_id', '=', userId).execute();

  it('should link nothing on a right password until the right code, then link', async () => {
    const email = uniqueEmail('link2f');
    const user = await signUpVerified(t, smtp, email);
    const secret = await withTwoFactor(t, user.token);
    const userId = (await t.read.userByEmail(email))?.id as string;
    idp.setAccount('link2f-at-idp', { email, email_verified: true });

    const ticket = await ticketFor('link2f-at-idp');
    const confirmed = await post('/auth/oidc/confirm', { ticket, password: user.password });
    expect(confirmed.body).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) });
    // The password alone links nothing: the provider would otherwise be a one-factor way in.
    expect(await linkedRows(userId)).toEqual([]);
    expect(await identities(user.token)).toEqual([]);

    const challenge = confirmed.body.challenge as string;
    const wrong = await post('/users/login/2fa', { challenge, code: '000000' });
    expect(wrong.body.code).toBe('auth:code-invalid');
    expect(await linkedRows(userId)).toEqual([]);
    // Nor does the provider sign in as the account after the abandoned step.
    const meanwhile = await post('/auth/oidc/ticket', { ticket: await ticketFor('link2f-at-idp') });
    expect(meanwhile.body).toMatchObject({ next: 'confirm' });

    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const done = await post('/users/login/2fa', { challenge, code });
    expect(done.body.token).toBeTruthy();
    expect(await identities(user.token)).toEqual([expect.objectContaining({ provider: 'local' })]);
    // Linked now: the provider's sign-in still asks the second factor.
    const again = await post('/auth/oidc/ticket', { ticket: await ticketFor('link2f-at-idp') });
    expect(again.body).toEqual({ next: 'two-factor', challenge: expect.any(String) });
  });

  it('should not link when the confirmation is abandoned after the password', async () => {
    const email = uniqueEmail('link2a');
    const user = await signUpVerified(t, smtp, email);
    await withTwoFactor(t, user.token);
    idp.setAccount('link2a-at-idp', { email, email_verified: true });
    const ticket = await ticketFor('link2a-at-idp');
    const confirmed = await post('/auth/oidc/confirm', { ticket, password: user.password });
    expect(confirmed.body).toMatchObject({ twoFactorRequired: true });
    // The used ticket cannot be confirmed again, and reading it answers nothing either.
    expect((await post('/auth/oidc/confirm', { ticket, password: user.password })).body.code).toBe('auth:code-invalid');
    expect(await identities(user.token)).toEqual([]);
  });
});
