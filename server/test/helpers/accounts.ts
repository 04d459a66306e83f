import { type SmtpCapture, startSmtpCapture } from '@neura/test-kit/mail/smtp-capture';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** One JSON call to the API via inject; `ip` sets the remote address (per-IP limits). */
export async function call<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: { token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.app.inject({
    method,
    url: `${t.apiPrefix}${path}`,
    payload: body === undefined ? undefined : (body as Record<string, unknown>),
    headers,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as T) : ({} as T) };
}

export const strongPassword = 'a long and quiet river';

let counter = 0;
export const uniqueEmail = (prefix = 'new') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;

/**
 * Registers through the API with a fresh invite, verifies with the mailed code, logs in; returns
 * the token. `registerHeaders` go with the registration (the captcha token when it is enabled).
 */
export async function signUpVerified(
  t: TestApp,
  smtp: SmtpCapture,
  email = uniqueEmail(),
  password = strongPassword,
  registerHeaders: Record<string, string> = {},
): Promise<{ email: string; password: string; token: string }> {
  const [inviteCode] = await t.seed.invites(1, 1);
  const reg = await call(
    t,
    'POST',
    '/users/',
    {
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      password,
      country: 'GB',
      inviteCode,
    },
    { headers: registerHeaders },
  );
  if (reg.status !== 403) throw new Error(`registration answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await smtp.waitForCode(email, /verification/);
  const v = await call(t, 'POST', '/users/verify/validate', { email, verifyCode: code });
  if (v.status !== 200) throw new Error(`verify answered ${v.status}: ${JSON.stringify(v.body)}`);
  const login = await call<{ token: string }>(t, 'POST', '/users/login', { email, password });
  return { email, password, token: login.body.token };
}

/** The real app wired to an in-process SMTP capture; `stop` ends both. */
export async function startAppWithMail(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; smtp: SmtpCapture; stop: () => Promise<void> }> {
  const smtp = await startSmtpCapture();
  const t = await startTestApp({ SMTP_URL: smtp.url, ...env });
  return {
    t,
    smtp,
    async stop() {
      await t.stop();
      await smtp.stop();
    },
  };
}
