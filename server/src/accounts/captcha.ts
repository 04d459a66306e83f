import { AppError } from '../errors.js';

export const CAPTCHA_FAILED_MESSAGE = 'The captcha check failed. Please complete the captcha and try again.';

/**
 * reCAPTCHA siteverify: a form POST of secret, response and remoteip; the answer is JSON with
 * `success`. The URL is configurable so tests point it at a local fake speaking the same protocol.
 */
export class CaptchaVerifier {
  constructor(
    private readonly secret: string | undefined,
    private readonly verifyUrl: string,
  ) {}

  get enabled(): boolean {
    return this.secret !== undefined;
  }

  async verify(token: string | undefined, ip: string): Promise<void> {
    if (!this.secret) return;
    if (!token || token.length > 4096) throw new AppError('auth:captcha-failed', CAPTCHA_FAILED_MESSAGE);
    let ok = false;
    try {
      const response = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as { success?: unknown };
      ok = response.ok && body.success === true;
    } catch {
      ok = false;
    }
    if (!ok) throw new AppError('auth:captcha-failed', CAPTCHA_FAILED_MESSAGE);
  }
}
