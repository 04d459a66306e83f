import type { Executor } from '../db/database.js';
import { newId } from '../lib/ids.js';

export interface SettingsValues {
  replies: number;
  hide_contents: number;
  quiet_start: number | null;
  quiet_end: number | null;
  quiet_time_zone: string | null;
}

/**
 * The only writer of `notification_settings`, `push_subscriptions`, `push_tokens` and
 * `push_deliveries`. An endpoint
 * (or a device token) belongs to one user: subscribing it again moves it to the one signed in now.
 */
export class NotificationRepository {
  constructor(private readonly db: Executor) {}

  settings(userId: string) {
    return this.db
      .selectFrom('notification_settings')
      .select(['replies', 'hide_contents', 'quiet_start', 'quiet_end', 'quiet_time_zone'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveSettings(userId: string, values: SettingsValues, now: string): Promise<void> {
    await this.db
      .insertInto('notification_settings')
      .values({ user_id: userId, ...values, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }

  async subscribe(userId: string, sub: { endpoint: string; p256dh: string; auth: string }, now: string) {
    await this.db
      .insertInto('push_subscriptions')
      .values({ id: newId(), user_id: userId, ...sub, created_at: now })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({ user_id: userId, p256dh: sub.p256dh, auth: sub.auth, created_at: now }),
      )
      .execute();
  }

  /** Removes the user's subscription of `endpoint`; true when there was one. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      .where('endpoint', '=', endpoint)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** A subscription the push service said is gone (404/410). */
  async dropSubscription(id: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
  }

  subscriptions(userId: string) {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  subscription(id: string) {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async saveToken(userId: string, platform: 'android' | 'ios', token: string, now: string): Promise<void> {
    await this.db
      .insertInto('push_tokens')
      .values({ id: newId(), user_id: userId, platform, token, created_at: now })
      .onConflict((oc) => oc.column('token').doUpdateSet({ user_id: userId, platform, created_at: now }))
      .execute();
  }

  tokens(userId: string) {
    return this.db.selectFrom('push_tokens').select(['id']).where('user_id', '=', userId).execute();
  }

  token(id: string) {
    return this.db
      .selectFrom('push_tokens')
      .select(['id', 'platform', 'token'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async dropToken(id: string): Promise<void> {
    await this.db.deleteFrom('push_tokens').where('id', '=', id).execute();
  }

  /** Claims a delivery's key; false when it was claimed before (that push is queued or sent). */
  async claimDelivery(key: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('push_deliveries')
      .values({ key, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Gives a claim back (its job could not be queued). */
  async releaseDelivery(key: string): Promise<void> {
    await this.db.deleteFrom('push_deliveries').where('key', '=', key).execute();
  }

  async pruneDeliveries(before: string): Promise<void> {
    await this.db.deleteFrom('push_deliveries').where('created_at', '<', before).execute();
  }

  /** Everything of the user's (account deletion, in its transaction). */
  async deleteAllOf(userId: string, trx: Executor): Promise<void> {
    await trx.deleteFrom('push_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('notification_settings').where('user_id', '=', userId).execute();
  }

  /** The name of the user's chat (a group round's push is titled with it). */
  chatName(userId: string, chatId: string) {
    return this.db
      .selectFrom('chats')
      .select(['name'])
      .where('id', '=', chatId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The user's language, for a push's texts. */
  locale(userId: string) {
    return this.db.selectFrom('users').select(['locale']).where('id', '=', userId).executeTakeFirst();
  }
}
