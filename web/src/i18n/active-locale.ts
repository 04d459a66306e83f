import type { AppLocale } from './detect';

/**
 * The active locale and who follows it: the first route reads this much of the language runtime
 * (i18n/runtime.ts, with its catalog loaders, loads only when a locale is set; docs/PERFORMANCE.md "Bundle").
 */
let active: AppLocale = 'en-US';
const listeners = new Set<() => void>();

export const getLocale = (): AppLocale => active;

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Makes `locale` the active one and tells the listeners (the runtime calls it once a switch is written in). */
export function announceLocale(locale: AppLocale): void {
  if (active === locale) return;
  active = locale;
  for (const listener of listeners) listener();
}
