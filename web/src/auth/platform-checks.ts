/** Where the app runs, for the install prompt (pwanotify) and the native waitlist rule. */

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
}

export function isNativeApp(): boolean {
  const cap = (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
  return cap?.isNativePlatform?.() === true;
}

export type PhoneOs = 'ios' | 'android';

export function phoneOs(userAgent = navigator.userAgent): PhoneOs | undefined {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return undefined;
}

export function isInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return (
    standalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches)
  );
}

/** SPEC.md §2: only on a phone browser that is not installed and not the native app. */
export function shouldShowInstallPrompt(): boolean {
  return phoneOs() !== undefined && !isInstalled() && !isNativeApp();
}
