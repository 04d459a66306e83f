/**
 * Haptic impact: Capacitor Haptics on native (when the plugin is present on the bridge), else
 * `navigator.vibrate` where the browser has it, else nothing. No Capacitor package is imported:
 * the native shell exposes its plugins on `window.Capacitor`.
 */
export type ImpactStyle = 'LIGHT' | 'MEDIUM' | 'HEAVY';

interface CapacitorHaptics {
  impact: (options: { style: ImpactStyle }) => Promise<void>;
}
interface CapacitorBridge {
  isNativePlatform?: () => boolean;
  Plugins?: { Haptics?: CapacitorHaptics };
}

const VIBRATE_MS: Record<ImpactStyle, number> = { LIGHT: 8, MEDIUM: 12, HEAVY: 20 };

function nativeHaptics(): CapacitorHaptics | undefined {
  const cap = (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
  if (!cap?.isNativePlatform?.()) return undefined;
  return cap.Plugins?.Haptics;
}

export function hapticImpact(style: ImpactStyle = 'LIGHT'): void {
  const native = nativeHaptics();
  if (native) {
    void native.impact({ style }).catch(() => undefined);
    return;
  }
  const nav = globalThis.navigator as Navigator | undefined;
  if (typeof nav?.vibrate === 'function') {
    try {
      nav.vibrate(VIBRATE_MS[style]);
    } catch {
      // Some browsers throw before a user gesture; haptics are best effort.
    }
  }
}

/** Whether this is the native (Capacitor) build; false on the web. */
export function isNativePlatform(): boolean {
  const cap = (globalThis as { Capacitor?: CapacitorBridge }).Capacitor;
  return Boolean(cap?.isNativePlatform?.());
}
