import { type DeviceSession, userAgentParts } from '@neura/contract';
import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail } from './helpers/accounts.js';

/**
 * The devices list (issue #47): each session tells where it is — the user agent it signed in with
 * (browser and operating system, in words) and the address it came from.
 */
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('devices: browser, operating system and address', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(async () => stop?.());

  it('should list a phone sign-in with its browser, system and address', async () => {
    const user = await signUpVerified(t, smtp);
    const phone = await call<{ token: string }>(
      t,
      'POST',
      '/users/login',
      { email: user.email, password: user.password },
      { headers: { 'user-agent': CHROME_ANDROID }, ip: '203.0.113.4' },
    );
    const list = await call<DeviceSession[]>(t, 'GET', '/users/me/sessions', undefined, { token: phone.body.token });
    const current = list.body.find((s) => s.current);
    expect(current).toMatchObject({ userAgent: CHROME_ANDROID, ip: '203.0.113.4', device: 'Chrome · Android' });
    expect(userAgentParts(current?.userAgent)).toEqual({ browser: 'Chrome', system: 'Android' });
    // The other session (signed in without a user agent, from the loopback) says so.
    const other = list.body.find((s) => !s.current);
    expect(other).toMatchObject({ ip: '127.0.0.1', current: false });
  });
});
