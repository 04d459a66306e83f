import { isNativePlatform } from '../platform/native';

/**
 * How long after the page's load event the worker is registered (then at the next idle moment). Its
 * first install downloads every file of the app (~70 files, 1.2 MB before compression) on a thread
 * of its own: registered at load, it competed with the first route's own requests and renders, and
 * on a 2-core machine it stretched the opening of a long chat into long tasks.
 */
export const REGISTER_DELAY_MS = 2000;

/**
 * Registers /sw.js in production web builds, a few seconds after the page has loaded (a waiting new
 * version goes to `useUpdateAvailable`). Not in the native app: its files ship inside the app and update with it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isNativePlatform()) return;
  // The registration's code (pwa/sw-registration.ts) loads then: the first route does not carry it.
  window.addEventListener('load', () =>
    setTimeout(
      () => void import('./sw-registration').then((m) => m.registerWhenIdle(REGISTER_DELAY_MS)),
      REGISTER_DELAY_MS,
    ),
  );
}
