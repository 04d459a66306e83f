import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AppJob, AppJobs } from '../jobs/module.js';
import type { EventBus } from '../lib/events.js';
import type { LifecyclePart } from '../lib/lifecycle.js';
import type { PersonaRepository } from '../personas/repository.js';
import type { Realtime } from '../realtime/realtime.js';
import { sessionKit } from '../realtime/socket-kit.js';
import { OutboundAllowList } from '../skills/http/address-policy.js';
import { SafeHttpClient } from '../skills/http/safe-client.js';
import { createNativeSender } from './native.js';
import { createNotifier } from './notifier.js';
import { NotificationRepository } from './repository.js';
import { notificationRoutes, vapidRoute } from './routes.js';
import { type NativePushSender, WebPushSender } from './senders.js';
import { NotificationService } from './service.js';
import { loadVapidKeys } from './vapid.js';

/**
 * Notifications (issue #48): Web Push (RFC 8030/8291/8292, the app's own VAPID keys) to browsers
 * and native pushes to the apps when a reply (or an archive) is done and nobody is looking: no
 * socket of the user connected on any process, or every tab hidden for PUSH_HIDDEN_SECONDS. Each
 * device's push is a `push.send` job (429/5xx tried again with back-off; 404/410 drops the device),
 * sent through the SSRF-safe client.
 */
export function createNotificationsModule(deps: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  events: EventBus;
  auth: Authenticator;
  realtime: Pick<Realtime, 'attached' | 'presence' | 'onSession'>;
  personas: Pick<PersonaRepository, 'findById'>;
  jobs: Pick<AppJobs, 'enqueue'>;
  /** FCM / APNs; unset: nothing sent to the apps, and a log line. */
  native?: NativePushSender;
}) {
  const { config } = deps;
  const vapid = loadVapidKeys(
    { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT },
    config.DATA_DIR,
  );
  const allow = OutboundAllowList.parse(config.OUTBOUND_ALLOW);
  const client = new SafeHttpClient(allow);
  const repo = new NotificationRepository(deps.db);
  const service = new NotificationService(repo, deps.jobs, { isAllowed: (url) => client.isAllowed(url) });
  const native = createNativeSender(config, deps.log);
  const notifier = createNotifier({
    repo,
    service,
    presence: (userId) => (deps.realtime.attached ? deps.realtime.presence(userId) : Promise.resolve([])),
    personas: deps.personas,
    web: new WebPushSender(client, vapid),
    native: deps.native ?? native,
    hiddenMs: config.PUSH_HIDDEN_SECONDS * 1000,
    log: deps.log,
  });
  deps.events.on('reply.finished', async (event) => void (await notifier.replyFinished(event)));
  deps.events.on('round.finished', async (event) => void (await notifier.roundFinished(event)));
  deps.events.on('archive.ready', async (event) => void (await notifier.archiveReady(event)));
  deps.events.on('user.deleting', ({ userId, trx }) => repo.deleteAllOf(userId, trx));
  // A tab tells when it is hidden or seen again; the socket keeps when it was hidden.
  deps.realtime.onSession((socket) => {
    sessionKit.on(socket, 'visibility', ({ hidden }) => {
      socket.data.hiddenSince = hidden ? (socket.data.hiddenSince ?? Date.now()) : undefined;
      return { success: true as const };
    });
  });
  const jobs: AppJob[] = [
    { name: 'push.send', maxAttempts: 5, backoffMs: 30_000, run: (job, context) => notifier.send(job, context) },
  ];
  const part: LifecyclePart = {
    name: 'notifications',
    stop: async () => {
      native.close();
      await client.close();
    },
  };
  return {
    notifications: service,
    notifier,
    vapidPublicKey: vapid.publicKey,
    jobs,
    part,
    routes: [vapidRoute(vapid.publicKey), notificationRoutes(deps.auth, service)],
  };
}
