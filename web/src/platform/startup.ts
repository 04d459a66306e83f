import { setQaBuild } from '../api/base-url';
import { isNativePlatform } from './native';

/**
 * Native start-up steps, loaded only on native so the web's first route carries none of them.
 *
 * Before the first API call the app id is read (App.getInfo) so a QA build talks to the staging
 * host. On the web it resolves at once without touching any plugin.
 */
export async function prepareApi(): Promise<void> {
  if (!isNativePlatform()) return;
  const { loadClientInfo } = await import('./app-info');
  const info = await loadClientInfo();
  if (info.isQaBuild) setQaBuild(true);
}

/** Ads once the server is online (SPEC.md §4); never on the web. */
export function startNativeAds(): void {
  if (!isNativePlatform()) return;
  void import('./ads').then(({ startAds }) => startAds());
}

/** Native push: registers the device token when the permission was given before (platform/push.ts). */
export function startNativePush(): void {
  if (!isNativePlatform()) return;
  void import('./push').then(({ startNativePush: start }) => start()).catch(() => undefined);
}
