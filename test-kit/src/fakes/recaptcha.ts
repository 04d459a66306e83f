import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRecaptcha {
  /** Pass as RECAPTCHA_VERIFY_URL. */
  url: string;
  /** The form fields of each siteverify call. */
  calls: Array<Record<string, string>>;
  stop: () => Promise<void>;
}

/**
 * A local stand-in for Google's siteverify endpoint, speaking its protocol: a form-encoded POST of
 * secret, response and remoteip, answered with JSON `{ success, challenge_ts, hostname }` or
 * `{ success: false, "error-codes": [...] }`. Only `validToken` with `secret` succeeds.
 */
export async function startFakeRecaptcha(secret: string, validToken: string): Promise<FakeRecaptcha> {
  const calls: Array<Record<string, string>> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      res.setHeader('Content-Type', 'application/json');
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        res.end(JSON.stringify({ success: false, 'error-codes': ['bad-request'] }));
      } else if (form.secret !== secret) {
        res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-secret'] }));
      } else if (form.response !== validToken) {
        res.end(JSON.stringify({ success: false, 'error-codes': ['invalid-input-response'] }));
      } else {
        res.end(JSON.stringify({ success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
