import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { ApnsSender } from './apns.js';
import { FcmSender, type ServiceAccount } from './fcm.js';
import type { NativePushSender } from './senders.js';

type NativeConfig = Pick<
  Config,
  | 'FCM_SERVICE_ACCOUNT'
  | 'FCM_BASE_URL'
  | 'APNS_KEY'
  | 'APNS_KEY_ID'
  | 'APNS_TEAM_ID'
  | 'APNS_TOPIC'
  | 'APNS_HOST'
  | 'APNS_CA'
>;

/** A setting given inline (JSON, PEM) or as a file's path. */
const inlineOrFile = (value: string, inline: (v: string) => boolean): string =>
  inline(value) ? value : fs.readFileSync(value, 'utf8');

const isPem = (v: string) => v.startsWith('-----BEGIN');
/** A PEM given inline in one line (`\n` written as two characters) or as a file's path. */
const pemOf = (value: string) => inlineOrFile(value, isPem).replace(/\\n/g, '\n');

/** FCM from its service-account key, or undefined when not configured. */
function fcmOf(config: NativeConfig): FcmSender | undefined {
  if (!config.FCM_SERVICE_ACCOUNT) return undefined;
  const account = JSON.parse(inlineOrFile(config.FCM_SERVICE_ACCOUNT, (v) => v.startsWith('{'))) as ServiceAccount;
  if (!account.project_id || !account.client_email || !account.private_key) {
    throw new Error('FCM_SERVICE_ACCOUNT lacks project_id, client_email or private_key');
  }
  return new FcmSender({ account, ...(config.FCM_BASE_URL ? { baseUrl: config.FCM_BASE_URL } : {}) });
}

/** APNs from its .p8 key, key id, team id and topic, or undefined when not (fully) configured. */
function apnsOf(config: NativeConfig): ApnsSender | undefined {
  const { APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID, APNS_TOPIC } = config;
  if (!APNS_KEY || !APNS_KEY_ID || !APNS_TEAM_ID || !APNS_TOPIC) return undefined;
  return new ApnsSender({
    key: pemOf(APNS_KEY),
    keyId: APNS_KEY_ID,
    teamId: APNS_TEAM_ID,
    topic: APNS_TOPIC,
    host: config.APNS_HOST,
    ...(config.APNS_CA ? { ca: pemOf(config.APNS_CA) } : {}),
  });
}

/**
 * The native apps' sender: FCM for Android, APNs for iOS, each when its keys are configured;
 * a platform without keys gets nothing, and a log line says so.
 */
export function createNativeSender(
  config: NativeConfig,
  log: Pick<FastifyBaseLogger, 'info'>,
): NativePushSender & { close(): void } {
  const fcm = fcmOf(config);
  const apns = apnsOf(config);
  return {
    async send(device, payload) {
      const sender = device.platform === 'ios' ? apns : fcm;
      if (!sender) {
        log.info({ platform: device.platform }, 'native push not configured (no FCM/APNs keys): nothing sent');
        return 'skipped';
      }
      return sender.send(device.token, payload);
    },
    close: () => apns?.close(),
  };
}
