import { createHash } from 'node:crypto';
import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { SoftAuthenticator } from '@neura/test-kit/webauthn/soft-authenticator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { androidAppOrigins } from '../src/security/native-association.js';
import { call, signUpVerified, startAppWithMail } from './helpers/accounts.js';

/**
 * Passkeys in the Android app (issue #47, docs/NATIVE.md "Passkeys in the app"): WebAuthn in the
 * app's web view reports the origin `android:apk-key-hash:<the signing certificate's SHA-256>`; the
 * server accepts it for the site's relying party when ANDROID_CERT_FINGERPRINTS names that
 * certificate, and only with PUBLIC_URL (the domain whose assetlinks.json vouches for the app).
 */
const SITE = 'https://neura.example';
const certificate = createHash('sha256').update('the release signing certificate').digest();
const otherCertificate = createHash('sha256').update('somebody else’s certificate').digest();
const fingerprint = (digest: Buffer) => [...digest].map((b) => b.toString(16).padStart(2, '0')).join(':');
const appOrigin = (digest: Buffer) => `android:apk-key-hash:${digest.toString('base64url')}`;
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

/** A new user registers a passkey from the Android app (its origin); answers the verify call. */
async function registerInApp(t: TestApp, smtp: SmtpCapture, headers: Record<string, string> = {}) {
  const user = await signUpVerified(t, smtp);
  const authenticator = new SoftAuthenticator();
  const creation = await call<Options>(t, 'POST', '/auth/passkeys/register/options', undefined, {
    token: user.token,
    headers,
  });
  const credential = authenticator.create(creation.body, { origin: appOrigin(certificate) });
  const body = { credential, name: 'Phone' };
  const verified = await call(t, 'POST', '/auth/passkeys/register/verify', body, { token: user.token, headers });
  return { user, authenticator, rpId: creation.body.rp.id, verified };
}

describe('native passkeys: the Android app origin', () => {
  it('should turn configured certificate fingerprints into app origins and skip malformed ones', () => {
    expect(androidAppOrigins(`${fingerprint(certificate)}, aa:bb:cc`)).toEqual([appOrigin(certificate)]);
    expect(androidAppOrigins(certificate.toString('hex').toUpperCase())).toEqual([appOrigin(certificate)]);
    expect(androidAppOrigins(undefined)).toEqual([]);
  });

  describe('with PUBLIC_URL and the app certificate configured', () => {
    let t: TestApp;
    let smtp: SmtpCapture;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ t, smtp, stop } = await startAppWithMail({
        PUBLIC_URL: SITE,
        ANDROID_APP_PACKAGE: 'ai.neura.app',
        ANDROID_CERT_FINGERPRINTS: fingerprint(certificate),
      }));
    });
    afterAll(() => stop());

    it('should sign in with a passkey used in the app, and refuse another app’s origin', async () => {
      const { user, authenticator, rpId, verified } = await registerInApp(t, smtp);
      expect(rpId).toBe('neura.example');
      expect(verified.status).toBe(200);

      const options = (await call<Options>(t, 'POST', '/auth/passkeys/login/options', {})).body;
      const foreign = authenticator.get(options, { origin: appOrigin(otherCertificate) });
      const refused = await call(t, 'POST', '/auth/passkeys/login/verify', { credential: foreign });
      expect(refused).toMatchObject({ status: 400, body: { code: 'auth:passkey-failed' } });

      const again = (await call<Options>(t, 'POST', '/auth/passkeys/login/options', {})).body;
      const login = await call<{ token: string }>(t, 'POST', '/auth/passkeys/login/verify', {
        credential: authenticator.get(again, { origin: appOrigin(certificate) }),
      });
      expect(login.status).toBe(200);
      const me = await call<{ email: string }>(t, 'GET', '/users/me', undefined, { token: login.body.token });
      expect(me.body.email).toBe(user.email);

      // The site itself still works for the same passkey.
      const onSite = (await call<Options>(t, 'POST', '/auth/passkeys/login/options', {})).body;
      const web = await call(t, 'POST', '/auth/passkeys/login/verify', {
        credential: authenticator.get(onSite, { origin: SITE }),
      });
      expect(web.status).toBe(200);
    });
  });

  describe('on a trial install (no PUBLIC_URL)', () => {
    let t: TestApp;
    let smtp: SmtpCapture;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ t, smtp, stop } = await startAppWithMail({ ANDROID_CERT_FINGERPRINTS: fingerprint(certificate) }));
    });
    afterAll(() => stop());

    it('should refuse the app origin: no domain vouches for the app', async () => {
      const { verified: refused } = await registerInApp(t, smtp, { origin: 'http://localhost:3000' });
      expect(refused).toMatchObject({ status: 400, body: { code: 'auth:passkey-failed' } });
    });
  });
});
