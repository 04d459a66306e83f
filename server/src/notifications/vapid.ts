import fs from 'node:fs';
import path from 'node:path';
import { webPush } from './web-push.js';

/** The app's VAPID key pair (RFC 8292), base64url, and the `sub` claim. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or a pair made on first start and kept in
 * `dir/.vapid.json` (0600, like the files' URL secret: shared by the processes of one host; set
 * both variables when several hosts serve the app, or their subscriptions would not match).
 */
export function loadVapidKeys(
  configured: { publicKey?: string; privateKey?: string; subject: string },
  dir: string,
): VapidKeys {
  const { subject } = configured;
  if (configured.publicKey && configured.privateKey) {
    return { publicKey: configured.publicKey, privateKey: configured.privateKey, subject };
  }
  const file = path.join(dir, '.vapid.json');
  const read = () => ({ ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<VapidKeys, 'subject'>), subject });
  try {
    return read();
  } catch {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = webPush().generateVAPIDKeys();
    try {
      fs.writeFileSync(file, JSON.stringify(pair), { flag: 'wx', mode: 0o600 });
      return { ...pair, subject };
    } catch {
      // Another process wrote it first: use theirs.
      return read();
    }
  }
}
