import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { acceptLanguageTags, type Locale, matchLocale, type Persona } from '@neura/contract';
import type { CompressedAsset } from './compressed-assets.js';
import { FIRST_PAINT_MARKER, renderFirstPaint } from './first-paint.js';

/** The published catalog as GET /personas serves it (PersonaService.catalog): its version and JSON. */
export type FirstPaintCatalog = () => Promise<{ etag: string; body: string }>;

/** index.html with the first paint, as it is and compressed (it is ~40 KB, ~6 KB once compressed). */
export type FirstPaintPage = CompressedAsset & { plain: Buffer };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compressPage(html: string): Promise<FirstPaintPage> {
  const plain = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([
    // Quality 9: within a few % of 11 for HTML, made in a few ms (once per catalog version and language).
    brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(plain, { level: 9 }),
  ]);
  return { type: 'text/html; charset=utf-8', size: plain.length, plain, br, gzip: gz };
}

/**
 * index.html for "/" with the first paint in the visitor's language (Accept-Language, as the app's
 * first choice is the browser's language), rebuilt only when the catalog or the language changes.
 * Undefined (the plain index.html) when index.html has no marker or the catalog cannot be read.
 */
export function firstPaintPage(
  indexHtml: string,
  catalog: FirstPaintCatalog,
  apiPrefix: string,
): (acceptLanguage: string | undefined) => Promise<FirstPaintPage | undefined> {
  if (!indexHtml.includes(FIRST_PAINT_MARKER)) return async () => undefined;
  let cache: { etag: string; personas: Persona[]; pages: Map<Locale, Promise<FirstPaintPage>> } | undefined;
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
      page = compressPage(indexHtml.replace(FIRST_PAINT_MARKER, () => paint));
      cache.pages.set(locale, page);
    }
    return page;
  };
}
