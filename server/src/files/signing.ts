import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Signed, expiring file urls (`<img src>` cannot send a bearer header): HMAC-SHA256 over
 * `<fileId>.<expires>` with a server secret. The url is a path on the API:
 * `<API_PREFIX>/files/<id>?expires=<unix seconds>&signature=<base64url>`.
 */
export class FileUrlSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly apiPrefix: string,
    private readonly ttlSeconds: number,
  ) {}

  /** FILES_URL_SECRET, or a random secret kept in `dir` (shared by the processes of one host). */
  static loadSecret(configured: string | undefined, dir: string): Buffer {
    if (configured) return Buffer.from(configured, 'utf8');
    const file = path.join(dir, '.url-secret');
    try {
      return fs.readFileSync(file);
    } catch {
      fs.mkdirSync(dir, { recursive: true });
      const secret = crypto.randomBytes(32);
      try {
        fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
        return secret;
      } catch {
        // Another process wrote it first: use theirs.
        return fs.readFileSync(file);
      }
    }
  }

  private mac(id: string, expires: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${id}.${expires}`).digest('base64url');
  }

  url(id: string, now = Date.now()): string {
    // Rounded up to the hour, so a url stays the same for a while (browser caches keep working).
    const hour = 3600;
    const expires = Math.ceil((Math.floor(now / 1000) + this.ttlSeconds) / hour) * hour;
    return `${this.apiPrefix}/files/${encodeURIComponent(id)}?expires=${expires}&signature=${this.mac(id, expires)}`;
  }

  verify(id: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const at = Number(expires);
    if (at * 1000 < now) return false;
    const expected = Buffer.from(this.mac(id, at));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}
