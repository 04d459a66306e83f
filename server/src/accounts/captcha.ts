import { AppError } from '../errors.js';

export const CAPTCHA_FAILED_MESSAGE = 'The captcha check failed. Please complete the captcha and try again.';
export const CAPTCHA_REQUIRED_MESSAGE = 'Too many failed attempts. Please complete the captcha and try again.';

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

  /** Registration: a missing or failing token is the 400 `auth:captcha-failed` (nothing when disabled). */
  async verify(token: string | undefined, ip: string): Promise<void> {
    if (!this.secret) return;
    if (!(await this.passes(token, ip))) throw new AppError('auth:captcha-failed', CAPTCHA_FAILED_MESSAGE);
  }

  /**
   * After repeated failed password checks: a missing or failing token is the 403
   * `auth:captcha-required` (the client shows the widget and sends again). Nothing when disabled.
   */
  async require(token: string | undefined, ip: string): Promise<void> {
    if (!this.secret) return;
    if (!token) throw new AppError('auth:captcha-required', CAPTCHA_REQUIRED_MESSAGE);
    if (!(await this.passes(token, ip))) throw new AppError('auth:captcha-required', CAPTCHA_FAILED_MESSAGE);
  }

  private async passes(token: string | undefined, ip: string): Promise<boolean> {
    if (!this.secret || !token || token.length > 4096) return false;
    try {
      const response = await fetch(this.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as { success?: unknown };
      return response.ok && body.success === true;
    } catch {
      return false;
    }
  }
}
