import { startFakeRecaptcha } from '@neura/test-kit/fakes/recaptcha';
import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail, strongPassword, uniqueEmail } from './helpers/accounts.js';

const NOT_VERIFIED = { message: 'Your email address has not been verified.', code: 'auth:not-verified' };
const INVITE_PROBLEM = 'There seems to be a problem with your invite code.';

const registration = (email: string, inviteCode?: string, password = strongPassword) => ({
  email,
  firstName: 'Ada',
  lastName: 'Lovelace',
  password,
  country: 'NZ',
  inviteCode,
});

describe('sign-up by invite (REGISTRATION=invite)', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail({ SIGNUP_CREDITS: '20' }));
  });
  afterAll(() => stop());

  it('should answer exists for a new and a known address, with the waitlist on and no captcha', async () => {
    const email = uniqueEmail();
    expect(await call(t, 'GET', `/users/${encodeURIComponent(email)}/exists`)).toEqual({
      status: 200,
      body: { userExists: false, waitlist: true, captchaEnabled: false },
    });
    const user = await signUpVerified(t, smtp);
    const known = await call(t, 'GET', `/users/${encodeURIComponent(user.email.toUpperCase())}/exists`);
    expect(known.body).toEqual({ userExists: true, waitlist: true, captchaEnabled: false });
  });

  it('should refuse exists for a malformed address', async () => {
    const res = await call(t, 'GET', '/users/not-an-email/exists');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('request:invalid');
  });

  it('should tell valid invites from invalid ones, case-insensitively', async () => {
    const [code] = await t.seed.invites(1, 1);
    expect((await call(t, 'GET', `/invites/${code}`)).body).toEqual({ isValid: true });
    expect((await call(t, 'GET', `/invites/${code?.toLowerCase()}`)).body).toEqual({ isValid: true });
    expect((await call(t, 'GET', '/invites/AAAA-BBBB-CCCC-DDDD-EEEE')).body).toEqual({ isValid: false });
    expect((await call(t, 'GET', '/invites/nonsense')).body).toEqual({ isValid: false });
  });

  it('should register, mail a 4-digit code, answer "not verified", then verify and log in with signup credits', async () => {
    const email = uniqueEmail('flow');
    const [inviteCode] = await t.seed.invites(1, 1);
    const reg = await call(t, 'POST', '/users/', registration(email, inviteCode?.toLowerCase()));
    expect(reg).toMatchObject({ status: 403, body: NOT_VERIFIED });

    const mail = await smtp.waitForMail(email, /verification code/);
    expect(mail.subject).toContain('Neura');
    expect(mail.html).toContain('Neura');
    const code = /\b(\d{4})\b/.exec(mail.text)?.[1] as string;
    expect(code).toMatch(/^\d{4}$/);

    const early = await call(t, 'POST', '/users/login', { email, password: strongPassword });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('Your email address has not been verified.');

    const verified = await call<{ success: boolean; token: string }>(t, 'POST', '/users/verify/validate', {
      email,
      verifyCode: code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.success).toBe(true);
    expect((await call(t, 'GET', '/users/me', undefined, { token: verified.body.token })).body).toMatchObject({
      email,
    });
    const login = await call<{ token: string }>(t, 'POST', '/users/login', { email, password: strongPassword });
    expect(login.status).toBe(200);
    expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await call(t, 'GET', '/users/me', undefined, { token: login.body.token });
    expect(me.body).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      credits: 20,
      isPro: false,
      flags: [],
    });
    const row = await t.read.userByEmail(email);
    expect(row?.country).toBe('NZ');
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', row?.id as string)
      .execute();
    expect(ledger).toEqual([expect.objectContaining({ amount: 20, idempotency_key: `signup:${row?.id}` })]);

    // The invite is used up now.
    expect((await call(t, 'GET', `/invites/${inviteCode}`)).body).toEqual({ isValid: false });
    const reuse = await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode));
    expect(reuse).toMatchObject({ status: 400, body: { message: INVITE_PROBLEM, code: 'invite:invalid' } });
  });

  it('should refuse a registration without an invite code or with a malformed one', async () => {
    const none = await call(t, 'POST', '/users/', registration(uniqueEmail()));
    expect(none.body).toMatchObject({ message: INVITE_PROBLEM, code: 'invite:invalid' });
    const bad = await call(t, 'POST', '/users/', registration(uniqueEmail(), 'XXXX'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(INVITE_PROBLEM);
  });

  it('should admit exactly one of two concurrent registrations with a single-use invite', async () => {
    const [inviteCode] = await t.seed.invites(1, 1);
    const results = await Promise.all([
      call(t, 'POST', '/users/', registration(uniqueEmail('race-a'), inviteCode)),
      call(t, 'POST', '/users/', registration(uniqueEmail('race-b'), inviteCode)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([400, 403]);
    expect(results.find((r) => r.status === 400)?.body.message).toBe(INVITE_PROBLEM);
    const invite = (await t.read.invites()).find((i) => i.hint.startsWith(inviteCode?.slice(0, 4) as string));
    expect(invite?.uses).toBe(1);
  });

  it('should refuse short, long and common passwords with a clear message', async () => {
    const [inviteCode] = await t.seed.invites(1, 3);
    const short = await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode, 'short1'));
    expect(short.body).toMatchObject({
      message: 'Your password must be at least 8 characters long.',
      code: 'auth:password-weak',
    });
    const long = await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode, 'x'.repeat(129)));
    expect(long.status).toBe(400);
    const common = await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode, 'Password123'));
    expect(common.body).toMatchObject({
      message: 'This password is too common and easy to guess. Please choose another one.',
      code: 'auth:password-weak',
    });
    // None of them took a use of the invite.
    expect((await call(t, 'GET', `/invites/${inviteCode}`)).body).toEqual({ isValid: true });
  });

  it('should refuse a second account for the same address', async () => {
    const user = await signUpVerified(t, smtp);
    const [inviteCode] = await t.seed.invites(1, 1);
    const again = await call(t, 'POST', '/users/', registration(user.email.toUpperCase(), inviteCode));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('auth:email-taken');
    expect((await call(t, 'GET', `/invites/${inviteCode}`)).body).toEqual({ isValid: true });
  });

  it('should answer a failed verification mail with the SPEC text', async () => {
    const email = uniqueEmail('mailfail');
    const [inviteCode] = await t.seed.invites(1, 1);
    await call(t, 'POST', '/users/', registration(email, inviteCode));
    await smtp.waitForMail(email);
    smtp.setRefuse(true);
    try {
      const res = await call(t, 'POST', '/users/verify', { email });
      expect(res).toMatchObject({
        status: 502,
        body: { message: 'An unknown error occurred while sending the verification email.', code: 'mail:send-failed' },
      });
    } finally {
      smtp.setRefuse(false);
    }
  });

  it('should refuse a wrong password and an unknown address alike', async () => {
    const user = await signUpVerified(t, smtp);
    const wrong = await call(t, 'POST', '/users/login', { email: user.email, password: 'not the password' });
    const unknown = await call(t, 'POST', '/users/login', { email: uniqueEmail(), password: 'whatever pass' });
    for (const res of [wrong, unknown]) {
      expect(res).toMatchObject({
        status: 401,
        body: { message: 'The email address or password is incorrect.', code: 'auth:invalid-credentials' },
      });
    }
  });

  it('should back off wrong passwords per address and IP without locking the account for everyone', async () => {
    const user = await signUpVerified(t, smtp);
    for (let i = 0; i < 5; i++) {
      const res = await call(
        t,
        'POST',
        '/users/login',
        { email: user.email, password: `wrong ${i}` },
        { ip: '10.9.0.1' },
      );
      expect(res.status).toBe(401);
    }
    const limited = await call(
      t,
      'POST',
      '/users/login',
      { email: user.email, password: user.password },
      { ip: '10.9.0.1' },
    );
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate-limited');
    // The owner, elsewhere, is not locked out by someone else's guesses.
    const owner = await call(
      t,
      'POST',
      '/users/login',
      { email: user.email, password: user.password },
      { ip: '10.9.0.2' },
    );
    expect(owner.status).toBe(200);
  });

  it('should limit wrong passwords per IP across accounts', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 100; i++) {
      await call(t, 'POST', '/users/login', { email: `nobody${i}@example.com`, password: 'whatever pass' }, { ip });
    }
    const user = await signUpVerified(t, smtp);
    const limited = await call(t, 'POST', '/users/login', { email: user.email, password: user.password }, { ip });
    expect(limited.status).toBe(429);
  });

  it('should tell the web the sign-up options', async () => {
    expect((await call(t, 'GET', '/accounts/options')).body).toEqual({
      registration: 'invite',
      waitlistUrl: null,
      captchaSiteKey: null,
    });
  });
});

describe('built-in waitlist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('should store an address once, however often it is sent', async () => {
    const email = uniqueEmail('wait');
    for (let i = 0; i < 2; i++) {
      expect(await call(t, 'POST', '/waitlist', { email }, { ip: '10.1.0.1' })).toEqual({
        status: 200,
        body: { success: true },
      });
    }
    const again = await call(t, 'POST', '/waitlist', { email: email.toUpperCase() }, { ip: '10.1.0.1' });
    expect(again.status).toBe(200);
    const entries = (await t.read.waitlist()).filter((e) => e.email === email);
    expect(entries).toHaveLength(1);
  });

  it('should refuse a malformed address', async () => {
    const res = await call(t, 'POST', '/waitlist', { email: 'nope' }, { ip: '10.1.0.2' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'email: Invalid email address', code: 'request:invalid' },
    });
  });

  it('should rate-limit sign-ups per IP', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await call(t, 'POST', '/waitlist', { email: uniqueEmail() }, { ip: '10.1.0.3' })).status).toBe(200);
    }
    expect((await call(t, 'POST', '/waitlist', { email: uniqueEmail() }, { ip: '10.1.0.3' })).status).toBe(429);
  });
});

describe('open registration (REGISTRATION=open)', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail({ REGISTRATION: 'open', WAITLIST_URL: 'https://forms.example.com/w' }));
  });
  afterAll(() => stop());

  it('should answer waitlist false and register without an invite', async () => {
    const email = uniqueEmail('open');
    expect((await call(t, 'GET', `/users/${email}/exists`)).body).toEqual({
      userExists: false,
      waitlist: false,
      captchaEnabled: false,
    });
    expect(await call(t, 'POST', '/users', registration(email))).toMatchObject({ status: 403, body: NOT_VERIFIED });
    expect(await smtp.waitForCode(email)).toMatch(/^\d{4}$/);
    expect((await call(t, 'GET', '/accounts/options')).body).toMatchObject({
      registration: 'open',
      waitlistUrl: 'https://forms.example.com/w',
    });
  });
});

describe('reCAPTCHA (RECAPTCHA_SECRET set)', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let fake: Awaited<ReturnType<typeof startFakeRecaptcha>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    fake = await startFakeRecaptcha('sekret', 'human-token');
    t = await startTestApp({
      SMTP_URL: smtp.url,
      RECAPTCHA_SECRET: 'sekret',
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_VERIFY_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.stop();
    await smtp.stop();
    await fake.stop();
  });

  it('should say the captcha is enabled and hand out the site key', async () => {
    expect((await call(t, 'GET', `/users/${uniqueEmail()}/exists`)).body).toMatchObject({ captchaEnabled: true });
    expect((await call(t, 'GET', '/accounts/options')).body).toMatchObject({ captchaSiteKey: 'site-key-1' });
  });

  it('should refuse a registration without a token or with a failing one, with a clear 400', async () => {
    const [inviteCode] = await t.seed.invites(1, 1);
    const expected = {
      status: 400,
      body: {
        message: 'The captcha check failed. Please complete the captcha and try again.',
        code: 'auth:captcha-failed',
      },
    };
    expect(await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode))).toMatchObject(expected);
    expect(
      await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode), {
        headers: { 'X-Recaptcha-Token': 'robot' },
      }),
    ).toMatchObject(expected);
    expect((await call(t, 'GET', `/invites/${inviteCode}`)).body).toEqual({ isValid: true });
  });

  it('should verify the token with siteverify and go on to email verification', async () => {
    const [inviteCode] = await t.seed.invites(1, 1);
    const res = await call(t, 'POST', '/users/', registration(uniqueEmail(), inviteCode), {
      headers: { 'X-Recaptcha-Token': 'human-token' },
      ip: '10.2.0.7',
    });
    expect(res).toMatchObject({ status: 403, body: NOT_VERIFIED });
    expect(fake.calls.at(-1)).toEqual({ secret: 'sekret', response: 'human-token', remoteip: '10.2.0.7' });
  });
});
