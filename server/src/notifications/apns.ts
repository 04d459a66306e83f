import crypto from 'node:crypto';
import http2 from 'node:http2';
import type { PushPayload } from '@neura/contract';
import type { PushOutcome } from './senders.js';

export interface ApnsOptions {
  /** The `.p8` signing key (PEM, PKCS#8 P-256). */
  key: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id (`apns-topic`). */
  topic: string;
  /** Default `https://api.push.apple.com` (`https://api.sandbox.push.apple.com` for development builds). */
  host?: string;
  /** Extra CA to trust (a local APNs in tests). */
  ca?: string;
  timeoutMs?: number;
}

/** Apple's reasons (a 400 or 410 body) that say the token is dead. */
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);
/** A provider token is refreshed after this (Apple: at most once per 20 minutes, valid one hour). */
const PROVIDER_TOKEN_MS = 40 * 60_000;

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The provider authentication token (ES256 JWT: `kid` in the header, `iss` team and `iat`). */
export function providerToken(options: Pick<ApnsOptions, 'key' | 'keyId' | 'teamId'>, now = Date.now()): string {
  const head = b64url({ alg: 'ES256', kid: options.keyId });
  const claims = b64url({ iss: options.teamId, iat: Math.floor(now / 1000) });
  const signature = crypto.sign('sha256', Buffer.from(`${head}.${claims}`), {
    key: options.key,
    dsaEncoding: 'ieee-p1363',
  });
  return `${head}.${claims}.${signature.toString('base64url')}`;
}

/** The `reason` of an APNs error body (`{"reason":"Unregistered"}`), if it has one. */
function reasonOf(text: string): string | undefined {
  try {
    return text ? (JSON.parse(text) as { reason?: string }).reason : undefined;
  } catch {
    return undefined;
  }
}

interface ApnsAnswer {
  status: number;
  reason?: string;
}

/**
 * Apple Push Notification service over HTTP/2: one connection kept open, `POST /3/device/{token}`
 * with the provider token, `apns-topic`, `apns-push-type: alert`. 410 (and a dead-token 400)
 * drops the token; 403 ExpiredProviderToken makes a new provider token once; 429, 5xx and the
 * network are tried again (the `push.send` job backs off).
 */
export class ApnsSender {
  private session: http2.ClientHttp2Session | undefined;
  private provider: { value: string; at: number } | undefined;

  constructor(private readonly options: ApnsOptions) {}

  async send(token: string, payload: PushPayload, now = Date.now()): Promise<PushOutcome> {
    try {
      let answer = await this.post(token, payload, this.bearer(now));
      if (answer.status === 403 && answer.reason === 'ExpiredProviderToken') {
        this.provider = undefined;
        answer = await this.post(token, payload, this.bearer(now));
      }
      if (answer.status === 200) return 'sent';
      if (answer.status === 410 || (answer.reason && GONE_REASONS.has(answer.reason))) return 'gone';
      if (answer.status === 429 || answer.status >= 500) return 'retry';
      return 'refused';
    } catch {
      this.close();
      return 'retry';
    }
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }

  private bearer(now: number): string {
    if (!this.provider || now - this.provider.at >= PROVIDER_TOKEN_MS) {
      this.provider = { value: providerToken(this.options, now), at: now };
    }
    return this.provider.value;
  }

  private connect(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = http2.connect(this.options.host ?? 'https://api.push.apple.com', {
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    });
    session.on('error', () => this.session === session && this.close());
    session.on('goaway', () => this.session === session && this.close());
    session.unref();
    this.session = session;
    return session;
  }

  private post(token: string, payload: PushPayload, bearer: string): Promise<ApnsAnswer> {
    const body = JSON.stringify({
      aps: {
        alert: { title: payload.title, ...(payload.body ? { body: payload.body } : {}) },
        sound: 'default',
        ...(payload.chatId ? { 'thread-id': payload.chatId } : {}),
      },
      url: payload.url,
      ...(payload.chatId ? { chatId: payload.chatId } : {}),
      ...(payload.messageId ? { messageId: payload.messageId } : {}),
    });
    return new Promise((resolve, reject) => {
      const request = this.connect().request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(token)}`,
        authorization: `bearer ${bearer}`,
        'apns-topic': this.options.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': String(Math.floor(Date.now() / 1000) + 24 * 3600),
        ...(payload.chatId ? { 'apns-collapse-id': payload.chatId.slice(0, 64) } : {}),
        'content-type': 'application/json',
      });
      request.setTimeout(this.options.timeoutMs ?? 15_000, () => request.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      request.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!status) return reject(new Error('APNs: no answer'));
        const reason = reasonOf(Buffer.concat(chunks).toString('utf8'));
        resolve({ status, ...(reason ? { reason } : {}) });
      });
      request.on('error', reject);
      request.end(body);
    });
  }
}
