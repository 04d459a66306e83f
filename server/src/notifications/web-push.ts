/// <reference path="./web-push-types.d.cts" />
// web-push 3.6.7 ships no types: its declaration is web-push-types.d.cts (a script, so ambient).
import { createRequire } from 'node:module';
import type { WebPush } from 'web-push';

let loaded: WebPush | undefined;

/**
 * web-push (a CommonJS package), required when first used: when a push is sent, or when the first
 * start makes the VAPID key pair. A process that does neither starts without it and its modules.
 */
export function webPush(): WebPush {
  loaded ??= createRequire(import.meta.url)('web-push') as WebPush;
  return loaded;
}
