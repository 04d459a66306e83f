import type {
  AdminCatalog,
  CreatorCatalog,
  IoCatalog,
  MainCatalog,
  MemoryCatalog,
  SuggestionCatalog,
} from '../texts/catalog';

/** The translated locales (en-US is the texts the app is built with). */
export type TranslatedLocale = 'es' | 'de' | 'fr' | 'pt-BR' | 'ja' | 'ar';

/**
 * Each locale's catalogs, one lazy chunk per locale and part: only the active locale's are fetched,
 * the console's and the builder's with their own routes (issue #43).
 */
export const mainLoaders: Record<TranslatedLocale, () => Promise<{ main: MainCatalog }>> = {
  es: () => import('../texts/locales/es/main'),
  de: () => import('../texts/locales/de/main'),
  fr: () => import('../texts/locales/fr/main'),
  'pt-BR': () => import('../texts/locales/pt-BR/main'),
  ja: () => import('../texts/locales/ja/main'),
  ar: () => import('../texts/locales/ar/main'),
};

export const creatorLoaders: Record<TranslatedLocale, () => Promise<{ creator: CreatorCatalog }>> = {
  es: () => import('../texts/locales/es/creator'),
  de: () => import('../texts/locales/de/creator'),
  fr: () => import('../texts/locales/fr/creator'),
  'pt-BR': () => import('../texts/locales/pt-BR/creator'),
  ja: () => import('../texts/locales/ja/creator'),
  ar: () => import('../texts/locales/ar/creator'),
};

export const adminLoaders: Record<TranslatedLocale, () => Promise<{ admin: AdminCatalog }>> = {
  es: () => import('../texts/locales/es/admin'),
  de: () => import('../texts/locales/de/admin'),
  fr: () => import('../texts/locales/fr/admin'),
  'pt-BR': () => import('../texts/locales/pt-BR/admin'),
  ja: () => import('../texts/locales/ja/admin'),
  ar: () => import('../texts/locales/ar/admin'),
};

/** Memory's and search/sharing/data's texts: on the first route (the chat, its menu, Settings), fetched with main. */
export const memoryLoaders: Record<TranslatedLocale, () => Promise<{ memory: MemoryCatalog }>> = {
  es: () => import('../texts/locales/es/memory'),
  de: () => import('../texts/locales/de/memory'),
  fr: () => import('../texts/locales/fr/memory'),
  'pt-BR': () => import('../texts/locales/pt-BR/memory'),
  ja: () => import('../texts/locales/ja/memory'),
  ar: () => import('../texts/locales/ar/memory'),
};

export const ioLoaders: Record<TranslatedLocale, () => Promise<{ io: IoCatalog }>> = {
  es: () => import('../texts/locales/es/io'),
  de: () => import('../texts/locales/de/io'),
  fr: () => import('../texts/locales/fr/io'),
  'pt-BR': () => import('../texts/locales/pt-BR/io'),
  ja: () => import('../texts/locales/ja/io'),
  ar: () => import('../texts/locales/ar/io'),
};

export const suggestionLoaders: Record<TranslatedLocale, () => Promise<{ suggestions: SuggestionCatalog }>> = {
  es: () => import('../texts/locales/es/suggestions'),
  de: () => import('../texts/locales/de/suggestions'),
  fr: () => import('../texts/locales/fr/suggestions'),
  'pt-BR': () => import('../texts/locales/pt-BR/suggestions'),
  ja: () => import('../texts/locales/ja/suggestions'),
  ar: () => import('../texts/locales/ar/suggestions'),
};
