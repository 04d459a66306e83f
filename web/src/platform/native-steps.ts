import { startAds } from './ads';
import { signInReturnPath } from './deep-link';
import { loadAppUrlListener } from './plugins';
import { startNativePush } from './push';

/**
 * The native shell's start-up steps after the first paint, one lazy chunk the web never fetches
 * (platform/startup.ts keeps only the checks that decide to load it).
 */
export function online(signedIn: boolean): void {
  void startAds();
  if (signedIn) void startNativePush().catch(() => undefined);
}

/** The provider sign-in's return by deep link (issue #47): the app opens its landing page. */
export async function listenForSignInReturn(): Promise<void> {
  try {
    const listener = await loadAppUrlListener();
    await listener.onUrl((url) => {
      const path = signInReturnPath(url);
      if (path) window.location.replace(path);
    });
  } catch (error) {
    console.warn('Could not listen for deep links', error);
  }
}
