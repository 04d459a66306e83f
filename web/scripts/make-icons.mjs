// Renders the app icons (PNG) from our SVGs with the system Chromium; run once when the SVGs change
// and commit the output: `node web/scripts/make-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const jobs = [
  { svg: 'icon.svg', out: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', out: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', out: 'icon-maskable-192.png', size: 192 },
  { svg: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
  // iOS ignores transparency and rounds corners itself: the full-bleed artwork fits best.
  { svg: 'icon-maskable.svg', out: 'apple-touch-icon-180.png', size: 180 },
  { svg: 'icon.svg', out: 'favicon-32.png', size: 32 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  for (const job of jobs) {
    const svg = fs.readFileSync(path.join(dir, job.svg), 'utf8');
    await page.setViewportSize({ width: job.size, height: job.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${job.size}" height="${job.size}" `)}</body></html>`,
    );
    await page.screenshot({
      path: path.join(dir, job.out),
      omitBackground: true,
      clip: { x: 0, y: 0, width: job.size, height: job.size },
    });
    console.log(`${job.out} (${job.size}px)`);
  }
} finally {
  await browser.close();
}
