import { api } from '../api/http';
import { currentPlatform } from './native';

/** A same-origin path of the app only (a push can never open another site). */
const appPath = (url: unknown): string => (typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : '/');

/**
 * Native push (issue #48), loaded only on native: the device token goes to the server
 * (`POST /users/me/push-tokens`) and a tap on a notification opens its chat. `ask`: request the
 * permission (only after a user action, Settings › Notifications); without it, the app registers
 * only when the permission was given before.
 */
export async function startNativePush(ask = false): Promise<'registered' | 'denied'> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  let { receive } = await PushNotifications.checkPermissions();
  if (receive !== 'granted' && ask) ({ receive } = await PushNotifications.requestPermissions());
  if (receive !== 'granted') return 'denied';
  await PushNotifications.removeAllListeners();
  await PushNotifications.addListener('registration', ({ value }) => {
    void api('/users/me/push-tokens', { method: 'POST', body: { platform: currentPlatform(), token: value } }).catch(
      (error: unknown) => console.error('Push token not stored', error),
    );
  });
  await PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    window.location.assign(appPath((notification.data as { url?: unknown } | undefined)?.url));
  });
  await PushNotifications.register();
  return 'registered';
}
