import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { SoftAuthenticator } from '@neura/test-kit/webauthn/soft-authenticator';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail } from './helpers/accounts.js';

/**
 * Re-authentication (issue #47): removing a passkey and signing devices out need a proof within
 * REAUTH_MINUTES (the sign-in, or `POST /users/me/reauth` with a password, a code or a passkey);
 * the devices list names the address; the native association files come from config.
 */
const ORIGIN = 'http://localhost:3000';
const headers = { origin: ORIGIN };
const REAUTH = { status: 403, body: { code: 'auth:reauth-required' } };
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

describe('sign-in: re-authentication', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail({ REAUTH_MINUTES: '5' }));
  });
  afterAll(() => stop());

  /** Makes every session of the user older than REAUTH_MINUTES (signed in 6 minutes ago). */
  const age = async (email: string) => {
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    const user = await t.read.userByEmail(email);
    await t.db
      .updateTable('sessions')
      .set({ created_at: old })
      .where('user_id', '=', user?.id as string)
      .execute();
  };
  const secondDevice = async (user: { email: string; password: string }) =>
    (
      await call<{ token: string }>(t, 'POST', '/users/login', user, {
        ip: '203.0.113.9',
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1',
        },
      })
    ).body.token;
  const sessions = async (token: string) =>
    (
      await call<Array<{ id: string; ip: string | null; current: boolean }>>(
        t,
        'GET',
        '/users/me/sessions',
        undefined,
        { token },
      )
    ).body;

  it('should list each device with the address it signed in from', async () => {
    const user = await signUpVerified(t, smtp);
    await secondDevice(user);
    const list = await sessions(user.token);
    expect(list.find((s) => !s.current)?.ip).toBe('203.0.113.9');
    expect(list.find((s) => s.current)?.ip).toBe('127.0.0.1');
  });

  it('should let a fresh sign-in sign a device out, and ask an older one to confirm first', async () => {
    const user = await signUpVerified(t, smtp);
    await secondDevice(user);
    const other = (await sessions(user.token)).find((s) => !s.current)?.id as string;
    await age(user.email);
    expect(await call(t, 'DELETE', `/users/me/sessions/${other}`, undefined, { token: user.token })).toMatchObject(
      REAUTH,
    );
    expect(await call(t, 'DELETE', '/users/me/sessions', undefined, { token: user.token })).toMatchObject(REAUTH);
    const wrong = await call(t, 'POST', '/users/me/reauth', { password: 'not the password' }, { token: user.token });
    expect(wrong.body).toMatchObject({ code: 'auth:wrong-password' });
    expect(await call(t, 'DELETE', '/users/me/sessions', undefined, { token: user.token })).toMatchObject(REAUTH);
    const ok = await call(t, 'POST', '/users/me/reauth', { password: user.password }, { token: user.token });
    expect(ok.status).toBe(200);
    expect((await call(t, 'DELETE', `/users/me/sessions/${other}`, undefined, { token: user.token })).status).toBe(200);
  });

  it('should refuse a reauth body with none or two proofs', async () => {
    const user = await signUpVerified(t, smtp);
    expect((await call(t, 'POST', '/users/me/reauth', {}, { token: user.token })).status).toBe(400);
    const both = { password: user.password, code: '123456' };
    expect((await call(t, 'POST', '/users/me/reauth', both, { token: user.token })).status).toBe(400);
  });

  it('should take a passkey of the account (not another account’s) to remove a passkey', async () => {
    const user = await signUpVerified(t, smtp);
    const authenticator = new SoftAuthenticator();
    const options = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token: user.token,
      headers,
    });
    const credential = authenticator.create(options.body, { origin: ORIGIN });
    const added = await call<{ id: string }>(
      t,
      'POST',
      '/auth/passkeys/register/verify',
      { credential },
      { token: user.token, headers },
    );
    await age(user.email);
    const remove = () => call(t, 'DELETE', `/users/me/passkeys/${added.body.id}`, undefined, { token: user.token });
    expect(await remove()).toMatchObject(REAUTH);

    // Another account's passkey proves nothing about this one.
    const stranger = await signUpVerified(t, smtp);
    const theirs = new SoftAuthenticator();
    const o2 = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
      token: stranger.token,
      headers,
    });
    await call(
      t,
      'POST',
      '/auth/passkeys/register/verify',
      { credential: theirs.create(o2.body, { origin: ORIGIN }) },
      { token: stranger.token, headers },
    );
    const login = async () => (await call<Options>(t, 'POST', '/auth/passkeys/login/options', {}, { headers })).body;
    const foreign = theirs.get(await login(), { origin: ORIGIN });
    expect(
      (await call(t, 'POST', '/users/me/reauth', { credential: foreign }, { token: user.token, headers })).body,
    ).toMatchObject({ code: 'auth:passkey-failed' });
    expect(await remove()).toMatchObject(REAUTH);

    const own = authenticator.get(await login(), { origin: ORIGIN });
    expect(
      (await call(t, 'POST', '/users/me/reauth', { credential: own }, { token: user.token, headers })).status,
    ).toBe(200);
    expect((await remove()).status).toBe(200);
  });

  it('should take a second-factor code, once', async () => {
    const user = await signUpVerified(t, smtp);
    const setup = await call<{ secret: string }>(t, 'POST', '/users/me/2fa/setup', undefined, { token: user.token });
    const enable = await generate({ secret: setup.body.secret });
    await call(t, 'POST', '/users/me/2fa/enable', { code: enable }, { token: user.token });
    await age(user.email);
    expect(await call(t, 'DELETE', '/users/me/sessions', undefined, { token: user.token })).toMatchObject(REAUTH);
    // The code that turned it on was taken for its time step: not again.
    const replay = await call(t, 'POST', '/users/me/reauth', { code: enable }, { token: user.token });
    expect(replay.body).toMatchObject({ code: 'auth:code-invalid' });
    const next = await generate({ secret: setup.body.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await call(t, 'POST', '/users/me/reauth', { code: next }, { token: user.token })).status).toBe(200);
    expect((await call(t, 'DELETE', '/users/me/sessions', undefined, { token: user.token })).status).toBe(200);
  });
});

describe('native passkeys: association files', () => {
  it('should serve apple-app-site-association and assetlinks.json from config, and 404 without it', async () => {
    const bare = await startTestApp();
    const set = await startTestApp({
      APPLE_APP_IDS: 'ABCDE12345.ai.neura.app, ABCDE12345.ai.neura.app.qa',
      ANDROID_APP_PACKAGE: 'ai.neura.app',
      ANDROID_CERT_FINGERPRINTS: 'aa:bb:cc',
    });
    try {
      const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
      expect((await get(bare, '/.well-known/apple-app-site-association')).statusCode).toBe(404);
      expect((await get(bare, '/.well-known/assetlinks.json')).statusCode).toBe(404);
      const apple = await get(set, '/.well-known/apple-app-site-association');
      expect(apple.headers['content-type']).toMatch(/^application\/json/);
      expect(apple.json().webcredentials).toEqual({ apps: ['ABCDE12345.ai.neura.app', 'ABCDE12345.ai.neura.app.qa'] });
      const android = await get(set, '/.well-known/assetlinks.json');
      expect(android.json()).toEqual([
        {
          relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
          target: { namespace: 'android_app', package_name: 'ai.neura.app', sha256_cert_fingerprints: ['AA:BB:CC'] },
        },
      ]);
    } finally {
      await bare.stop();
      await set.stop();
    }
  });
});
