import type { Timestamp } from './columns.js';

/** 0027 (notifications, issue #48): one row per user once set; no row = replies on, contents shown. */
export interface NotificationSettingsTable {
  user_id: string;
  replies: number;
  hide_contents: number;
  /** Quiet hours, minutes after midnight UTC (both null: none). */
  quiet_start: number | null;
  quiet_end: number | null;
  /** 0033: the IANA time zone quiet hours are read in (null: UTC). */
  quiet_time_zone: string | null;
  updated_at: Timestamp;
}

/** 0027: a browser's Web Push subscription (RFC 8030 endpoint, RFC 8291 keys), one per device. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** 0027: a native app's device token (FCM on Android, APNs on iOS). */
export interface PushTokensTable {
  id: string;
  user_id: string;
  platform: 'android' | 'ios';
  token: string;
  created_at: Timestamp;
}

/** 0033: a push queued for one device for one finished reply (or round); outlives the job row. */
export interface PushDeliveriesTable {
  key: string;
  created_at: Timestamp;
}
