import { useUpdateAvailable } from './update-available';

let updateAccepted = false;
let reloading = false;

/**
 * Registers /sw.js and reports a waiting new version (loaded when `registerServiceWorker` decides
 * to register: the first route does not carry it).
 */
export function register(): void {
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
