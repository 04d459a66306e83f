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

/** Once the server is online (SPEC.md §4; never on the web): ads, and the device's push token when signed in. */
export function startNativeOnline(signedIn: boolean): void {
  if (!isNativePlatform()) return;
  void import('./native-steps').then((steps) => steps.online(signedIn));
}

/** The provider sign-in's return by deep link (native only): the app opens its landing page. */
export function listenForSignInReturn(): void {
  if (!isNativePlatform()) return;
  void import('./native-steps').then((steps) => steps.listenForSignInReturn());
}
