import type { Locale } from '@neura/contract';
import { seedTranslationsDeJaAr } from './seed-translations.de-ja-ar.js';
import { seedTranslationsEsFrPt } from './seed-translations.es-fr-pt.js';

/** One language's texts of a built-in persona. */
export interface SeedTranslation {
  name?: string;
  description?: string;
  greeting?: string;
}

/**
 * The built-in personas' names, descriptions and greetings in the other languages (issue #43), by
 * persona id as in seed-data.ts. A translation stored on the row (the console) wins over these.
 */
export const seedTranslations: Record<string, Partial<Record<Locale, SeedTranslation>>> = mergeLocales(
  seedTranslationsEsFrPt,
  seedTranslationsDeJaAr,
);

type Texts = { name?: string; description: string; greeting: string | null };

/** The two translators' tables, one entry per persona id (a `null` greeting: the persona has none). */
function mergeLocales(
  ...tables: Array<Record<string, Partial<Record<Locale, Texts>>>>
): Record<string, Partial<Record<Locale, SeedTranslation>>> {
  const merged: Record<string, Partial<Record<Locale, SeedTranslation>>> = {};
  for (const table of tables) {
    for (const [id, locales] of Object.entries(table)) {
      const entry = merged[id] ?? {};
      merged[id] = entry;
      for (const [locale, texts] of Object.entries(locales) as Array<[Locale, Texts]>) {
        entry[locale] = {
          ...(texts.name ? { name: texts.name } : {}),
          description: texts.description,
          ...(texts.greeting ? { greeting: texts.greeting } : {}),
        };
      }
    }
  }
  return merged;
}
