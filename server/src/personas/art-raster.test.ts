import { describe, expect, it } from 'vitest';
import { renderIcon } from './art.js';
import { type ArtKind, rasterArt, warmArt } from './art-raster.js';

/** An artwork whose SVG records when the warm-up reads it. */
const tracked = (read: string[], name: string, svg: string, kind: ArtKind = 'icon') => ({
  kind,
  get svg() {
    read.push(name);
    return svg;
  },
});

describe('persona art as WebP', () => {
  it('should draw an icon as a WebP once and hand the same drawing to later requests', async () => {
    const svg = renderIcon({ id: 'art-raster-test', icon: 'sparkles' });
    const first = await rasterArt(svg, 'icon');
    expect(first.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(await rasterArt(svg, 'icon')).toBe(first);
  });

  it('should warm every artwork in order, going on past one that cannot be drawn', async () => {
    const read: string[] = [];
    const good = renderIcon({ id: 'art-warm-good', icon: 'sparkles' });
    await warmArt(
      async () => [tracked(read, 'broken', '<svg'), tracked(read, 'good', good)],
      new AbortController().signal,
    );
    expect(read).toEqual(['broken', 'good']);
  });

  it('should stop between drawings once stopped, and never reject', async () => {
    const read: string[] = [];
    const stop = new AbortController();
    stop.abort();
    await warmArt(async () => [tracked(read, 'a', renderIcon({ id: 'art-warm-a', icon: 'sparkles' }))], stop.signal);
    expect(read).toEqual([]);
    await expect(
      warmArt(() => Promise.reject(new Error('database closed')), new AbortController().signal),
    ).resolves.toBeUndefined();
  });
});
