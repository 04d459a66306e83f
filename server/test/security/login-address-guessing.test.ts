import { type FakeRecaptcha, startFakeRecaptcha } from '@neura/test-kit/fakes/recaptcha';
import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_REQUIRED_MESSAGE } from '../../src/accounts/captcha.js';
import { BACKOFFS, CAPTCHA_AFTER_ADDRESS_FAILURES } from '../../src/accounts/limits.js';
import { type CallResult, call, signUpVerified, startAppWithMail } from '../helpers/accounts.js';
import { describeOnceWithServices } from '../helpers/services-env.js';

/**
 * N7: one address guessed from many IPs. The captcha used to be asked per (address, IP) only, so
 * 60 IPs got 3 checks each; now the address's failures from every IP (and process) count too.
 */
const SECRET = 'captcha-secret';
const HUMAN = 'human-token';
const REQUIRED = { status: 403, body: { message: CAPTCHA_REQUIRED_MESSAGE, code: 'auth:captcha-required' } };
const countOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status).length;
const ip = (i: number) => `10.60.${Math.floor(i / 200)}.${(i % 200) + 1}`;

describeOnceWithServices('N7: one address guessed from 60 IPs across two processes (captcha on)', () => {
  let cluster: TestCluster;
  let smtp: SmtpCapture;
  let fake: FakeRecaptcha;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    fake = await startFakeRecaptcha(SECRET, HUMAN);
    cluster = await startTestCluster(2, {
      SMTP_URL: smtp.url,
      REDIS_PREFIX: `addrguess${Date.now().toString(36)}`,
      RECAPTCHA_SECRET: SECRET,
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_VERIFY_URL: fake.url,
    });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
    await fake?.stop();
  });

  const app = (i: number) => cluster.apps[i % 2] as TestApp;

  it('should ask for the captcha once the address has failed from many IPs, on both processes', async () => {
    const user = await signUpVerified(app(0), smtp, undefined, undefined, { 'X-Recaptcha-Token': HUMAN });
    const results: CallResult[] = [];
    for (let i = 0; i < 60; i++) {
      results.push(
        await call(app(i), 'POST', '/users/login', { email: user.email, password: `wrong ${i}` }, { ip: ip(i) }),
      );
    }
    expect(countOf(results, 401)).toBe(CAPTCHA_AFTER_ADDRESS_FAILURES);
    expect(results.slice(CAPTCHA_AFTER_ADDRESS_FAILURES).every((r) => r.status === 403)).toBe(true);
    // The owner from a fresh IP: the captcha is asked, and with it the right password signs in.
    const owner = { email: user.email, password: user.password };
    expect(await call(app(1), 'POST', '/users/login', owner, { ip: '10.61.0.1' })).toMatchObject(REQUIRED);
    const ok = await call(app(0), 'POST', '/users/login', owner, {
      ip: '10.61.0.1',
      headers: { 'X-Recaptcha-Token': HUMAN },
    });
    expect(ok.status).toBe(200);
  });

  it(`should check at most ${CAPTCHA_AFTER_ADDRESS_FAILURES} of 60 parallel guesses from 60 IPs (junk tokens)`, async () => {
    const user = await signUpVerified(app(0), smtp, undefined, undefined, { 'X-Recaptcha-Token': HUMAN });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        call(
          app(i),
          'POST',
          '/users/login',
          { email: user.email, password: i === 41 ? user.password : `wrong ${i}` },
          { ip: ip(i + 100), headers: { 'X-Recaptcha-Token': 'robot' } },
        ),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 401)).toBeLessThanOrEqual(CAPTCHA_AFTER_ADDRESS_FAILURES);
    expect(countOf(results, 401) + countOf(results, 403) + countOf(results, 429)).toBe(60);
  });
});

describe('N7: one address guessed from 60 IPs (captcha off): a gradual lock-out', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(async () => stop?.());

  it('should check no more than the address’s free tries, then make the guesser wait', async () => {
    const user = await signUpVerified(t, smtp);
    const results: CallResult[] = [];
    for (let i = 0; i < 60; i++) {
      results.push(await call(t, 'POST', '/users/login', { email: user.email, password: `wrong ${i}` }, { ip: ip(i) }));
    }
    expect(countOf(results, 401)).toBe(BACKOFFS.loginAddress.freeTries);
    expect(countOf(results, 429)).toBe(60 - BACKOFFS.loginAddress.freeTries);
  });
});
