import dns from 'node:dns';
import type { LookupFunction, Socket } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { isIpLiteral, isPublicAddress, type OutboundAllowList, stripBrackets } from './address-policy.js';

/**
 * The SSRF-safe client: the only way the skills reach a URL that came from a user, a model or a
 * provider's answer. http/https only; the address is checked when the socket connects (IP
 * literals in any spelling, and every resolved address of a name — `all: true`), and again on
 * the connected socket, so DNS rebinding cannot slip between check and use; each redirect hop
 * goes through the same check (at most 5); the body is capped after decompression (a gzip bomb
 * stops at the cap) and the whole exchange is time-capped. It has its own dispatcher, so no
 * HTTP(S)_PROXY setting applies (a proxy would make the check inspect the proxy, not the target).
 * `OUTBOUND_ALLOW` (`host:port`) exempts listed targets from the address rule.
 */

export type SafeFailure = 'scheme' | 'blocked' | 'redirects' | 'too-large' | 'timeout' | 'network' | 'bad-url';

export class SafeHttpError extends Error {
  constructor(
    readonly reason: SafeFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SafeHttpError';
  }
}

export interface SafeFetchOptions {
  signal?: AbortSignal;
  /** Whole exchange, redirects and body included. */
  timeoutMs?: number;
  /** Decompressed body cap in bytes. */
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET when unset; a request with a body, or any other method, is never redirected (a redirect answer is returned as is). */
  method?: string;
  body?: string | Buffer;
}

export interface SafeResponse {
  /** The final URL (after redirects). */
  url: string;
  status: number;
  headers: Headers;
  contentType: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULTS = { timeoutMs: 20_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 };
const USER_AGENT = 'NeuraBot/1.0 (+https://github.com/neura; reads pages a user asked about)';

/**
 * One answer for every refused target: naming what a host resolved to (or which private address it
 * was) told a model, and so a user, about the internal network (finding N14).
 */
export const BLOCKED_MESSAGE = 'That address is not allowed.';
const blocked = () => new SafeHttpError('blocked', BLOCKED_MESSAGE);

/** A lookup that resolves every address of the name and refuses if any one is not public. */
const safeLookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (list.length === 0 || bad) return callback(blocked());
    if (options.all) return callback(null, list);
    const first = list[0] as dns.LookupAddress;
    return callback(null, first.address, first.family);
  });
}) as unknown as LookupFunction;

function safeConnector(allow: OutboundAllowList, timeout: number): buildConnector.connector {
  const plain = buildConnector({ timeout });
  const guarded = buildConnector({ timeout, lookup: safeLookup });
  return (options, callback) => {
    const host = stripBrackets(options.hostname);
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    if (allow.allows(host, port)) return plain(options, callback);
    if (isIpLiteral(host) && !isPublicAddress(host)) return callback(blocked(), null);
    guarded(options, (error, socket) => {
      if (error) return callback(error, null);
      const remote = (socket as Socket).remoteAddress;
      if (!remote || !isPublicAddress(remote)) {
        (socket as Socket).destroy();
        return callback(blocked(), null);
      }
      callback(null, socket);
    });
  };
}

/** The SafeHttpError somewhere in an error's cause chain (undici wraps connect errors). */
function findSafeError(error: unknown): SafeHttpError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof SafeHttpError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function parseSafeUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeHttpError('bad-url', 'That is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeHttpError('scheme', `Only http and https addresses can be fetched, not ${url.protocol}`);
  }
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

export class SafeHttpClient {
  private readonly agent: Agent;

  constructor(
    private readonly allow: OutboundAllowList,
    options: { connectTimeoutMs?: number } = {},
  ) {
    this.agent = new Agent({
      connect: safeConnector(allow, options.connectTimeoutMs ?? 10_000),
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
    });
  }

  /** True when the target is exempt from the address rule (an `OUTBOUND_ALLOW` entry). */
  isAllowed(url: URL): boolean {
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    return this.allow.allows(url.hostname, port);
  }

  async request(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
    const { timeoutMs, maxBytes, maxRedirects } = { ...DEFAULTS, ...options };
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let url = parseSafeUrl(raw);
    try {
      for (let hop = 0; ; hop++) {
        const response = await undiciFetch(url, {
          dispatcher: this.agent,
          redirect: 'manual',
          signal,
          method: options.method ?? 'GET',
          ...(options.body === undefined ? {} : { body: options.body }),
          headers: { 'user-agent': USER_AGENT, 'accept-encoding': 'gzip, deflate, br', ...options.headers },
        });
        if (REDIRECTS.has(response.status) && options.body === undefined && (options.method ?? 'GET') === 'GET') {
          await response.body?.cancel().catch(() => undefined);
          const location = response.headers.get('location');
          if (!location) throw new SafeHttpError('network', 'The page redirected without saying where to.');
          if (hop >= maxRedirects) throw new SafeHttpError('redirects', 'The page redirected too many times.');
          url = parseSafeUrl(new URL(location, url));
          continue;
        }
        const body = await readCapped(response.body as AsyncIterable<Uint8Array> | null, maxBytes);
        return {
          url: url.toString(),
          status: response.status,
          headers: response.headers as unknown as Headers,
          contentType: response.headers.get('content-type') ?? '',
          body,
        };
      }
    } catch (error) {
      const safe = findSafeError(error);
      if (safe) throw safe;
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (timeout.aborted) throw new SafeHttpError('timeout', 'The page took too long to answer.');
      throw new SafeHttpError('network', 'The page could not be reached.');
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

/** Reads a body, counting decompressed bytes; past the cap the stream is cancelled. */
async function readCapped(body: AsyncIterable<Uint8Array> | null, maxBytes: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early (the throw) cancels the stream.
  for await (const value of body) {
    total += value.byteLength;
    if (total > maxBytes) {
      throw new SafeHttpError('too-large', `The page is larger than ${Math.round(maxBytes / 1024)} KB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Decodes a body by the charset its content type names (UTF-8 when none or unknown). */
export function decodeText(response: Pick<SafeResponse, 'body' | 'contentType'>): string {
  const charset = /charset\s*=\s*"?([\w-]+)/i.exec(response.contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}
