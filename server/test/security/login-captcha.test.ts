import { type FakeRecaptcha, startFakeRecaptcha } from '@neura/test-kit/fakes/recaptcha';
import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_FAILED_MESSAGE, CAPTCHA_REQUIRED_MESSAGE } from '../../src/accounts/captcha.js';
import { CAPTCHA_AFTER_FAILURES } from '../../src/accounts/limits.js';
import { type CallResult, call, signUpVerified, startAppWithMail } from '../helpers/accounts.js';
import { describeOnceWithServices } from '../helpers/services-env.js';

/**
 * #16: with the captcha enabled, a password check after CAPTCHA_AFTER_FAILURES failures in a row
 * (login per address and IP, the current password per account) needs a valid captcha token; the
 * try is reserved before the captcha and the password are checked, so bursts get no more checks.
 * Runs on SQLite and, in the integration-pg project, on PostgreSQL; two processes on Redis below.
 */
const SECRET = 'captcha-secret';
const HUMAN = 'human-token';
const captchaEnv = (fake: FakeRecaptcha) => ({
  RECAPTCHA_SECRET: SECRET,
  RECAPTCHA_SITE_KEY: 'site-key-1',
  RECAPTCHA_VERIFY_URL: fake.url,
});
const withToken = (token: string) => ({ 'X-Recaptcha-Token': token });
const countOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status).length;
const REQUIRED = { status: 403, body: { message: CAPTCHA_REQUIRED_MESSAGE, code: 'auth:captcha-required' } };
const FAILED = { status: 403, body: { message: CAPTCHA_FAILED_MESSAGE, code: 'auth:captcha-required' } };

describe('the captcha after repeated failed password checks (captcha enabled)', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let fake: FakeRecaptcha;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    fake = await startFakeRecaptcha(SECRET, HUMAN);
    ({ t, smtp, stop } = await startAppWithMail(captchaEnv(fake)));
  });
  afterAll(async () => {
    await stop?.();
    await fake?.stop();
  });

  const signUp = () => signUpVerified(t, smtp, undefined, undefined, withToken(HUMAN));
  const login = (user: { email: string }, password: string, ip: string, headers: Record<string, string> = {}) =>
    call(t, 'POST', '/users/login', { email: user.email, password }, { ip, headers });

  it(`should ask for the captcha after ${CAPTCHA_AFTER_FAILURES} failed logins and not check the password without a valid one`, async () => {
    expect(CAPTCHA_AFTER_FAILURES).toBe(3);
    const user = await signUp();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      expect((await login(user, `wrong ${i}`, '10.40.0.1')).status).toBe(401);
    }
    // The right password is refused: it is not checked without a token, nor with a failing one.
    expect(await login(user, user.password, '10.40.0.1')).toMatchObject(REQUIRED);
    const verifyCalls = fake.calls.length;
    expect(await login(user, user.password, '10.40.0.1', withToken('robot'))).toMatchObject(FAILED);
    expect(fake.calls.slice(verifyCalls)).toEqual([{ secret: SECRET, response: 'robot', remoteip: '10.40.0.1' }]);
    // Another origin's pair has no failures: the owner elsewhere signs in without a captcha.
    const elsewhere = await login(user, user.password, '10.40.0.2');
    expect(elsewhere.status).toBe(200);
    // With a valid token the right password signs in, and the requirement starts over.
    const ok = await login(user, user.password, '10.40.0.1', withToken(HUMAN));
    expect(ok.status).toBe(200);
    expect(typeof ok.body.token).toBe('string');
    expect((await login(user, 'wrong again', '10.40.0.1')).status).toBe(401);
    expect((await login(user, user.password, '10.40.0.1')).status).toBe(200);
  });

  it('should check a wrong password that comes with a valid token (401, not the captcha answer)', async () => {
    const user = await signUp();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) await login(user, `wrong ${i}`, '10.41.0.1');
    expect((await login(user, 'still wrong', '10.41.0.1', withToken(HUMAN))).status).toBe(401);
    expect(await login(user, user.password, '10.41.0.1')).toMatchObject(REQUIRED);
  });

  // A junk token skips the early "known to need the captcha" refusal, so only the decision on the
  // reserved try stands between the burst and the password check.
  it(`should check at most ${CAPTCHA_AFTER_FAILURES} of 100 parallel logins with junk tokens, the right password at #61 refused`, async () => {
    const user = await signUp();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(user, i === 60 ? user.password : `wrong guess ${i}`, '10.42.0.1', i % 2 ? withToken('robot') : {}),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 401)).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    expect(countOf(results, 403)).toBeGreaterThan(0);
    expect(countOf(results, 401) + countOf(results, 403) + countOf(results, 429)).toBe(100);
    expect(results.filter((r) => r.status === 403).every((r) => r.body.code === 'auth:captcha-required')).toBe(true);
  });

  it('should ask for the captcha after repeated wrong current passwords (change password)', async () => {
    const user = await signUp();
    const change = (currentPassword: string, headers: Record<string, string> = {}) =>
      call(
        t,
        'PUT',
        '/users/me/password',
        { currentPassword, password: 'a brand new passphrase' },
        { token: user.token, ip: '10.43.0.1', headers },
      );
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) expect((await change(`wrong ${i}`)).status).toBe(400);
    expect(await change(user.password)).toMatchObject(REQUIRED);
    expect(await change(user.password, withToken('robot'))).toMatchObject(FAILED);
    // The password did not change: the old one still signs in (from a fresh origin).
    expect((await login(user, user.password, '10.43.0.2')).status).toBe(200);
    expect(await change(user.password, withToken(HUMAN))).toEqual({ status: 200, body: { success: true } });
    expect((await login(user, 'a brand new passphrase', '10.43.0.3')).status).toBe(200);
  });

  it('should ask for the captcha after repeated wrong passwords when deleting the account', async () => {
    const user = await signUp();
    const remove = (password: string, headers: Record<string, string> = {}) =>
      call(t, 'DELETE', '/users/me', { password }, { token: user.token, ip: '10.44.0.1', headers });
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) expect((await remove(`wrong ${i}`)).status).toBe(400);
    expect(await remove(user.password)).toMatchObject(REQUIRED);
    expect(await remove(user.password, withToken('robot'))).toMatchObject(FAILED);
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).status).toBe(200);
    expect(await remove(user.password, withToken(HUMAN))).toEqual({ status: 200, body: { success: true } });
    expect((await login(user, user.password, '10.44.0.2')).status).toBe(401);
  });

  it(`should check at most ${CAPTCHA_AFTER_FAILURES} of 100 parallel current-password guesses with junk tokens`, async () => {
    const user = await signUp();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          t,
          'PUT',
          '/users/me/password',
          { currentPassword: i === 60 ? user.password : `wrong guess ${i}`, password: 'an attacker chose this one' },
          { token: user.token, ip: `10.45.0.${i % 250}`, headers: withToken('robot') },
        ),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 400)).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    expect(countOf(results, 403)).toBeGreaterThan(0);
    expect(countOf(results, 400) + countOf(results, 403) + countOf(results, 429)).toBe(100);
    expect((await login(user, user.password, '10.45.1.1')).status).toBe(200);
  });
});

describe('repeated failed logins with the captcha disabled', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(async () => stop?.());

  it('should keep checking passwords past the captcha threshold (the back-off alone applies)', async () => {
    const user = await signUpVerified(t, smtp);
    for (let i = 0; i <= CAPTCHA_AFTER_FAILURES; i++) {
      expect((await call(t, 'POST', '/users/login', { email: user.email, password: `wrong ${i}` })).status).toBe(401);
    }
    expect((await call(t, 'POST', '/users/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describeOnceWithServices('the login captcha across two processes (counters in Redis and PostgreSQL)', () => {
  let cluster: TestCluster;
  let smtp: SmtpCapture;
  let fake: FakeRecaptcha;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    fake = await startFakeRecaptcha(SECRET, HUMAN);
    cluster = await startTestCluster(2, {
      SMTP_URL: smtp.url,
      REDIS_PREFIX: `captcha${Date.now().toString(36)}`,
      ...captchaEnv(fake),
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
    await fake?.stop();
  });

  it('should ask for the captcha on one process after failures on the other', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await signUpVerified(a, smtp, undefined, undefined, withToken(HUMAN));
    const body = (password: string) => ({ email: user.email, password });
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) {
      expect((await call(a, 'POST', '/users/login', body(`wrong ${i}`), { ip: '10.46.0.1' })).status).toBe(401);
    }
    expect(await call(b, 'POST', '/users/login', body(user.password), { ip: '10.46.0.1' })).toMatchObject(REQUIRED);
    const ok = await call(b, 'POST', '/users/login', body(user.password), {
      ip: '10.46.0.1',
      headers: withToken(HUMAN),
    });
    expect(ok.status).toBe(200);
  });

  it(`should check at most ${CAPTCHA_AFTER_FAILURES} login guesses (junk tokens) of a burst spread over two processes`, async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await signUpVerified(a, smtp, undefined, undefined, withToken(HUMAN));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          i % 2 === 0 ? a : b,
          'POST',
          '/users/login',
          { email: user.email, password: i === 61 ? user.password : `wrong ${i}` },
          { ip: '10.47.0.1', headers: withToken('robot') },
        ),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 401)).toBeLessThanOrEqual(CAPTCHA_AFTER_FAILURES);
    expect(countOf(results, 401) + countOf(results, 403) + countOf(results, 429)).toBe(100);
  });
});
