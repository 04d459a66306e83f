import crypto from 'node:crypto';
import type { OutboundAllowList } from '../skills/http/address-policy.js';
import { SafeHttpClient } from '../skills/http/safe-client.js';

/** The largest outside image the proxy passes on. */
export const MAX_PROXIED_IMAGE_BYTES = 5 * 1024 * 1024;
const CACHE_BYTES = 32 * 1024 * 1024;
const MAX_URL_LENGTH = 2048;

/** Raster image types by their first bytes (SVG is refused: it can carry script). */
function sniffImage(body: Buffer): string | undefined {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => body[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x66, 0x74, 0x79, 0x70], 4) && /^(avif|avis)$/.test(body.subarray(8, 12).toString('latin1')))
    return 'image/avif';
  if (starts([0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  return undefined;
}

export interface ProxiedImage {
  contentType: string;
  body: Buffer;
}

/**
 * Outside images (markdown images in replies, tool thumbnails, favicons) reach the browser only
 * through this proxy (finding N4): the page's CSP allows images from our own origin only, so a
 * reply cannot make the browser call a host of its choosing. Links are signed (HMAC of the URL) and
 * handed out to signed-in users only, so the proxy is not an open one; the fetch goes through the
 * SSRF-safe client (no cookies, no referrer, redirects re-checked), is size- and time-capped, must be
 * a raster image by its bytes, and is cached in memory (least recently used first out).
 */
export class ImageProxy {
  private readonly safe: SafeHttpClient;
  private readonly cache = new Map<string, ProxiedImage>();
  private cachedBytes = 0;

  constructor(
    private readonly secret: Buffer,
    private readonly apiPrefix: string,
    allow: OutboundAllowList,
  ) {
    this.safe = new SafeHttpClient(allow, { connectTimeoutMs: 5000 });
  }

  private mac(url: string): string {
    return crypto.createHmac('sha256', this.secret).update(`image-proxy.${url}`).digest('base64url');
  }

  /** The proxy path for an http(s) URL, or undefined when it is not one. */
  link(raw: string): string | undefined {
    if (raw.length > MAX_URL_LENGTH) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const href = url.toString();
    return `${this.apiPrefix}/media/image?url=${encodeURIComponent(href)}&signature=${this.mac(href)}`;
  }

  verify(url: unknown, signature: unknown): url is string {
    if (typeof url !== 'string' || typeof signature !== 'string' || url.length > MAX_URL_LENGTH) return false;
    const expected = Buffer.from(this.mac(url));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** The image, or undefined when it cannot be fetched or is not a raster image. */
  async fetch(url: string): Promise<ProxiedImage | undefined> {
    const hit = this.cache.get(url);
    if (hit) {
      this.cache.delete(url);
      this.cache.set(url, hit);
      return hit;
    }
    let image: ProxiedImage | undefined;
    try {
      const response = await this.safe.request(url, {
        timeoutMs: 10_000,
        maxBytes: MAX_PROXIED_IMAGE_BYTES,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8' },
      });
      if (response.status !== 200) return undefined;
      const contentType = sniffImage(response.body);
      if (!contentType) return undefined;
      image = { contentType, body: response.body };
    } catch {
      return undefined;
    }
    this.remember(url, image);
    return image;
  }

  private remember(url: string, image: ProxiedImage): void {
    this.cache.set(url, image);
    this.cachedBytes += image.body.length;
    for (const [key, old] of this.cache) {
      if (this.cachedBytes <= CACHE_BYTES) break;
      this.cache.delete(key);
      this.cachedBytes -= old.body.length;
    }
  }

  async close(): Promise<void> {
    await this.safe.close();
  }
}
