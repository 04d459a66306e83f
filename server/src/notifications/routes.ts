import {
  pushSubscriptionSchema,
  pushTokenSchema,
  pushUnsubscribeSchema,
  updateNotificationSettingsSchema,
  type VapidKey,
} from '@neura/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticator } from '../auth/authenticate.js';
import { requireAuth, signedIn } from '../auth/http-auth.js';
import { parse } from '../lib/validate.js';
import type { NotificationService } from './service.js';

const writes = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

/** `GET /push/vapid`: the public key browsers subscribe with (`applicationServerKey`). */
export const vapidRoute =
  (publicKey: string): FastifyPluginAsync =>
  async (app) => {
    app.get('/push/vapid', async (): Promise<VapidKey> => ({ publicKey }));
  };

/** The signed-in user's notification settings, push subscriptions and device tokens. */
export const notificationRoutes =
  (auth: Authenticator, service: NotificationService): FastifyPluginAsync =>
  async (app) => {
    requireAuth(app, auth);

    app.get('/users/me/notifications', async (request) => service.settings(signedIn(request).user.id));

    app.put('/users/me/notifications', writes, async (request) =>
      service.updateSettings(signedIn(request).user.id, parse(updateNotificationSettingsSchema, request.body ?? {})),
    );

    app.post('/users/me/push-subscriptions', writes, async (request, reply) => {
      await service.subscribe(signedIn(request).user.id, parse(pushSubscriptionSchema, request.body));
      return reply.code(201).send({ success: true });
    });

    app.delete('/users/me/push-subscriptions', writes, async (request) => {
      await service.unsubscribe(signedIn(request).user.id, parse(pushUnsubscribeSchema, request.body ?? {}).endpoint);
      return { success: true };
    });

    app.post('/users/me/push-tokens', writes, async (request, reply) => {
      const { platform, token } = parse(pushTokenSchema, request.body);
      await service.registerToken(signedIn(request).user.id, platform, token);
      return reply.code(201).send({ success: true });
    });
  };
