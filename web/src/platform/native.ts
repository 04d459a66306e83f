/**
 * Where the app runs. The native shell injects `window.Capacitor` (with `getPlatform` and
 * `isNativePlatform`) before the page's scripts run, so this needs no Capacitor package: plugin code
 * is loaded only on native, with dynamic imports (see plugins.ts).
 */
export type Platform = 'android' | 'ios' | 'web';

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** Whether this is the native (Capacitor) build; false on the web. */
export function isNativePlatform(): boolean {
  return capacitor()?.isNativePlatform?.() === true;
}

/** `android` or `ios` in the native build, otherwise `web`. */
export function currentPlatform(): Platform {
  if (!isNativePlatform()) return 'web';
  return capacitor()?.getPlatform?.() === 'ios' ? 'ios' : 'android';
}
