/**
 * The languages Neura speaks (issue #43, ARCHITECTURE.md "Languages (wave 4)"). `en-US` is the
 * default and the texts of SPEC.md verbatim. Plain values (no zod): the web's first route uses them.
 */
export const LOCALES = ['en-US', 'es', 'de', 'fr', 'pt-BR', 'ja', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
/** Locales written right to left. */
export const RTL_LOCALES: readonly Locale[] = ['ar'];
/** Each locale's name in English (what the model is told) and in itself (what the language menu shows). */
export const LOCALE_NAMES: Record<Locale, { english: string; native: string }> = {
  'en-US': { english: 'English', native: 'English' },
  es: { english: 'Spanish', native: 'Español' },
  de: { english: 'German', native: 'Deutsch' },
  fr: { english: 'French', native: 'Français' },
  'pt-BR': { english: 'Brazilian Portuguese', native: 'Português (Brasil)' },
  ja: { english: 'Japanese', native: '日本語' },
  ar: { english: 'Arabic', native: 'العربية' },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The supported locale of a list of language tags, best first (`navigator.languages`, or an
 * Accept-Language header's tags by weight): an exact match, else the same language (`pt` and `pt-PT`
 * → `pt-BR`, `es-MX` → `es`, `en-GB` → `en-US`); undefined when none is supported.
 */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) continue;
    const exact = LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split('-')[0]?.toLowerCase();
    const same = LOCALES.find((l) => l.split('-')[0]?.toLowerCase() === language);
    if (same) return same;
  }
  return undefined;
}

/** The tags of an Accept-Language header, highest weight first (`*` and malformed entries skipped). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((e) => e.tag);
}
