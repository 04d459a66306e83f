import { APP_ID } from './app-ids';

/**
 * Where the native app is listed. Google Play's address follows from the app id; the App Store's
 * needs the id Apple assigns at listing time (VITE_APP_STORE_URL), until then the App Store itself.
 * /outdated.html gets the same addresses at build time (web/pwa/vite-plugin-store-links.ts).
 */
export const DEFAULT_PLAY_STORE_URL = `https://play.google.com/store/apps/details?id=${APP_ID}`;
export const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/';

export function storeLinks(): { android: string; ios: string } {
  return {
    android: import.meta.env.VITE_PLAY_STORE_URL || DEFAULT_PLAY_STORE_URL,
    ios: import.meta.env.VITE_APP_STORE_URL || DEFAULT_APP_STORE_URL,
  };
}
