import { type Locale, matchLocale } from '@neura/contract';

/** The pseudo-locale (accented, ~40% longer): dev and test only, never offered in the language menu. */
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = Locale | typeof PSEUDO_LOCALE;

const KEY = 'neura:locale';

const isAppLocale = (v: unknown): v is AppLocale => v === PSEUDO_LOCALE || matchLocale([String(v)]) === v;

/** The locale chosen on this device (a visitor's choice, or the signed-in user's last known one). */
export function storedLocale(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): AppLocale | null {
  try {
    const value = storage?.getItem(KEY);
    return isAppLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(
  locale: AppLocale,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(KEY, locale);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
}

/**
 * The locale to start in: the one chosen on this device, else the browser's first supported
 * language (`pt` → `pt-BR`, `es-MX` → `es`), else en-US.
 */
export function detectLocale(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
  stored: AppLocale | null = storedLocale(),
): AppLocale {
  return stored ?? matchLocale(languages) ?? 'en-US';
}
