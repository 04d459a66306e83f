import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestCluster, type TestApp, type TestCluster } from '@neura/test-kit/server/in-process';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SECURITY_LIMITS } from '../src/security/limits.js';
import { type CallResult, call, signUpVerified } from './helpers/accounts.js';
import { describeWithServices } from './helpers/services-env.js';
import { connectSocket, nextEvent } from './helpers/socket.js';

const countOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status).length;

describeWithServices('sign-in across two processes (PostgreSQL + Redis)', () => {
  let cluster: TestCluster;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    cluster = await startTestCluster(2, { SMTP_URL: smtp.url, REDIS_PREFIX: `signin${Date.now().toString(36)}` });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
  });
  const app = (i: number) => cluster.apps[i % 2] as TestApp;

  it(`should check at most ${SECURITY_LIMITS.codePerUser.max} of 40 parallel wrong codes sent to both processes`, async () => {
    const user = await signUpVerified(app(0), smtp);
    const setup = await call<{ secret: string }>(app(1), 'POST', '/users/me/2fa/setup', undefined, {
      token: user.token,
    });
    const code = await generate({ secret: setup.body.secret });
    expect((await call(app(0), 'POST', '/users/me/2fa/enable', { code }, { token: user.token })).status).toBe(200);
    const login = await call<{ challenge: string }>(app(1), 'POST', '/users/login', {
      email: user.email,
      password: user.password,
    });
    const { challenge } = login.body;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(app(i), 'POST', '/users/login/2fa', { challenge, code: String(200000 + i) }, { ip: `10.49.1.${i + 1}` }),
      ),
    );
    expect(countOf(results, 400)).toBe(SECURITY_LIMITS.codePerUser.max);
    expect(countOf(results, 429)).toBe(40 - SECURITY_LIMITS.codePerUser.max);
    // A code replayed on the other process is refused too (its step was taken when it was turned on).
    const replay = await call(
      app(1),
      'POST',
      '/users/me/2fa/backup-codes',
      { code },
      { token: user.token, ip: '10.49.2.1' },
    );
    expect(replay.status).toBe(429);
  });

  it('should sign a device out at once on every process and drop its socket on the other one', async () => {
    const user = await signUpVerified(app(0), smtp);
    const other = await call<{ token: string }>(
      app(1),
      'POST',
      '/users/login',
      { email: user.email, password: user.password },
      {
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile Safari/604.1',
        },
      },
    );
    const socket = connectSocket(app(1).url, other.body.token);
    await nextEvent(socket, 'ready');
    const list = await call<Array<{ id: string; current: boolean; device: string }>>(
      app(0),
      'GET',
      '/users/me/sessions',
      undefined,
      {
        token: user.token,
      },
    );
    // The verification's session, the password's (this one) and the phone's.
    expect(list.body).toHaveLength(3);
    expect(list.body.filter((s) => s.current)).toHaveLength(1);
    const phone = list.body.find((s) => s.device === 'Safari · iPhone');
    expect(phone?.current).toBe(false);
    const dropped = nextEvent(socket, 'authError');
    const disconnected = nextEvent(socket, 'disconnect');
    const revoked = await call(app(0), 'DELETE', `/users/me/sessions/${phone?.id}`, undefined, { token: user.token });
    expect(revoked.status).toBe(200);
    await dropped;
    await disconnected;
    socket.close();
    expect((await call(app(1), 'GET', '/users/me', undefined, { token: other.body.token })).status).toBe(401);
    expect((await call(app(1), 'GET', '/users/me', undefined, { token: user.token })).status).toBe(200);
    // The new device's sign-in was told by mail.
    await smtp.waitForMail(user.email, /Security notice/);
  });
});
