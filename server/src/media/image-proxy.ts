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

/** A proxy link that verified: the outside URL, the login session it was made for, and when it ends (ms). */
export interface VerifiedLink {
  url: string;
  sessionId: string;
  expiresAt: number;
}

export interface ImageProxyOptions {
  /** How long a link works (rounded up to the next whole hour, so a link stays the same for a while). */
  linkTtlMs: number;
  /** How long a URL that could not be fetched, or was no image, is answered from memory (0: never). */
  refusalMs: number;
}

/** URLs remembered as refused at most (the oldest are forgotten first). */
const MAX_REFUSALS = 10_000;
const HOUR_S = 3600;
const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Outside images (markdown images in replies, tool thumbnails, favicons) reach the browser only
 * through this proxy (finding N4): the page's CSP allows images from our own origin only, so a
 * reply cannot make the browser call a host of its choosing.
 *
 * A link is a capability of one login session for a while (issue #40, M2): the HMAC covers the
 * URL, the session's id and an expiry (`IMAGE_LINK_TTL_HOURS`); links are minted for signed-in
 * users only, within a per-account hourly limit, and the route refuses a link whose session has
 * ended (logout, expiry, suspension, account deletion). The fetch goes through the SSRF-safe
 * client (no cookies, no referrer, redirects re-checked), is size- and time-capped, must be a raster
 * image by its bytes, and is cached in memory (least recently used first out). Requests for one URL
 * while it is being fetched share that fetch (single-flight), and a URL that failed is answered
 * from memory for `refusalMs` (negative cache). Both are per process.
 */
export class ImageProxy {
  private readonly safe: SafeHttpClient;
  private readonly cache = new Map<string, ProxiedImage>();
  private cachedBytes = 0;
  private readonly inflight = new Map<string, Promise<ProxiedImage | undefined>>();
  /** URL → until when (ms) it is answered "could not be loaded" without a fetch. */
  private readonly refusals = new Map<string, number>();

  constructor(
    private readonly secret: Buffer,
    private readonly apiPrefix: string,
    allow: OutboundAllowList,
    private readonly options: ImageProxyOptions,
  ) {
    this.safe = new SafeHttpClient(allow, { connectTimeoutMs: 5000 });
  }

  private mac(url: string, sessionId: string, expires: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`image-proxy.v2.${sessionId}.${expires}.${url}`)
      .digest('base64url');
  }

  /** The proxy path for an http(s) URL, for `sessionId`; undefined when it is not one. */
  link(raw: string, sessionId: string, now = Date.now()): string | undefined {
    if (raw.length > MAX_URL_LENGTH) return undefined;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const href = url.toString();
    const expires = Math.ceil((Math.floor(now / 1000) + this.options.linkTtlMs / 1000) / HOUR_S) * HOUR_S;
    const query = new URLSearchParams({
      url: href,
      session: sessionId,
      expires: String(expires),
      signature: this.mac(href, sessionId, expires),
    });
    return `${this.apiPrefix}/media/image?${query}`;
  }

  /** The link's URL, session and expiry when its signature holds and it has not expired; else undefined. */
  verify(query: { url?: unknown; session?: unknown; expires?: unknown; signature?: unknown }, now = Date.now()) {
    const { url, session, expires, signature } = query;
    if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return undefined;
    if (typeof session !== 'string' || !SESSION_ID.test(session)) return undefined;
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return undefined;
    const expiresAt = Number(expires) * 1000;
    if (expiresAt <= now) return undefined;
    const expected = Buffer.from(this.mac(url, session, Number(expires)));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
    return { url, sessionId: session, expiresAt } satisfies VerifiedLink;
  }

  /**
   * The image, or undefined when it cannot be fetched or is not a raster image. One outside fetch
   * per URL at a time; a failure is remembered for `refusalMs`.
   */
  fetch(url: string, now = Date.now()): Promise<ProxiedImage | undefined> {
    const hit = this.cache.get(url);
    if (hit) {
      this.cache.delete(url);
      this.cache.set(url, hit);
      return Promise.resolve(hit);
    }
    const refusedUntil = this.refusals.get(url);
    if (refusedUntil !== undefined) {
      if (refusedUntil > now) return Promise.resolve(undefined);
      this.refusals.delete(url);
    }
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = this.load(url).finally(() => this.inflight.delete(url));
      this.inflight.set(url, pending);
    }
    return pending;
  }

  private async load(url: string): Promise<ProxiedImage | undefined> {
    let image: ProxiedImage | undefined;
    try {
      const response = await this.safe.request(url, {
        timeoutMs: 10_000,
        maxBytes: MAX_PROXIED_IMAGE_BYTES,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8' },
      });
      const contentType = response.status === 200 ? sniffImage(response.body) : undefined;
      if (contentType) image = { contentType, body: response.body };
    } catch {
      image = undefined;
    }
    if (image) this.remember(url, image);
    else this.refuse(url);
    return image;
  }

  private refuse(url: string): void {
    if (this.options.refusalMs <= 0) return;
    this.refusals.delete(url);
    this.refusals.set(url, Date.now() + this.options.refusalMs);
    for (const key of this.refusals.keys()) {
      if (this.refusals.size <= MAX_REFUSALS) break;
      this.refusals.delete(key);
    }
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
