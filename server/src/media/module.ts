import path from 'node:path';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { FileUrlSigner } from '../files/signing.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import type { AttemptLimiter } from '../lib/limits/limiter.js';
import { OutboundAllowList } from '../skills/http/address-policy.js';
import { ImageProxy } from './image-proxy.js';
import { LinkSessions } from './link-sessions.js';
import { IMAGE_LINK_SCOPE, mediaRoutes } from './routes.js';

/** The outside-image proxy (finding N4; issue #40 M2); it signs with the files' URL secret. */
export function createMediaModule({
  config,
  db,
  events,
  auth,
  limiter,
}: {
  config: Config;
  db: Db;
  events: EventBus;
  auth: Authenticator;
  limiter: AttemptLimiter;
}) {
  const secret = FileUrlSigner.loadSecret(config.FILES_URL_SECRET, path.join(config.DATA_DIR, 'files'));
  const proxy = new ImageProxy(secret, config.API_PREFIX, OutboundAllowList.parse(config.OUTBOUND_ALLOW), {
    linkTtlMs: config.IMAGE_LINK_TTL_HOURS * 3_600_000,
    refusalMs: config.IMAGE_PROXY_REFUSAL_SECONDS * 1000,
  });
  const sessions = new LinkSessions(db, { idleDays: config.SESSION_IDLE_DAYS, maxDays: config.SESSION_MAX_DAYS });
  const limit = { scope: IMAGE_LINK_SCOPE, max: config.IMAGE_LINKS_PER_HOUR, windowMs: 3_600_000 };
  // A deleted user's minting counter goes with the account (database row and Redis key).
  events.on('user.deleting', ({ userId, trx }) => limiter.forget([limit], userId, trx));
  const part: LifecyclePart = { name: 'media', stop: () => proxy.close() };
  return { proxy, routes: mediaRoutes({ auth, proxy, sessions, limiter, limit }), part };
}
