import { isLocale, type PersonaTranslations } from '@neura/contract';
import { fromJson, toJson } from '../db/database.js';
import type { PersonaRow } from '../db/schema.js';
import { seedTranslations } from './seed-translations.js';

/**
 * A persona's translations (issue #43): the stored ones over the built-in ones of
 * seed-translations.ts (for the operator's catalog only), unknown locales and empty texts left out;
 * undefined when there are none. `seeds`: the built-in ones by persona id (a test's own).
 */
export function translationsOf(
  row: Pick<PersonaRow, 'id' | 'owner_id' | 'translations'>,
  seeds: Readonly<Record<string, PersonaTranslations>> = seedTranslations,
): PersonaTranslations | undefined {
  const stored = fromJson<PersonaTranslations>(row.translations, {});
  const seeded = row.owner_id == null ? (seeds[row.id] ?? {}) : {};
  const out: PersonaTranslations = {};
  for (const locale of new Set([...Object.keys(seeded), ...Object.keys(stored)])) {
    if (!isLocale(locale)) continue;
    const merged = { ...seeded[locale], ...stored[locale] };
    const texts = Object.fromEntries(Object.entries(merged).filter(([, v]) => typeof v === 'string' && v !== ''));
    if (Object.keys(texts).length > 0) out[locale] = texts;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The column value of translations given by the console, the builder or an import (null: none). */
export const translationsColumn = (translations: PersonaTranslations | undefined | null): string | null =>
  translations && Object.keys(translations).length > 0 ? toJson(translations) : null;
