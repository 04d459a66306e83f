/// <reference path="./web-push-types.d.cts" />
// web-push 3.6.7 ships no types: its declaration is web-push-types.d.cts (a script, so ambient).
import { createRequire } from 'node:module';
import type { WebPush } from 'web-push';

const requireHere = createRequire(import.meta.url);

/**
 * web-push (a CommonJS package), required when first used: when a push is sent, or when the first
 * start makes the VAPID key pair. A process that does neither starts without it and its modules.
 */
export function webPush(): WebPush {
  // Node's module cache keeps it after the first call.
  return requireHere('web-push') as WebPush;
}
