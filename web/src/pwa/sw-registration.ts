import { useUpdateAvailable } from './update-available';

let updateAccepted = false;
let reloading = false;

/** Runs `work` when the main thread is idle (at the latest after `timeout`); Safari has no idle callback. */
function whenIdle(work: () => void, timeout: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout });
  else setTimeout(work, 0);
}

/**
 * Registers /sw.js at the next idle moment (at the latest after `timeout`) and reports a waiting new
 * version (loaded by `registerServiceWorker`, a few seconds after the page's load: the first route
 * does not carry it).
 */
export function registerWhenIdle(timeout: number): void {
  whenIdle(register, timeout);
}

function register(): void {
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
}

/** Switches to the waiting version (the page reloads on controllerchange). */
export function applyUpdate(): void {
  updateAccepted = true;
  useUpdateAvailable.getState().waiting?.postMessage({ type: 'SKIP_WAITING' });
}
