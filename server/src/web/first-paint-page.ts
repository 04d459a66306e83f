import { acceptLanguageTags, matchLocale, type Persona } from '@neura/contract';
import { FIRST_PAINT_MARKER, renderFirstPaint } from './first-paint.js';

/** The published catalog as GET /personas serves it (PersonaService.catalog): its version and JSON. */
export type FirstPaintCatalog = () => Promise<{ etag: string; body: string }>;

/**
 * index.html for "/" with the first paint in the visitor's language (Accept-Language, as the app's
 * first choice is the browser's language), rebuilt only when the catalog or the language changes.
 * Undefined (the plain index.html) when index.html has no marker or the catalog cannot be read.
 */
export function firstPaintPage(
  indexHtml: string,
  catalog: FirstPaintCatalog,
  apiPrefix: string,
): (acceptLanguage: string | undefined) => Promise<string | undefined> {
  if (!indexHtml.includes(FIRST_PAINT_MARKER)) return async () => undefined;
  let cache: { etag: string; personas: Persona[]; pages: Map<string, string> } | undefined;
  return async (acceptLanguage) => {
    let current: { etag: string; body: string };
    try {
      current = await catalog();
    } catch {
      return undefined;
    }
    if (cache?.etag !== current.etag)
      cache = { etag: current.etag, personas: JSON.parse(current.body) as Persona[], pages: new Map() };
    const locale = matchLocale(acceptLanguageTags(acceptLanguage)) ?? 'en-US';
    let page = cache.pages.get(locale);
    if (page === undefined) {
      const paint = renderFirstPaint(cache.personas, locale, apiPrefix);
      // A function replacer: `$` in the catalog is never a replacement pattern.
      page = indexHtml.replace(FIRST_PAINT_MARKER, () => paint);
      cache.pages.set(locale, page);
    }
    return page;
  };
}
