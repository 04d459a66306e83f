import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Persona artwork as WebP (issue #50, first paint): each SVG `<img>` makes Chromium build a whole
 * SVG document on the page's main thread (~30 ms per image on a mid-range phone, ~24 of them on
 * Explore), while a raster is decoded off it. The SVG (art.ts) stays the source; its WebP is drawn
 * once per distinct SVG and kept in memory.
 */

export type ArtKind = 'icon' | 'background';

/** Pixel widths: the largest the app shows (a 56 px icon, a ~400 px Featured card) at 2–3× density. */
const WIDTH: Record<ArtKind, number> = { icon: 144, background: 800 };
/** The SVGs' own widths (art.ts): the density that draws them at WIDTH without a resize. */
const SVG_WIDTH: Record<ArtKind, number> = { icon: 128, background: 640 };

/** Distinct artworks kept (the catalog is ~30 personas with two each; custom personas add theirs). */
const CACHE_SIZE = 256;

export interface RasterArt {
  bytes: Buffer;
  etag: string;
}

const cache = new Map<string, Promise<RasterArt>>();

async function draw(svg: string, kind: ArtKind): Promise<RasterArt> {
  const bytes = await sharp(Buffer.from(svg), { density: (72 * WIDTH[kind]) / SVG_WIDTH[kind] })
    .resize({ width: WIDTH[kind] })
    .webp({ quality: 85, alphaQuality: 100 })
    .toBuffer();
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/** The WebP of an artwork's SVG (the same SVG is drawn once while it stays in the cache). */
export function rasterArt(svg: string, kind: ArtKind): Promise<RasterArt> {
  const key = `${kind}:${createHash('sha1').update(svg).digest('base64url')}`;
  const known = cache.get(key);
  if (known) {
    // Most recently used last: the oldest entry is the first one dropped.
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const drawn = draw(svg, kind);
  cache.set(key, drawn);
  // A failed drawing is not kept (the next request tries again).
  drawn.catch(() => cache.delete(key));
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return drawn;
}

/**
 * Draws artworks one after another (the catalog's, after start: the first visitor's Explore then
 * finds them drawn instead of waiting for ~40 drawings at once). Stops between drawings when
 * `signal` aborts; a failed drawing is skipped. Never rejects.
 */
export async function warmArt(list: () => Promise<Array<{ svg: string; kind: ArtKind }>>, signal: AbortSignal) {
  try {
    for (const art of await list()) {
      if (signal.aborted) return;
      await rasterArt(art.svg, art.kind).catch(() => undefined);
    }
  } catch {
    // The catalog could not be read (the database went away while starting): the art is drawn on request.
  }
}
