import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildMask, maskPixels, type Stroke } from './mask';

/** Reads a PNG back with Node's zlib (independent of the encoder): size, colour type, RGBA rows. */
function decodePng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect([...buf.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  let at = 8;
  let width = 0;
  let height = 0;
  let colorType = -1;
  const idat: Buffer[] = [];
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    expect(buf.readUInt32BE(at + 8 + length)).toBe(crc32(buf.subarray(at + 4, at + 8 + length)));
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      colorType = data[9] ?? -1;
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  expect(colorType).toBe(6);
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(0);
    rgba.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

const alphaAt = (rgba: Uint8Array, width: number, x: number, y: number) => rgba[(y * width + x) * 4 + 3];

describe('canvas mask', () => {
  const stroke: Stroke = {
    radius: 3,
    points: [
      { x: 10, y: 10 },
      { x: 30, y: 10 },
    ],
  };

  it('should make painted pixels transparent and every other pixel opaque', () => {
    const rgba = maskPixels([stroke], 40, 20);
    expect(rgba).toHaveLength(40 * 20 * 4);
    // On the path and within the radius: transparent.
    for (const [x, y] of [
      [10, 10],
      [20, 10],
      [30, 9],
      [20, 7],
    ] as const)
      expect(alphaAt(rgba, 40, x, y)).toBe(0);
    // Away from it: opaque.
    for (const [x, y] of [
      [0, 0],
      [20, 15],
      [39, 19],
      [5, 10],
      [35, 10],
    ] as const)
      expect(alphaAt(rgba, 40, x, y)).toBe(255);
    // Only 0 or 255, never a half-transparent edge.
    for (let i = 3; i < rgba.length; i += 4) expect([0, 255]).toContain(rgba[i]);
  });

  it('should be fully opaque with no strokes, and a single tap paints a dot', () => {
    expect(maskPixels([], 5, 4).filter((_, i) => i % 4 === 3 && _ !== 255)).toHaveLength(0);
    const dot = maskPixels([{ radius: 1, points: [{ x: 2.5, y: 2.5 }] }], 5, 5);
    expect(alphaAt(dot, 5, 2, 2)).toBe(0);
    expect(alphaAt(dot, 5, 0, 0)).toBe(255);
  });

  it('should encode a PNG of exactly the image natural size with the same alpha', async () => {
    const blob = await buildMask([stroke], 40, 20);
    expect(blob.type).toBe('image/png');
    const png = decodePng(new Uint8Array(await blob.arrayBuffer()));
    expect(png.width).toBe(40);
    expect(png.height).toBe(20);
    expect(png.rgba).toEqual(maskPixels([stroke], 40, 20));
    expect(alphaAt(png.rgba, 40, 20, 10)).toBe(0);
    expect(alphaAt(png.rgba, 40, 0, 0)).toBe(255);
  });

  it('should clip strokes that leave the image', () => {
    const rgba = maskPixels(
      [
        {
          radius: 4,
          points: [
            { x: -10, y: -10 },
            { x: 2, y: 2 },
          ],
        },
      ],
      8,
      8,
    );
    expect(alphaAt(rgba, 8, 0, 0)).toBe(0);
    expect(alphaAt(rgba, 8, 7, 7)).toBe(255);
  });
});
