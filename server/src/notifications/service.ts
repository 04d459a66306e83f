import dns from 'node:dns/promises';
import type { NotificationSettings, PushPayload, PushSubscriptionInput } from '@neura/contract';
import { badRequest } from '../errors.js';
import type { AppJobs } from '../jobs/module.js';
import { nowIso } from '../lib/time.js';
import { isIpLiteral, isPublicAddress, stripBrackets } from '../skills/http/address-policy.js';
import { BLOCKED_MESSAGE } from '../skills/http/safe-client.js';
import type { NotificationRepository } from './repository.js';

/** How long a delivery's key is kept (a reply told again later than this is long past). */
const DELIVERY_KEPT_MS = 7 * 24 * 3600_000;

const DEFAULTS: NotificationSettings = { replies: true, hideContents: false, quietHours: null };

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Minutes after midnight of `now` on the clock of `timeZone` (UTC when absent). */
export function minuteOfDay(now: number, timeZone = 'UTC'): number {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  const parts = clock.formatToParts(now);
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (value('hour') % 24) * 60 + value('minute');
}

/**
 * True inside quiet hours (`start` ≤ t < `end` on the user's clock, wrapping midnight when `end` <
 * `start`).
 */
export function inQuietHours(quiet: NotificationSettings['quietHours'], now: number): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const t = minuteOfDay(now, quiet.timeZone);
  return quiet.start < quiet.end ? t >= quiet.start && t < quiet.end : t >= quiet.start || t < quiet.end;
}

export interface PushTarget {
  /** The push service's address check (an `OUTBOUND_ALLOW` entry passes). */
  isAllowed(url: URL): boolean;
}

/**
 * The user's notification settings, Web Push subscriptions and native device tokens; `queue`
 * enqueues one `push.send` job per device (keyed, so one push per finished reply per device).
 */
export class NotificationService {
  constructor(
    private readonly repo: NotificationRepository,
    private readonly jobs: Pick<AppJobs, 'enqueue'>,
    private readonly target: PushTarget,
  ) {}

  async settings(userId: string): Promise<NotificationSettings> {
    const row = await this.repo.settings(userId);
    if (!row) return { ...DEFAULTS };
    const quietHours =
      row.quiet_start !== null && row.quiet_end !== null
        ? {
            start: row.quiet_start,
            end: row.quiet_end,
            ...(row.quiet_time_zone ? { timeZone: row.quiet_time_zone } : {}),
          }
        : null;
    return { replies: row.replies === 1, hideContents: row.hide_contents === 1, quietHours };
  }

  async updateSettings(userId: string, changes: Partial<NotificationSettings>): Promise<NotificationSettings> {
    const next = { ...(await this.settings(userId)), ...changes };
    await this.repo.saveSettings(
      userId,
      {
        replies: next.replies ? 1 : 0,
        hide_contents: next.hideContents ? 1 : 0,
        quiet_start: next.quietHours?.start ?? null,
        quiet_end: next.quietHours?.end ?? null,
        quiet_time_zone: next.quietHours?.timeZone ?? null,
      },
      nowIso(),
    );
    return next;
  }

  /** Stores a browser's subscription; an endpoint the SSRF rule refuses answers 400. */
  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    await this.checkEndpoint(input.endpoint);
    await this.repo.subscribe(userId, { endpoint: input.endpoint, ...input.keys }, nowIso());
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.repo.unsubscribe(userId, endpoint);
  }

  async registerToken(userId: string, platform: 'android' | 'ios', token: string): Promise<void> {
    await this.repo.saveToken(userId, platform, token, nowIso());
  }

  /**
   * One `push.send` job per device of the user; `key` makes it once per device: claimed in
   * `push_deliveries` first (a row that outlives the job's), so a reply told twice — even after its
   * job is done and gone — is pushed once. Answers how many pushes were queued now.
   */
  async queue(userId: string, key: string, payload: PushPayload, now = Date.now()): Promise<number> {
    const [subs, tokens] = await Promise.all([this.repo.subscriptions(userId), this.repo.tokens(userId)]);
    const devices = [
      ...subs.map((s) => ({ kind: 'web' as const, id: s.id })),
      ...tokens.map((t) => ({ kind: 'native' as const, id: t.id })),
    ];
    let queued = 0;
    for (const device of devices) {
      const deliveryKey = `push:${key}:${device.id}`;
      if (!(await this.repo.claimDelivery(deliveryKey, new Date(now).toISOString()))) continue;
      try {
        await this.jobs.enqueue('push.send', { ...device, payload }, { key: deliveryKey });
        queued++;
      } catch (error) {
        await this.repo.releaseDelivery(deliveryKey);
        throw error;
      }
    }
    await this.repo.pruneDeliveries(new Date(now - DELIVERY_KEPT_MS).toISOString());
    return queued;
  }

  /**
   * https only (http for an `OUTBOUND_ALLOW` entry), and every address the name resolves to public:
   * the same rule as the SSRF-safe client, which checks again when the push is sent.
   */
  private async checkEndpoint(endpoint: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw badRequest(BLOCKED_MESSAGE);
    }
    if (this.target.isAllowed(url) && (url.protocol === 'https:' || url.protocol === 'http:')) return;
    if (url.protocol !== 'https:' || url.username || url.password) throw badRequest(BLOCKED_MESSAGE);
    const host = stripBrackets(url.hostname);
    if (isIpLiteral(host)) {
      if (!isPublicAddress(host)) throw badRequest(BLOCKED_MESSAGE);
      return;
    }
    const addresses = await dns.lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      throw badRequest(BLOCKED_MESSAGE);
    }
  }
}
