import { z } from 'zod';

/** Notifications (wave 4, issue #48): Web Push subscriptions, native device tokens, settings. */

/** `GET /push/vapid`: the server's VAPID public key (base64url, uncompressed P-256 point). */
export interface VapidKey {
  publicKey: string;
}

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

/** `POST /users/me/push-subscriptions`: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** `DELETE /users/me/push-subscriptions`. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

export const PUSH_PLATFORMS = ['android', 'ios'] as const;
/** `POST /users/me/push-tokens`: a native app's device token (FCM on Android, APNs on iOS). */
export const pushTokenSchema = z.object({
  platform: z.enum(PUSH_PLATFORMS),
  token: z
    .string()
    .min(8)
    .max(4096)
    .regex(/^[\w:.-]+$/),
});

/** An IANA time zone name the runtime knows (`Europe/Berlin`). */
const timeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * Quiet hours: minutes after midnight in `timeZone` (the user's; UTC when absent); no push between
 * `start` and `end` (may wrap midnight).
 */
export const quietHoursSchema = z.object({
  start: z.number().int().min(0).max(1439),
  end: z.number().int().min(0).max(1439),
  timeZone: timeZoneSchema.optional(),
});

/** `GET|PUT /users/me/notifications`. */
export const notificationSettingsSchema = z.object({
  replies: z.boolean(),
  hideContents: z.boolean(),
  quietHours: quietHoursSchema.nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const updateNotificationSettingsSchema = notificationSettingsSchema.partial();

/** What the service worker (and the native apps) get: the lock screen may show all of it. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  chatId?: string;
  messageId?: string;
  /** The persona's avatar (a path on the app), for the notification's icon. */
  icon?: string;
}

/** The `visibility` socket event: a tab tells whether it is hidden (no push while one is seen). */
export const visibilitySchema = z.object({ hidden: z.boolean() });
