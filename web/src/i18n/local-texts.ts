import { DEFAULT_LOCALE, isLocale, type Locale } from '@neura/contract';
import { getLocale } from './active-locale';
import { PSEUDO_LOCALE } from './detect';
import { pseudoCatalog } from './pseudo';

/**
 * Texts kept with all their locales in one small table (the language setting, the Explore carousel
 * titles): the active locale's, the pseudo-locale's made from en-US, en-US otherwise.
 */
export function localTexts<T>(table: Record<Locale, T>): T {
  const locale = getLocale();
  if (locale === PSEUDO_LOCALE) return pseudoCatalog(table[DEFAULT_LOCALE]);
  return table[isLocale(locale) ? locale : DEFAULT_LOCALE];
}
