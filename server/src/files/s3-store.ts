import crypto from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import type { FileStore } from './storage.js';

/**
 * An S3-compatible file store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Ceph…) over plain HTTP
 * signed with AWS Signature Version 4: PUT, GET and DELETE of one object. The endpoint is the
 * operator's, so it is reached directly (not through the SSRF-safe client).
 */

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` (MinIO, most self-hosted) instead of `https://bucket.endpoint/key`. */
  pathStyle: boolean;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The `Authorization` header of a SigV4 request (service `s3`, no query string). `headers` are the
 * headers to sign, lower-case names (host, x-amz-date and x-amz-content-sha256 among them).
 */
export function signV4(input: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  amzDate: string;
}): string {
  const names = Object.keys(input.headers)
    .map((n) => n.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonical = [input.method, input.path, '', canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const day = input.amzDate.slice(0, 8);
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

export class S3FileStore implements FileStore {
  private readonly agent = new Agent({ headersTimeout: 30_000, bodyTimeout: 60_000, connect: { timeout: 10_000 } });

  constructor(private readonly s3: S3Settings) {}

  private target(key: string): { url: string; host: string; path: string } {
    const base = new URL(this.s3.endpoint);
    const objectPath = key.split('/').map(encodeSegment).join('/');
    const prefix = base.pathname.replace(/\/$/, '');
    if (this.s3.pathStyle) {
      const path = `${prefix}/${encodeSegment(this.s3.bucket)}/${objectPath}`;
      return { url: `${base.origin}${path}`, host: base.host, path };
    }
    const host = `${this.s3.bucket}.${base.host}`;
    const path = `${prefix}/${objectPath}`;
    return { url: `${base.protocol}//${host}${path}`, host, path };
  }

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer) {
    const { url, host, path } = this.target(key);
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host,
      'x-amz-date': amzDate,
      'x-amz-content-sha256': payloadHash,
      ...(body ? { 'content-type': 'application/octet-stream' } : {}),
    };
    const authorization = signV4({ method, path, headers, payloadHash, amzDate, ...this.s3 });
    const { host: _host, ...sent } = headers;
    return undiciFetch(url, {
      method,
      headers: { ...sent, authorization },
      body,
      dispatcher: this.agent,
      signal: AbortSignal.timeout(60_000),
    });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const res = await this.send('PUT', key, bytes);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: HTTP ${res.status}`);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.send('GET', key);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 GET ${key} failed: HTTP ${res.status}`);
    return body;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await res.arrayBuffer();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: HTTP ${res.status}`);
  }
}
