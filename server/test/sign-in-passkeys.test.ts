import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { SoftAuthenticator } from '@neura/test-kit/webauthn/soft-authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail } from './helpers/accounts.js';

/** A trial install (no PUBLIC_URL): the relying party is the page's own origin. */
const ORIGIN = 'http://localhost:3000';
const headers = { origin: ORIGIN };
const FAILED = { code: 'auth:passkey-failed' };
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

describe('sign-in: passkeys', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  async function registered() {
    const user = await signUpVerified(t, smtp);
    const authenticator = new SoftAuthenticator();
    const options = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token: user.token,
      headers,
    });
    expect(options.status).toBe(200);
    expect(options.body.rp.id).toBe('localhost');
    const credential = authenticator.create(options.body, { origin: ORIGIN });
    const verified = await call<{ id: string; name: string }>(
      t,
      'POST',
      '/auth/passkeys/register/verify',
      { credential, name: 'Laptop' },
      {
        token: user.token,
        headers,
      },
    );
    expect(verified.status).toBe(200);
    expect(verified.body.name).toBe('Laptop');
    return { user, authenticator, passkeyId: verified.body.id };
  }

  const loginOptions = async (body: Record<string, unknown> = {}) =>
    (await call<Options>(t, 'POST', '/auth/passkeys/login/options', body, { headers })).body;

  it('should register a discoverable passkey and sign in with it, without an email', async () => {
    const { user, authenticator } = await registered();
    await smtp.waitForMail(user.email, /Security notice/);
    const options = await loginOptions();
    const assertion = authenticator.get(options, { origin: ORIGIN });
    const login = await call<{ token: string }>(
      t,
      'POST',
      '/auth/passkeys/login/verify',
      { credential: assertion },
      { headers },
    );
    expect(login.status).toBe(200);
    const me = await call<{ email: string }>(t, 'GET', '/users/me', undefined, { token: login.body.token });
    expect(me.body.email).toBe(user.email);
    // The challenge was used: the same assertion again is refused.
    const again = await call(t, 'POST', '/auth/passkeys/login/verify', { credential: assertion }, { headers });
    expect(again).toMatchObject({ status: 400, body: FAILED });
    const list = await call<Array<{ name: string; lastUsedAt: string | null }>>(
      t,
      'GET',
      '/users/me/passkeys',
      undefined,
      {
        token: user.token,
      },
    );
    expect(list.body).toHaveLength(1);
    expect(list.body[0]?.lastUsedAt).not.toBeNull();
  });

  it('should refuse a wrong origin, an unknown challenge, no user verification and a counter that does not go up', async () => {
    const { authenticator } = await registered();
    const wrongOrigin = authenticator.get(await loginOptions(), { origin: 'http://evil.example:3000' });
    expect(
      await call(t, 'POST', '/auth/passkeys/login/verify', { credential: wrongOrigin }, { headers }),
    ).toMatchObject({
      status: 400,
      body: FAILED,
    });
    const options = await loginOptions();
    const unknown = authenticator.get(
      { ...options, challenge: Buffer.from('not issued by us').toString('base64url') },
      { origin: ORIGIN },
    );
    expect((await call(t, 'POST', '/auth/passkeys/login/verify', { credential: unknown }, { headers })).status).toBe(
      400,
    );
    const noUv = authenticator.get(await loginOptions(), { origin: ORIGIN, userVerified: false });
    expect((await call(t, 'POST', '/auth/passkeys/login/verify', { credential: noUv }, { headers })).status).toBe(400);
    const ok = authenticator.get(await loginOptions(), { origin: ORIGIN });
    expect((await call(t, 'POST', '/auth/passkeys/login/verify', { credential: ok }, { headers })).status).toBe(200);
    // A cloned key: the same counter as the last sign-in.
    const cloned = authenticator.get(await loginOptions(), { origin: ORIGIN, counterStep: 0 });
    expect((await call(t, 'POST', '/auth/passkeys/login/verify', { credential: cloned }, { headers })).status).toBe(
      400,
    );
  });

  it('should refuse a registration answered to another origin or a challenge of another user', async () => {
    const user = await signUpVerified(t, smtp);
    const other = await signUpVerified(t, smtp);
    const authenticator = new SoftAuthenticator();
    const options = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token: user.token,
      headers,
    });
    const elsewhere = authenticator.create(options.body, { origin: 'https://evil.example' });
    const res = await call(
      t,
      'POST',
      '/auth/passkeys/register/verify',
      { credential: elsewhere },
      { token: user.token, headers },
    );
    expect(res).toMatchObject({ status: 400, body: FAILED });
    const fresh = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token: user.token,
      headers,
    });
    const credential = authenticator.create(fresh.body, { origin: ORIGIN });
    const stolen = await call(
      t,
      'POST',
      '/auth/passkeys/register/verify',
      { credential },
      { token: other.token, headers },
    );
    expect(stolen.status).toBe(400);
    expect((await call(t, 'GET', '/users/me/passkeys', undefined, { token: other.token })).body).toEqual([]);
  });

  it('should rename and remove a passkey, and a removed one no longer signs in', async () => {
    const { user, authenticator, passkeyId } = await registered();
    const renamed = await call(t, 'PATCH', `/users/me/passkeys/${passkeyId}`, { name: 'Phone' }, { token: user.token });
    expect(renamed.status).toBe(200);
    const list = await call<Array<{ name: string }>>(t, 'GET', '/users/me/passkeys', undefined, { token: user.token });
    expect(list.body[0]?.name).toBe('Phone');
    expect((await call(t, 'DELETE', `/users/me/passkeys/${passkeyId}`, undefined, { token: user.token })).status).toBe(
      200,
    );
    expect((await call(t, 'DELETE', `/users/me/passkeys/${passkeyId}`, undefined, { token: user.token })).status).toBe(
      404,
    );
    const assertion = authenticator.get(await loginOptions({ email: user.email }), { origin: ORIGIN });
    const res = await call(t, 'POST', '/auth/passkeys/login/verify', { credential: assertion }, { headers });
    expect(res).toMatchObject({ status: 400, body: { message: 'This passkey is not registered to an account here.' } });
  });
});
