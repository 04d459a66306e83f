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

/** The provider sign-in's return by deep link (native only): the app opens its landing page. */
export function listenForSignInReturn(): void {
  if (!isNativePlatform()) return;
  void Promise.all([import('./plugins'), import('./deep-link')])
    .then(async ([{ loadAppUrlListener }, { signInReturnPath }]) => {
      const listener = await loadAppUrlListener();
      await listener.onUrl((url) => {
        const path = signInReturnPath(url);
        if (path) window.location.replace(path);
      });
    })
    .catch((error: unknown) => console.warn('Could not listen for deep links', error));
}

/** Native push: registers the device token when the permission was given before (platform/push.ts). */
export function startNativePush(): void {
  if (!isNativePlatform()) return;
  void import('./push').then(({ startNativePush: start }) => start()).catch(() => undefined);
}
