import type { SmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUpVerified, startAppWithMail } from './helpers/accounts.js';
import { connectSocket, nextEvent } from './helpers/socket.js';

describe('sessions, password change and account deletion', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(() => stop());

  it('should store only token hashes', async () => {
    const user = await signUpVerified(t, smtp);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === user.token)).toBe(false);
  });

  it('should revoke the presented token on logout and disconnect its socket', async () => {
    const user = await signUpVerified(t, smtp);
    const other = await call<{ token: string }>(t, 'POST', '/users/login', {
      email: user.email,
      password: user.password,
    });
    const socket = connectSocket(t.url, user.token);
    await nextEvent(socket, 'ready');
    const authError = nextEvent(socket, 'authError');
    expect(await call(t, 'POST', '/users/logout', undefined, { token: user.token })).toEqual({
      status: 200,
      body: { success: true },
    });
    await authError;
    socket.close();
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).status).toBe(401);
    expect((await call(t, 'GET', '/users/me', undefined, { token: other.body.token })).status).toBe(200);
    // A revoked token cannot open a socket.
    const again = connectSocket(t.url, user.token);
    await nextEvent(again, 'authError');
    again.close();
  });

  it('should refuse the password change with a wrong current password', async () => {
    const user = await t.seed.user();
    const res = await call(
      t,
      'PUT',
      '/users/me/password',
      { currentPassword: 'nope nope', password: 'good new passphrase' },
      { token: user.token },
    );
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Your current password is incorrect.', code: 'auth:wrong-password' },
    });
    const weak = await call(
      t,
      'PUT',
      '/users/me/password',
      { currentPassword: user.password, password: '12345678' },
      { token: user.token },
    );
    expect(weak.body.code).toBe('auth:password-weak');
    expect((await call(t, 'PUT', '/users/me/password', { password: 'x' }, { token: 'bad' })).status).toBe(401);
  });

  it('should change the password, end every other session and disconnect their sockets', async () => {
    const user = await signUpVerified(t, smtp);
    const second = await call<{ token: string }>(t, 'POST', '/users/login', {
      email: user.email,
      password: user.password,
    });
    const otherSocket = connectSocket(t.url, second.body.token);
    const ownSocket = connectSocket(t.url, user.token);
    await Promise.all([nextEvent(otherSocket, 'ready'), nextEvent(ownSocket, 'ready')]);
    const kicked = nextEvent(otherSocket, 'authError');
    let ownKicked = false;
    ownSocket.on('authError', () => {
      ownKicked = true;
    });

    const res = await call(
      t,
      'PUT',
      '/users/me/password',
      { currentPassword: user.password, password: 'a changed passphrase' },
      { token: user.token },
    );
    expect(res).toEqual({ status: 200, body: { success: true } });
    await kicked;
    expect((await call(t, 'GET', '/users/me', undefined, { token: second.body.token })).status).toBe(401);
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).status).toBe(200);
    expect(ownSocket.connected).toBe(true);
    expect(ownKicked).toBe(false);
    expect(
      (await call(t, 'POST', '/users/login', { email: user.email, password: 'a changed passphrase' })).status,
    ).toBe(200);
    otherSocket.close();
    ownSocket.close();
  });

  it('should refuse deletion with a wrong password', async () => {
    const user = await t.seed.user();
    const res = await call(t, 'DELETE', '/users/me', { password: 'wrong one' }, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your current password is incorrect.');
    expect(await t.read.user(user.id)).toBeDefined();
  });

  it('should answer a password change or deletion whose account was deleted after sign-in as an expired session', async () => {
    const user = await t.seed.user();
    const principal = await t.drive.auth.fromToken(user.token);
    if (!principal) throw new Error('the token did not sign in');
    // An operator deletes the account while the request, already signed in, is on its way.
    await t.drive.userAdmin.deleteUser({ id: null, label: 'test' }, user.id);
    const expired = { code: 'auth:invalid-token', message: 'Your session has expired. Please sign in again.' };
    await expect(
      t.drive.accounts.changePassword(principal, 'any current one', 'good new passphrase', { ip: '127.0.0.1' }),
    ).rejects.toMatchObject(expired);
    await expect(
      t.drive.accounts.deleteAccount(principal, 'any current one', { ip: '127.0.0.1' }),
    ).rejects.toMatchObject(expired);
  });

  it('should delete the account leaving no rows of that user', async () => {
    const user = await signUpVerified(t, smtp);
    const row = await t.read.userByEmail(user.email);
    const userId = row?.id as string;
    const chat = await t.seed.chat(userId, 'default', { name: 'Mine' });
    await t.seed.messages({ id: chat.id, userId }, [{ role: 'user', content: 'hi' }]);
    const { id: feedbackId } = await t.drive.feedback.record(
      { type: 'feedback', about: 'helpDocs.DocFaq', message: 'ok' },
      userId,
    );
    await call(t, 'POST', '/users/forgot', { email: user.email });
    await smtp.waitForMail(user.email, /reset/);
    const socket = connectSocket(t.url, user.token);
    await nextEvent(socket, 'ready');
    const kicked = nextEvent(socket, 'authError');

    expect(await call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token })).toEqual({
      status: 200,
      body: { success: true },
    });
    await kicked;
    socket.close();

    const db = t.db;
    expect(await db.selectFrom('users').selectAll().where('id', '=', userId).execute()).toEqual([]);
    for (const table of ['sessions', 'chats', 'messages', 'credit_ledger'] as const) {
      expect(await db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).toEqual([]);
    }
    expect(await db.selectFrom('email_codes').select('id').where('email', '=', user.email).execute()).toEqual([]);
    expect(
      await db.selectFrom('attempt_counters').select('subject').where('subject', 'like', `%${user.email}%`).execute(),
    ).toEqual([]);
    // Issue #30: the user's feedback goes with the account (it was kept anonymised before).
    const feedback = await db.selectFrom('feedback').selectAll().where('id', '=', feedbackId).executeTakeFirst();
    expect(feedback).toBeUndefined();
    expect((await call(t, 'GET', '/users/me', undefined, { token: user.token })).status).toBe(401);
    expect((await call(t, 'GET', `/users/${encodeURIComponent(user.email)}/exists`)).body).toMatchObject({
      userExists: false,
    });
  });
});
