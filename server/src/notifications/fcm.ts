import crypto from 'node:crypto';
import type { PushPayload } from '@neura/contract';
import type { PushOutcome } from './senders.js';

/** The fields of a Google service-account JSON key the sender uses. */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  /** Default `https://oauth2.googleapis.com/token`. */
  token_uri?: string;
}

export interface FcmOptions {
  account: ServiceAccount;
  /** Default `https://fcm.googleapis.com`. */
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** FCM's error codes that say the token is dead (the app was removed, the token rotated). */
const GONE_CODES = new Set(['UNREGISTERED', 'NOT_FOUND']);
const RETRY_CODES = new Set(['UNAVAILABLE', 'INTERNAL', 'QUOTA_EXCEEDED']);

/** The service account's signed assertion (RFC 7523 JWT bearer grant, RS256). */
export function serviceAccountAssertion(account: ServiceAccount, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const head = b64url({ alg: 'RS256', typ: 'JWT' });
  const claims = b64url({
    iss: account.client_email,
    scope: SCOPE,
    aud: account.token_uri ?? 'https://oauth2.googleapis.com/token',
    iat,
    exp: iat + 3600,
  });
  const signature = crypto.sign('sha256', Buffer.from(`${head}.${claims}`), account.private_key);
  return `${head}.${claims}.${signature.toString('base64url')}`;
}

/** What an FCM v1 error body says (`error.status`, `details[].errorCode`). */
function errorCodes(body: unknown): string[] {
  const error = (body as { error?: { status?: string; details?: Array<{ errorCode?: string }> } })?.error;
  return [error?.status, ...(error?.details ?? []).map((d) => d.errorCode)].filter((c): c is string => !!c);
}

/**
 * Firebase Cloud Messaging, HTTP v1: an OAuth2 access token from the service account (kept until a
 * minute before it ends, fetched again on a 401), then `POST /v1/projects/{id}/messages:send`.
 * UNREGISTERED / 404 drops the token; 429, 5xx, UNAVAILABLE and the network are tried again.
 */
export class FcmSender {
  private token: { value: string; until: number } | undefined;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: FcmOptions) {
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async send(token: string, payload: PushPayload, now = Date.now()): Promise<PushOutcome> {
    try {
      let response = await this.post(token, payload, await this.accessToken(now));
      if (response.status === 401) {
        this.token = undefined;
        response = await this.post(token, payload, await this.accessToken(now));
      }
      if (response.ok) return 'sent';
      const codes = errorCodes(await response.json().catch(() => undefined));
      if (response.status === 404 || codes.some((c) => GONE_CODES.has(c))) return 'gone';
      if (response.status === 429 || response.status >= 500 || codes.some((c) => RETRY_CODES.has(c))) return 'retry';
      return 'refused';
    } catch (error) {
      if (error instanceof FcmAuthError) return error.retry ? 'retry' : 'refused';
      return 'retry';
    }
  }

  private post(token: string, payload: PushPayload, access: string): Promise<Response> {
    const data = Object.fromEntries(
      Object.entries({ url: payload.url, chatId: payload.chatId, messageId: payload.messageId }).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    );
    const message = {
      token,
      notification: { title: payload.title, ...(payload.body ? { body: payload.body } : {}) },
      data,
      android: { priority: 'HIGH', notification: payload.chatId ? { tag: payload.chatId } : {} },
    };
    const base = this.options.baseUrl ?? 'https://fcm.googleapis.com';
    return this.fetch(`${base}/v1/projects/${encodeURIComponent(this.options.account.project_id)}/messages:send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
  }

  /** The access token, from the token endpoint when none is kept (or it is about to end). */
  private async accessToken(now: number): Promise<string> {
    if (this.token && this.token.until > now) return this.token.value;
    const { account } = this.options;
    const response = await this.fetch(account.token_uri ?? 'https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountAssertion(account, now),
      }).toString(),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) {
      throw new FcmAuthError(response.status === 429 || response.status >= 500);
    }
    this.token = { value: body.access_token, until: now + ((body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }
}

/** The token endpoint refused (a wrong key: given up) or was busy (tried again). */
class FcmAuthError extends Error {
  constructor(readonly retry: boolean) {
    super('FCM access token refused');
  }
}
