import { create } from 'zustand';
import { isNativePlatform } from '../platform/native';

/** A new service worker is installed and waiting: the update prompt offers to switch to it. */
export const useUpdateAvailable = create<{ waiting: ServiceWorker | null }>()(() => ({ waiting: null }));

let updateAccepted = false;
let reloading = false;

/**
 * How long after the page's load event the worker is registered (then at the next idle moment). Its
 * first install downloads every file of the app (~70 files, 1.2 MB before compression) on a thread
 * of its own: registered at load, it competed with the first route's own requests and renders, and
 * on a 2-core machine it stretched the opening of a long chat into long tasks.
 */
export const REGISTER_DELAY_MS = 2000;

/** Runs `work` when the main thread is idle (at the latest after `timeout`); Safari has no idle callback. */
function whenIdle(work: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 0);
}

/**
 * Registers /sw.js in production web builds, a few seconds after the page has loaded, and reports a
 * waiting new version. Not in the native app: its files ship inside the app and update with it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || isNativePlatform()) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        const offer = (worker: ServiceWorker | null) => {
          // Only an update: the very first install has no controller to replace.
          if (worker && navigator.serviceWorker.controller) useUpdateAvailable.setState({ waiting: worker });
        };
        offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed') offer(installing);
          });
        });
        // Look for a new version when the app comes back to the foreground.
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error));
    // The first install also changes the controller (clients.claim): only an accepted update reloads.
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (!updateAccepted || reloading) return;
      reloading = true;
      window.location.reload();
    });
  };
  window.addEventListener('load', () => setTimeout(() => whenIdle(register, REGISTER_DELAY_MS), REGISTER_DELAY_MS));
}

/** Switches to the waiting version (the page reloads on controllerchange). */
export function applyUpdate(): void {
  updateAccepted = true;
  useUpdateAvailable.getState().waiting?.postMessage({ type: 'SKIP_WAITING' });
}
