import { api } from '../api/http';
import { isNativePlatform } from '../platform/native';

/**
 * This device's Web Push subscription (issue #48): the permission is asked only here, after the
 * person pressed the button (never on a first visit); the subscription is made with the server's
 * VAPID key and stored on the server, which pushes finished replies to it.
 */
export type PushSupport = 'supported' | 'unsupported' | 'ios-install';

/** iOS Safari allows Web Push only to an app added to the Home Screen. */
export function pushSupport(): PushSupport {
  if (isNativePlatform()) return 'supported';
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.maxTouchPoints > 1 && /Mac/.test(navigator.userAgent));
  const installed =
    window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone;
  if (ios && !installed) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return 'supported';
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

async function registration(): Promise<ServiceWorkerRegistration> {
  return (await navigator.serviceWorker.getRegistration()) ?? navigator.serviceWorker.register('/sw.js');
}

/** The subscription this browser holds now (null: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported' || isNativePlatform()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Asks the permission (a user action called this), subscribes and stores the subscription. */
export async function subscribeThisDevice(): Promise<'subscribed' | 'denied'> {
  if (isNativePlatform()) {
    const { startNativePush } = await import('../platform/push');
    return (await startNativePush(true)) === 'registered' ? 'subscribed' : 'denied';
  }
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await api<{ publicKey: string }>('/push/vapid');
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api('/users/me/push-subscriptions', { method: 'POST', body: subscription.toJSON() });
  return 'subscribed';
}

/** Removes this device's subscription, here and on the server. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api('/users/me/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
