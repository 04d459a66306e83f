import { isInstalled, phoneOs } from '../auth/platform-checks';
import { isNativePlatform } from '../platform/native';
import { DEFAULT_APP_STORE_URL, storeLinks } from '../platform/store-links';

/**
 * The store-app banner shows on a phone browser (Android or iOS) that is neither the installed web
 * app nor the native app, until the visitor dismisses it (remembered on the device). An iPhone
 * sees it only once the App Store listing is configured (the bare App Store would be no help).
 */
const DISMISSED_KEY = 'neura:store-banner-dismissed';

export interface StoreBannerTarget {
  os: 'android' | 'ios';
  url: string;
}

export function storeBannerTarget(env: {
  userAgent: string;
  installed: boolean;
  native: boolean;
  links: { android: string; ios: string };
}): StoreBannerTarget | null {
  const os = phoneOs(env.userAgent);
  if (!os || env.installed || env.native) return null;
  if (os === 'ios' && env.links.ios === DEFAULT_APP_STORE_URL) return null;
  return { os, url: env.links[os] };
}

export function currentStoreBannerTarget(): StoreBannerTarget | null {
  return storeBannerTarget({
    userAgent: navigator.userAgent,
    installed: isInstalled(),
    native: isNativePlatform(),
    links: storeLinks(),
  });
}

export function isStoreBannerDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberStoreBannerDismissed(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: dismissed for this visit only.
  }
}
