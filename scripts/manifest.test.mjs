import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web manifest's images are the files it names, at the sizes it states (issue #25 P6): a
 * browser drops a screenshot whose pixels differ from its `sizes`. The screenshots come from
 * e2e/tools/manifest-screenshots.ts.
 */
const publicDir = fileURLToPath(new URL('../web/public/', import.meta.url));
const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height from its IHDR chunk. */
function pngSize(file) {
  const head = fs.readFileSync(file).subarray(0, 24);
  if (!head.subarray(0, 8).equals(PNG_SIGNATURE) || head.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error(`${file} is not a PNG`);
  }
  return `${head.readUInt32BE(16)}x${head.readUInt32BE(20)}`;
}

const pngs = (list) => list.filter((entry) => entry.type === 'image/png');

describe('manifest.webmanifest', () => {
  it('should list a narrow and a wide screenshot', () => {
    const factors = (manifest.screenshots ?? []).map((s) => s.form_factor).sort();
    expect(factors).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) expect(shot.label, shot.src).toBeTruthy();
  });

  it.each(pngs(manifest.screenshots ?? []))('should have $src at its stated size $sizes', (shot) => {
    const file = path.join(publicDir, shot.src);
    expect(fs.existsSync(file), `${shot.src} is missing: run e2e/tools/manifest-screenshots.ts`).toBe(true);
    expect(pngSize(file)).toBe(shot.sizes);
    const [width, height] = shot.sizes.split('x').map(Number);
    // narrow: portrait, for phones; wide: landscape, for computers.
    expect(shot.form_factor === 'narrow' ? height > width : width > height).toBe(true);
  });

  it.each(pngs(manifest.icons))('should have the icon $src at its stated size $sizes', (icon) => {
    expect(pngSize(path.join(publicDir, icon.src))).toBe(icon.sizes);
  });
});

describe('index.html icons', () => {
  const html = fs.readFileSync(fileURLToPath(new URL('../web/index.html', import.meta.url)), 'utf8');
  const icons = [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((m) => m[0]);

  it('should name only PNG favicons, each a file at its stated size', () => {
    // Chromium prefers an SVG favicon and makes it an SVG document on the page's main thread (a
    // task of ~46 ms at 4× CPU after a first visit loads, issue #50); the PNG costs it next to nothing.
    expect(icons.length).toBeGreaterThan(0);
    for (const link of icons) {
      expect(link, link).toContain('type="image/png"');
      const href = /href="\/([^"]+)"/.exec(link)?.[1] ?? '';
      const sizes = /sizes="([^"]+)"/.exec(link)?.[1] ?? '';
      expect(pngSize(path.join(publicDir, href)), link).toBe(sizes);
    }
  });
});
