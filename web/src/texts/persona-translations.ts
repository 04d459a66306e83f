import type { Locale } from '@neura/contract';

/** The console's persona translations field (issue #43), in every locale. */
export const personaTranslationTexts: Record<Locale, { label: string; hint: string; invalid: string }> = {
  'en-US': {
    label: 'Translations (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — locales: es, de, fr, pt-BR, ja, ar',
    invalid: 'The translations are not valid JSON.',
  },
  es: {
    label: 'Traducciones (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — idiomas: es, de, fr, pt-BR, ja, ar',
    invalid: 'Las traducciones no son un JSON válido.',
  },
  de: {
    label: 'Übersetzungen (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } – Sprachen: es, de, fr, pt-BR, ja, ar',
    invalid: 'Die Übersetzungen sind kein gültiges JSON.',
  },
  fr: {
    label: 'Traductions (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — langues : es, de, fr, pt-BR, ja, ar',
    invalid: 'Les traductions ne sont pas un JSON valide.',
  },
  'pt-BR': {
    label: 'Traduções (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — idiomas: es, de, fr, pt-BR, ja, ar',
    invalid: 'As traduções não são um JSON válido.',
  },
  ja: {
    label: '翻訳（JSON）',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — 言語: es, de, fr, pt-BR, ja, ar',
    invalid: '翻訳が正しい JSON ではありません。',
  },
  ar: {
    label: 'الترجمات (JSON)',
    hint: '{ "de": { "name": "…", "description": "…", "greeting": "…" } } — اللغات: es, de, fr, pt-BR, ja, ar',
    invalid: 'الترجمات ليست JSON صالحًا.',
  },
};
