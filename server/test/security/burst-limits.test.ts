import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import type { TestApp } from '@neura/test-kit/server/in-process';
import { startTestCluster, type TestCluster } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from '../../src/accounts/code-service.js';
import { buildApp } from '../../src/app.js';
import { type CallResult, call, signUpVerified, startAppWithMail, uniqueEmail } from '../helpers/accounts.js';
import { describeOnceWithServices } from '../helpers/services-env.js';

/**
 * F2, F4, F5, F11, F14: limits are reservations taken BEFORE the guess is evaluated, so a burst
 * of parallel requests gets no more evaluations than the limit allows. Runs on SQLite and, in the
 * integration-pg project, on PostgreSQL.
 */
/** An answer with its error body's requestId (each request's own) left out. */
const withoutRequestId = ({ status, body }: { status: number; body: unknown }) => {
  if (typeof body !== 'object' || body === null) return { status, body };
  const { requestId: _id, ...rest } = body as Record<string, unknown>;
  return { status, body: rest };
};

describe('burst attacks on the account limits', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ t, smtp, stop } = await startAppWithMail());
  });
  afterAll(async () => stop?.());

  const statuses = (results: CallResult[]) => results.map((r) => r.status);
  const countOf = (results: CallResult[], status: number) => results.filter((r) => r.status === status).length;

  it('should evaluate at most 5 of 300 parallel login guesses and never accept the right one hidden at #251 (F2)', async () => {
    const user = await signUpVerified(t, smtp);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call(
          t,
          'POST',
          '/users/login',
          { email: user.email, password: i === 250 ? user.password : `wrong guess ${i}` },
          { ip: '10.20.0.1' },
        ),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 401)).toBeLessThanOrEqual(5);
    expect(countOf(results, 401) + countOf(results, 429)).toBe(300);
    // The owner signing in from elsewhere is not locked out by the attack.
    const owner = await call(t, 'POST', '/users/login', user, { ip: '10.20.0.2' });
    expect(owner.status).toBe(200);
  });

  it('should evaluate at most 5 of 100 parallel current-password guesses with a stolen token (F4)', async () => {
    const user = await signUpVerified(t, smtp);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          t,
          'PUT',
          '/users/me/password',
          { currentPassword: i === 60 ? user.password : `wrong guess ${i}`, password: 'an attacker chose this one' },
          { token: user.token, ip: `10.21.0.${i % 250}` },
        ),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    expect(countOf(results, 400)).toBeLessThanOrEqual(5);
    expect(countOf(results, 400) + countOf(results, 429)).toBe(100);
    const deletes = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'DELETE', '/users/me', { password: user.password }, { token: user.token, ip: '10.21.1.1' }),
      ),
    );
    expect(statuses(deletes).every((s) => s === 429)).toBe(true);
    // The password was never changed and the account still exists.
    const login = await call(t, 'POST', '/users/login', user, { ip: '10.21.2.1' });
    expect(login.status).toBe(200);
  });

  it('should evaluate at most 5 of 200 parallel guesses against one reset code, the right one at #101 refused (F5)', async () => {
    const user = await signUpVerified(t, smtp);
    smtp.clear();
    expect((await call(t, 'POST', '/users/forgot', { email: user.email }, { ip: '10.22.0.1' })).status).toBe(200);
    const code = await smtp.waitForCode(user.email, /reset/i);
    const guesses = Array.from({ length: 200 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    guesses[100] = code;
    const results = await Promise.all(
      guesses.map((verifyCode, i) =>
        call(t, 'POST', '/users/forgot/validate', { email: user.email, verifyCode }, { ip: `10.22.1.${i % 250}` }),
      ),
    );
    expect(countOf(results, 200)).toBe(0);
    const evaluated = results.filter((r) => r.body.message === CODE_MESSAGES.wrong).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    // The code is void after its 5 wrong tries: even the right code is refused now.
    const after = await call(t, 'POST', '/users/forgot/validate', { email: user.email, verifyCode: code });
    expect(after.status).not.toBe(200);
  });

  it('should send at most 5 reset mails for 100 parallel requests (F5)', async () => {
    const user = await signUpVerified(t, smtp);
    smtp.clear();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(t, 'POST', '/users/forgot', { email: user.email }, { ip: `10.23.0.${i % 250}` }),
      ),
    );
    const sent = countOf(results, 200);
    expect(sent).toBeLessThanOrEqual(5);
    expect(sent + countOf(results, 429)).toBe(100);
    // Every accepted request mailed once; wait for their parsing, then count what arrived.
    for (let i = 0; i < sent; i++) await smtp.waitForMail(user.email, /reset/i);
    expect(smtp.mails.filter((m) => m.to.includes(user.email)).length).toBeLessThanOrEqual(5);
  });

  it('should answer /users/forgot the same for known and unknown addresses, 429 included (F11)', async () => {
    const known = await signUpVerified(t, smtp);
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string, ip: string) => {
      const out: Array<{ status: number; body: unknown }> = [];
      for (let i = 0; i < 7; i++) out.push(await call(t, 'POST', '/users/forgot', { email }, { ip }));
      return out;
    };
    const a = await answers(known.email, '10.24.0.1');
    const b = await answers(unknown, '10.24.0.2');
    // The same answers; only each error body's own requestId differs.
    expect(b.map(withoutRequestId)).toEqual(a.map(withoutRequestId));
    expect(a.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('should answer verification-code requests the same for a known and an unknown address, 429 included (F11)', async () => {
    // A verified account (seeded, so registration mailed no code this hour) against nobody.
    const known = await t.seed.user();
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string, ip: string) => {
      const out: Array<{ status: number; body: unknown }> = [];
      for (let i = 0; i < 7; i++) out.push(await call(t, 'POST', '/users/verify', { email }, { ip }));
      return out;
    };
    const a = await answers(known.email, '10.24.1.1');
    const b = await answers(unknown, '10.24.1.2');
    // The same answers; only each error body's own requestId differs.
    expect(b.map(withoutRequestId)).toEqual(a.map(withoutRequestId));
    expect(a.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('should count exists lookups of two processes together (F14)', async () => {
    // A second app on the same database, as a second process behind the load balancer would be.
    const second = await buildApp(t.config, { db: t.db, logger: false });
    try {
      const results: number[] = [];
      for (let i = 0; i < 130; i++) {
        const app = i % 2 === 0 ? t.app : second.app;
        const res = await app.inject({
          method: 'GET',
          url: `${t.apiPrefix}/users/${encodeURIComponent(`probe${i}@example.com`)}/exists`,
          remoteAddress: '10.25.0.1',
        });
        results.push(res.statusCode);
      }
      expect(results.filter((s) => s === 200).length).toBe(120);
      expect(results.filter((s) => s === 429).length).toBe(10);
    } finally {
      await second.close();
    }
  });
});

describeOnceWithServices('burst attacks across two processes with the counters in Redis', () => {
  let cluster: TestCluster;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    cluster = await startTestCluster(2, { SMTP_URL: smtp.url, REDIS_PREFIX: `burst${Date.now().toString(36)}` });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.stop();
  });

  it('should send at most 5 reset mails for 100 requests spread over two processes', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await signUpVerified(a, smtp);
    smtp.clear();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(i % 2 === 0 ? a : b, 'POST', '/users/forgot', { email: user.email }, { ip: `10.26.0.${i % 250}` }),
      ),
    );
    const sent = results.filter((r) => r.status === 200).length;
    expect(sent).toBeLessThanOrEqual(5);
    expect(sent + results.filter((r) => r.status === 429).length).toBe(100);
  });

  it('should evaluate at most 5 login guesses of a burst spread over two processes', async () => {
    const [a, b] = cluster.apps as [TestApp, TestApp];
    const user = await signUpVerified(a, smtp);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          i % 2 === 0 ? a : b,
          'POST',
          '/users/login',
          { email: user.email, password: `wrong ${i}` },
          { ip: '10.27.0.1' },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 200).length).toBe(0);
  });
});
