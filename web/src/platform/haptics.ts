export type { ImpactStyle } from './plugin-types';

import { isNativePlatform } from './native';
import type { HapticsPlugin, ImpactStyle } from './plugin-types';
import { loadHapticsPlugin } from './plugins';

/**
 * Haptic impact (navigation and modal changes, SPEC.md §4): Capacitor Haptics on native, else
 * `navigator.vibrate` where the browser has it, else nothing. Fire and forget: never throws.
 */

const VIBRATE_MS: Record<ImpactStyle, number> = { LIGHT: 8, MEDIUM: 12, HEAVY: 20 };

let plugin: Promise<HapticsPlugin> | undefined;

export function hapticImpact(style: ImpactStyle = 'LIGHT'): void {
  if (isNativePlatform()) {
    plugin ??= loadHapticsPlugin();
    void plugin.then((haptics) => haptics.impact({ style })).catch(() => undefined);
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
