import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail, strongPassword, uniqueEmail } from './helpers/accounts.js';

const WRONG = 'That code is not correct. Please check it and try again.';
const NO_LONGER_VALID = 'That code is no longer valid. Please request a new one.';
const TOO_MANY = 'Too many wrong tries: that code is no longer valid. Please request a new one.';

/** Registers an account (unverified) and returns its address and the mailed code. */
async function registered(t: TestApp, smtp: SmtpCapture): Promise<{ email: string; code: string }> {
  const email = uniqueEmail('code');
  const [inviteCode] = await t.seed.invites(1, 1);
  await call(t, 'POST', '/users/', { email, firstName: 'A', lastName: 'B', password: strongPassword, inviteCode });
  return { email, code: await smtp.waitForCode(email, /verification/) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('email codes', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  it('should refuse the 6th try after 5 wrong ones, even when it is right', async () => {
    const { email, code } = await registered(t, smtp);
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/users/verify/validate', { email, verifyCode: wrongCode(code) });
      expect(res).toMatchObject({ status: 400, body: { message: WRONG, code: 'auth:code-invalid' } });
    }
    const right = await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code });
    expect(right.status).toBe(400);
    expect([NO_LONGER_VALID, TOO_MANY]).toContain(right.body.message);
    expect((await t.read.userByEmail(email))?.email_verified_at).toBeNull();
  });

  it('should refuse an expired code', async () => {
    const { email, code } = await registered(t, smtp);
    await t.db
      .updateTable('email_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    expect(await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code })).toMatchObject({
      status: 400,
      body: { message: 'That code has expired. Please request a new one.', code: 'auth:code-expired' },
    });
  });

  it('should keep codes at most 10 minutes', async () => {
    const { email } = await registered(t, smtp);
    const row = await t.db.selectFrom('email_codes').selectAll().where('email', '=', email).executeTakeFirst();
    const lifetime = Date.parse(row?.expires_at as string) - Date.parse(row?.created_at as string);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should use a code once', async () => {
    const { email, code } = await registered(t, smtp);
    expect((await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code })).status).toBe(200);
    const again = await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code });
    expect(again).toMatchObject({ status: 400, body: { message: NO_LONGER_VALID, code: 'auth:code-invalid' } });
  });

  it('should void the old code when a new one is sent', async () => {
    const { email } = await registered(t, smtp);
    const codes = () =>
      t.db.selectFrom('email_codes').select(['id', 'consumed_at']).where('email', '=', email).orderBy('id').execute();
    const [first] = await codes();
    smtp.clear();
    expect(await call(t, 'POST', '/users/verify', { email })).toEqual({ status: 200, body: { success: true } });
    const second = await smtp.waitForCode(email, /verification/);
    // The first code is closed by the second (4 random digits may repeat, so its row is what tells).
    const after = await codes();
    expect(after).toHaveLength(2);
    expect(after[0]?.id).toBe(first?.id);
    expect(after[0]?.consumed_at).not.toBeNull();
    expect(after[1]?.consumed_at).toBeNull();
    expect((await call(t, 'POST', '/users/verify/validate', { email, verifyCode: second })).status).toBe(200);
    // Used once: neither code opens the account again.
    expect(await call(t, 'POST', '/users/verify/validate', { email, verifyCode: second })).toMatchObject({
      status: 400,
      body: { message: NO_LONGER_VALID, code: 'auth:code-invalid' },
    });
  });

  it('should send at most 5 requested codes per hour to one address', async () => {
    // The registration's own code is not counted (N11): the address answers as any other would.
    const { email } = await registered(t, smtp);
    for (let i = 0; i < 5; i++) expect((await call(t, 'POST', '/users/verify', { email })).status).toBe(200);
    const sixth = await call(t, 'POST', '/users/verify', { email });
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe('rate-limited');
  });

  it('should limit wrong codes per account across codes', async () => {
    const { email, code } = await registered(t, smtp);
    const nextCode = async () => {
      smtp.clear();
      await call(t, 'POST', '/users/verify', { email });
      return smtp.waitForCode(email);
    };
    for (let i = 0; i < 5; i++) await call(t, 'POST', '/users/verify/validate', { email, verifyCode: wrongCode(code) });
    const second = await nextCode();
    for (let i = 0; i < 5; i++)
      await call(t, 'POST', '/users/verify/validate', { email, verifyCode: wrongCode(second) });
    // 10 failures for this address: even a fresh, right code is refused for now (from any IP).
    const third = await nextCode();
    const limited = await call(t, 'POST', '/users/verify/validate', { email, verifyCode: third }, { ip: '10.3.0.9' });
    expect(limited.status).toBe(429);
  });

  it('should limit wrong codes per IP across addresses', async () => {
    const ip = '10.3.1.1';
    for (let i = 0; i < 100; i++) {
      await call(t, 'POST', '/users/verify/validate', { email: `x${i}@example.com`, verifyCode: '0000' }, { ip });
    }
    const { email, code } = await registered(t, smtp);
    expect((await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code }, { ip })).status).toBe(429);
    expect((await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code })).status).toBe(200);
  });

  it('should refuse a malformed code', async () => {
    const res = await call(t, 'POST', '/users/verify/validate', { email: uniqueEmail(), verifyCode: '12a4' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'verifyCode: The code must be 4 digits.', code: 'request:invalid' },
    });
  });

  it('should keep verification and reset codes apart', async () => {
    const { email, code } = await registered(t, smtp);
    expect((await call(t, 'POST', '/users/forgot/validate', { email, verifyCode: code })).status).toBe(400);
  });
});

describe('password reset', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  it('should mail a code, check it, reset the password, end old sessions and sign in', async () => {
    const user = await signUpVerified(t, smtp);
    expect(await call(t, 'POST', '/users/forgot', { email: user.email })).toEqual({
      status: 200,
      body: { success: true },
    });
    const mail = await smtp.waitForMail(user.email, /reset/);
    expect(mail.subject).toContain('Neura');
    const code = /\b(\d{4})\b/.exec(mail.text)?.[1] as string;

    expect(
      (await call(t, 'POST', '/users/forgot/validate', { email: user.email, verifyCode: wrongCode(code) })).body,
    ).toMatchObject({
      message: WRONG,
      code: 'auth:code-invalid',
    });
    expect(await call(t, 'POST', '/users/forgot/validate', { email: user.email, verifyCode: code })).toEqual({
      status: 200,
      body: { success: true },
    });
    const weak = await call(t, 'POST', '/users/forgot/reset', {
      email: user.email,
      verifyCode: code,
      password: 'short',
    });
    expect(weak.body.code).toBe('auth:password-weak');

    const newPassword = 'a brand new passphrase';
    const reset = await call<{ token: string }>(t, 'POST', '/users/forgot/reset', {
      email: user.email,
      verifyCode: code,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.token).toBeTruthy();
    expect((await call(t, 'GET', '/users/me', undefined, { token: reset.body.token })).status).toBe(200);
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).status).toBe(401);
    expect((await call(t, 'POST', '/users/login', { email: user.email, password: user.password })).status).toBe(401);
    expect((await call(t, 'POST', '/users/login', { email: user.email, password: newPassword })).status).toBe(200);
    // The code was used.
    const reuse = await call(t, 'POST', '/users/forgot/reset', {
      email: user.email,
      verifyCode: code,
      password: 'another good one',
    });
    expect(reuse.status).toBe(400);
  });

  it('should answer the same for an unknown address and send nothing', async () => {
    const email = uniqueEmail('ghost');
    expect(await call(t, 'POST', '/users/forgot', { email })).toEqual({ status: 200, body: { success: true } });
    // A reset asked for after it, for a known address: once its mail is here, any mail the first
    // request sent would be here too.
    const known = await registered(t, smtp);
    expect(await call(t, 'POST', '/users/forgot', { email: known.email })).toEqual({
      status: 200,
      body: { success: true },
    });
    await smtp.waitForCode(known.email, /reset/i);
    expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
  });

  it('should verify an unverified address by resetting its password', async () => {
    const email = uniqueEmail('unverified');
    const [inviteCode] = await t.seed.invites(1, 1);
    await call(t, 'POST', '/users/', { email, firstName: 'A', lastName: 'B', password: strongPassword, inviteCode });
    await call(t, 'POST', '/users/forgot', { email });
    const code = await smtp.waitForCode(email, /reset/);
    const reset = await call(t, 'POST', '/users/forgot/reset', {
      email,
      verifyCode: code,
      password: 'fresh passphrase',
    });
    expect(reset.status).toBe(200);
    expect((await t.read.userByEmail(email))?.email_verified_at).not.toBeNull();
  });
});
