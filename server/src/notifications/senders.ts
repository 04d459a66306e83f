import type { PushPayload } from '@neura/contract';
import { SafeHttpError } from '../skills/http/safe-client.js';
import type { VapidKeys } from './vapid.js';
import { webPush } from './web-push.js';

/**
 * What a push service said: `sent`; `gone` (404/410: the subscription or token is dead, drop it);
 * `retry` (429, 5xx, the network: the job tries again with back-off); `refused` (another 4xx, or
 * an address the SSRF rule refuses: given up); `skipped` (no sender configured).
 */
export type PushOutcome = 'sent' | 'gone' | 'retry' | 'refused' | 'skipped';

/** The SSRF-safe client's one call the senders need (skills/http/safe-client.ts). */
export interface OutboundPost {
  request(
    url: string,
    options: { method: 'POST'; body?: Buffer; headers: Record<string, string>; timeoutMs: number; maxBytes: number },
  ): Promise<{ status: number }>;
}

export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** A push to a time-out or an unreachable service is tried again; a refused address is not. */
function failureOutcome(error: unknown): PushOutcome {
  if (error instanceof SafeHttpError && (error.reason === 'timeout' || error.reason === 'network')) return 'retry';
  if (error instanceof SafeHttpError) return 'refused';
  throw error;
}

/**
 * Web Push: the request (RFC 8030) with the payload encrypted for the subscriber (RFC 8291
 * aes128gcm) and signed with the app's VAPID key (RFC 8292), made by web-push's
 * `generateRequestDetails` and sent through the SSRF-safe client (web-push's own `https.request`
 * would bypass it: push endpoints are URLs a browser hands us).
 */
export class WebPushSender {
  constructor(
    private readonly client: OutboundPost,
    private readonly vapid: VapidKeys,
  ) {}

  async send(sub: { endpoint: string; p256dh: string; auth: string }, payload: PushPayload): Promise<PushOutcome> {
    const details = webPush().generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      { TTL: 24 * 3600, urgency: 'normal', vapidDetails: this.vapid },
    );
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    try {
      const response = await this.client.request(details.endpoint, {
        method: 'POST',
        ...(details.body ? { body: details.body } : {}),
        headers,
        timeoutMs: 15_000,
        maxBytes: 64 * 1024,
      });
      return outcomeOf(response.status);
    } catch (error) {
      return failureOutcome(error);
    }
  }
}

/** A native app's push (FCM for Android, APNs for iOS), behind one interface. */
export interface NativePushSender {
  send(device: { platform: 'android' | 'ios'; token: string }, payload: PushPayload): Promise<PushOutcome>;
}
