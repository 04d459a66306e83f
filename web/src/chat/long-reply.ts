import { useSyncExternalStore } from 'react';

/**
 * When to offer push notifications (issue #48): after the first long reply — one that took at
 * least LONG_REPLY_MS, or during which this tab was hidden (the person switched away waiting) —
 * never on load, once per browser (remembered, whether taken or dismissed), and only while the
 * browser has not been asked yet (`Notification.permission` is `default`).
 */
export const LONG_REPLY_MS = 20_000;
const ASKED_KEY = 'neura.push-offer';

const started = new Map<string, { at: number; hidden: boolean }>();
let watching = false;
let offered = false;
const listeners = new Set<() => void>();

function watchVisibility(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) for (const reply of started.values()) reply.hidden = true;
  });
}

/** A reply began streaming (its shell arrived). */
export function replyStarted(messageId: string, now = Date.now()): void {
  watchVisibility();
  if (!started.has(messageId)) started.set(messageId, { at: now, hidden: document.hidden });
}

/** A reply ended; answers whether it was a long one (and offers notifications once if so). */
export function replyEnded(messageId: string, now = Date.now()): boolean {
  const reply = started.get(messageId);
  started.delete(messageId);
  const long = !!reply && (reply.hidden || now - reply.at >= LONG_REPLY_MS);
  if (long && mayOffer()) {
    offered = true;
    for (const listener of listeners) listener();
  }
  return long;
}

function mayOffer(): boolean {
  if (offered || !('Notification' in window) || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(ASKED_KEY) === null;
  } catch {
    return false;
  }
}

/** The offer was taken or dismissed: not shown again in this browser. */
export function closePushOffer(): void {
  offered = false;
  try {
    localStorage.setItem(ASKED_KEY, String(Date.now()));
  } catch {
    // Private mode: not remembered past this page's life.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the offer is to be shown. */
export const usePushOffer = (): boolean => useSyncExternalStore(subscribe, () => offered);
