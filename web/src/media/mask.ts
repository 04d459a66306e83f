/**
 * The mask of the canvas editor (team contract, OpenAI's convention): a PNG the exact pixel size of
 * the image, the painted area transparent (alpha 0), everything else opaque. Built from the strokes
 * in image pixels, without a canvas, so what is painted is exactly what is masked (no anti-aliased
 * half-transparent edges) and it can be tested outside a browser.
 */

export interface Point {
  x: number;
  y: number;
}

/** One brush stroke: its radius and the points it passed through, in image pixels. */
export interface Stroke {
  radius: number;
  points: Point[];
}

function distanceToSegmentSq(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len));
  const cx = a.x + t * dx - px;
  const cy = a.y + t * dy - py;
  return cx * cx + cy * cy;
}

/**
 * Which pixels the strokes cover: a pixel is painted when its centre lies within a stroke's radius
 * of the stroke's path (a round-capped line, as the preview draws it).
 */
export function paintedPixels(strokes: readonly Stroke[], width: number, height: number): Uint8Array {
  const painted = new Uint8Array(width * height);
  for (const stroke of strokes) {
    const r = stroke.radius;
    const rSq = r * r;
    const points = stroke.points.length === 1 ? [stroke.points[0], stroke.points[0]] : stroke.points;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1] as Point;
      const b = points[i] as Point;
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
      const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + r));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
      const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + r));
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          if (painted[y * width + x]) continue;
          if (distanceToSegmentSq(x + 0.5, y + 0.5, a, b) <= rSq) painted[y * width + x] = 1;
        }
      }
    }
  }
  return painted;
}

/** RGBA pixels of the mask: painted → transparent black, the rest → opaque black. */
export function maskPixels(strokes: readonly Stroke[], width: number, height: number): Uint8Array {
  const painted = paintedPixels(strokes, width, height);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < painted.length; i++) rgba[i * 4 + 3] = painted[i] ? 0 : 255;
  return rgba;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlib(data: Uint8Array): Promise<Uint8Array> {
  const source = new Response(data as BodyInit).body;
  if (!source) throw new Error('no stream');
  return new Uint8Array(await new Response(source.pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
}

/** An RGBA image as PNG bytes (8-bit, colour type 6, no filtering; zlib via CompressionStream). */
export async function encodePng(rgba: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', await zlib(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The mask PNG for an image of `width`×`height` natural pixels. */
export async function buildMask(strokes: readonly Stroke[], width: number, height: number): Promise<Blob> {
  const png = await encodePng(maskPixels(strokes, width, height), width, height);
  return new Blob([png as BlobPart], { type: 'image/png' });
}
