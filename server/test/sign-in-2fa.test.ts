import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_LIMITS } from '../src/security/limits.js';
import { type CallResult, call, signUpVerified, startAppWithMail } from './helpers/accounts.js';

const WRONG = { message: 'That code is not correct. Please check it and try again.', code: 'auth:code-invalid' };
/** A TOTP code `steps` time steps from now (the server takes the step before, this and the next). */
const totp = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const countOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status).length;

/** Signs up and turns the second factor on; answers the secret and the backup codes. */
async function withTwoFactor(t: TestApp, smtp: SmtpCapture) {
  const user = await signUpVerified(t, smtp);
  const setup = await call<{ secret: string; otpauthUrl: string }>(t, 'POST', '/users/me/2fa/setup', undefined, {
    token: user.token,
  });
  expect(setup.status).toBe(200);
  expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Neura:/);
  const { secret } = setup.body;
  const enableCode = await totp(secret);
  const enabled = await call<{ backupCodes: string[] }>(
    t,
    'POST',
    '/users/me/2fa/enable',
    { code: enableCode },
    {
      token: user.token,
    },
  );
  expect(enabled.status).toBe(200);
  return { ...user, secret, enableCode, backupCodes: enabled.body.backupCodes };
}

async function passwordStep(t: TestApp, user: { email: string; password: string }, ip = '127.0.0.1') {
  const res = await call<{ twoFactorRequired?: boolean; challenge?: string; token?: string }>(
    t,
    'POST',
    '/users/login',
    { email: user.email, password: user.password },
    { ip },
  );
  expect(res.status).toBe(200);
  expect(res.body.token).toBeUndefined();
  expect(res.body.twoFactorRequired).toBe(true);
  return res.body.challenge as string;
}

describe('sign-in: the second factor', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  it('should ask a code after the password, take a TOTP code once per step, and never the same one twice', async () => {
    const user = await withTwoFactor(t, smtp);
    expect(user.backupCodes).toHaveLength(10);
    await smtp.waitForMail(user.email, /Security notice/);
    const stored = await t.db.selectFrom('backup_codes').select('code_hash').execute();
    expect(stored.some((r) => user.backupCodes.some((c) => r.code_hash.includes(c.replace('-', ''))))).toBe(false);

    const challenge = await passwordStep(t, user);
    expect(await call(t, 'POST', '/users/login/2fa', { challenge, code: '000000' })).toMatchObject({
      status: 400,
      body: WRONG,
    });
    // The code of the step taken when it was turned on is a replay.
    const replay = await call(t, 'POST', '/users/login/2fa', { challenge, code: user.enableCode });
    expect(replay).toMatchObject({ status: 400, body: WRONG });
    const next = await totp(user.secret, 1);
    const ok = await call<{ token: string }>(t, 'POST', '/users/login/2fa', { challenge, code: next });
    expect(ok.status).toBe(200);
    expect((await call(t, 'GET', '/users/me', undefined, { token: ok.body.token })).status).toBe(200);
    // The challenge is used; a new one with the same code is a replay.
    expect((await call(t, 'POST', '/users/login/2fa', { challenge, code: next })).status).toBe(400);
    const again = await passwordStep(t, user);
    expect(await call(t, 'POST', '/users/login/2fa', { challenge: again, code: next })).toMatchObject({
      status: 400,
      body: WRONG,
    });
  });

  it('should take each backup code once, even from parallel requests', async () => {
    const user = await withTwoFactor(t, smtp);
    const code = user.backupCodes[0] as string;
    const challenges = await Promise.all([passwordStep(t, user), passwordStep(t, user), passwordStep(t, user)]);
    const results = await Promise.all(
      challenges.map((challenge) => call(t, 'POST', '/users/login/2fa', { challenge, code })),
    );
    expect(countOf(results, 200)).toBe(1);
    expect(countOf(results, 400)).toBe(2);
    const later = await passwordStep(t, user);
    expect(await call(t, 'POST', '/users/login/2fa', { challenge: later, code })).toMatchObject({
      status: 400,
      body: WRONG,
    });
    // Another one works, typed in upper case without its dash.
    const other = (user.backupCodes[1] as string).replace('-', '').toUpperCase();
    expect((await call(t, 'POST', '/users/login/2fa', { challenge: later, code: other })).status).toBe(200);
    const status = await call(t, 'GET', '/users/me/2fa', undefined, { token: user.token });
    expect(status.body).toEqual({ enabled: true, backupCodesLeft: 8 });
  });

  it(`should check at most ${SECURITY_LIMITS.codePerUser.max} of 40 parallel wrong codes for one account from many addresses`, async () => {
    const user = await withTwoFactor(t, smtp);
    const challenge = await passwordStep(t, user);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(t, 'POST', '/users/login/2fa', { challenge, code: String(100000 + i) }, { ip: `10.47.0.${i + 1}` }),
      ),
    );
    expect(countOf(results, 400)).toBe(SECURITY_LIMITS.codePerUser.max);
    expect(countOf(results, 429)).toBe(40 - SECURITY_LIMITS.codePerUser.max);
    // Even the right code is refused now, from a fresh address.
    const right = await call(
      t,
      'POST',
      '/users/login/2fa',
      { challenge, code: await totp(user.secret, 1) },
      { ip: '10.48.0.1' },
    );
    expect(right.status).toBe(429);
  });

  it('should refuse an unknown or expired challenge', async () => {
    const res = await call(t, 'POST', '/users/login/2fa', { challenge: 'x'.repeat(43), code: '123456' });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Your sign-in has expired. Please sign in again.', code: 'auth:code-expired' },
    });
  });

  it('should turn it off only with the password and a code, and make new backup codes with a code', async () => {
    const user = await withTwoFactor(t, smtp);
    const fresh = await call<{ backupCodes: string[] }>(
      t,
      'POST',
      '/users/me/2fa/backup-codes',
      { code: user.backupCodes[0] },
      { token: user.token },
    );
    expect(fresh.body.backupCodes).toHaveLength(10);
    // The old codes are gone.
    const old = await call(
      t,
      'POST',
      '/users/me/2fa/backup-codes',
      { code: user.backupCodes[1] },
      { token: user.token },
    );
    expect(old).toMatchObject({ status: 400, body: WRONG });
    const code = fresh.body.backupCodes[0];
    const wrongPassword = await call(
      t,
      'POST',
      '/users/me/2fa/disable',
      { password: 'not it', code },
      { token: user.token },
    );
    expect(wrongPassword.status).toBe(400);
    expect(
      (
        await call(
          t,
          'POST',
          '/users/me/2fa/disable',
          { password: user.password, code: '111111' },
          { token: user.token },
        )
      ).status,
    ).toBe(400);
    const off = await call(
      t,
      'POST',
      '/users/me/2fa/disable',
      { password: user.password, code },
      { token: user.token },
    );
    expect(off).toMatchObject({ status: 200, body: { success: true } });
    const login = await call<{ token?: string }>(t, 'POST', '/users/login', {
      email: user.email,
      password: user.password,
    });
    expect(typeof login.body.token).toBe('string');
    expect(
      (await call(t, 'POST', '/users/me/2fa/enable', { code: '123456' }, { token: user.token })).body,
    ).toMatchObject({
      message: 'Set up two-factor authentication first.',
    });
  });
});
