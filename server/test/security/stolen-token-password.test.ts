import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFS } from '../../src/accounts/limits.js';
import { call, signUpVerified, startAppWithMail } from '../helpers/accounts.js';

/**
 * N12: a stolen token guessing the current password used to put the whole account under the
 * back-off, so the owner could not change the password (429). The back-off is the guessing
 * session's own now.
 */
describe('N12: a stolen token and the owner’s password change', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(async () => stop?.());

  it('should let the owner change the password while the thief’s session is held back', async () => {
    const user = await signUpVerified(t, smtp);
    const stolen = user.token;
    const owner = await call<{ token: string }>(t, 'POST', '/users/login', user, { ip: '10.80.0.1' });
    expect(owner.status).toBe(200);
    const thief = [];
    for (let i = 0; i < BACKOFFS.currentPassword.freeTries + 3; i++) {
      thief.push(
        (
          await call(
            t,
            'PUT',
            '/users/me/password',
            { currentPassword: `guess ${i}`, password: 'thief chose this one' },
            {
              token: stolen,
              ip: '10.80.0.2',
            },
          )
        ).status,
      );
    }
    expect(thief).toContain(429);
    // The owner, in their own session, changes the password (which ends the thief's session).
    const changed = await call(
      t,
      'PUT',
      '/users/me/password',
      { currentPassword: user.password, password: 'the owner’s new passphrase' },
      { token: owner.body.token, ip: '10.80.0.1' },
    );
    expect(changed.status).toBe(200);
    expect((await call(t, 'GET', '/users/me', undefined, { token: stolen })).status).toBe(401);
  });
});
