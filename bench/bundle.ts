/**
 * Production bundle benchmark: what the first route costs a visitor.
 *
 *   npm run build && node --import tsx bench/bundle.ts
 *
 * 1. Static: the JS and CSS index.html loads up front (entry script, modulepreloads, stylesheets),
 *    raw and gzip.
 * 2. In Chromium: every same-origin script and stylesheet fetched while "/" loads and settles
 *    (so the first route's lazy page chunk counts too), raw and gzip.
 * 3. Lighthouse (performance, default mobile emulation with simulated throttling) against the
 *    built app started as `npm start` runs it, with Debian's Chromium, offline: LIGHTHOUSE_RUNS
 *    runs (default 5), each in a fresh Chromium; the median score and metrics are what counts.
 *    LIGHTHOUSE_SAVE=<dir> keeps each run's report.
 * 4. Chromium's own installability check (the manifest and service worker rules Lighthouse used
 *    to report under "PWA").
 * Budget: first-route JS ≤ 102 KB gzip (BUDGET_KB) (checked in CI by scripts/bundle-budget.mjs, the same parser
 * of index.html). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort, startServerProcess } from '@neura/test-kit/server/process';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { BUDGET_KB, firstRouteScripts } from '../scripts/bundle-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web/dist');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** The middle value (the lower of the two middle ones for an even count). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf: Buffer | string) => gzipSync(buf).length;

function staticInitial() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const js = firstRouteScripts(html);
  const css = [...html.matchAll(/rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] as string);
  const measure = (files: string[]) =>
    files.reduce(
      (acc, f) => {
        const buf = fs.readFileSync(path.join(dist, f));
        return { raw: acc.raw + buf.length, gzip: acc.gzip + gz(buf) };
      },
      { raw: 0, gzip: 0 },
    );
  return { js: { files: js, ...measure(js) }, css: { files: css, ...measure(css) } };
}

async function inBrowser(url: string) {
  // A persistent profile: Chromium never treats an incognito window as installable.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: ['--no-sandbox'],
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const seen: Array<{ url: string; type: string; raw: number; gzip: number }> = [];
    const pending: Array<Promise<void>> = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (!res.url().startsWith(url) || (type !== 'script' && type !== 'stylesheet')) return;
      pending.push(
        res
          .body()
          .then((body) => {
            seen.push({ url: new URL(res.url()).pathname, type, raw: body.length, gzip: gz(body) });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const paint = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return { fcp };
    });
    // Installability as Chromium judges it (after the service worker took control).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    const sum = (t: string) =>
      seen
        .filter((s) => s.type === t)
        .reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip }), { raw: 0, gzip: 0 });
    return { js: sum('script'), css: sum('stylesheet'), files: seen, fcp: paint.fcp, installabilityErrors };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function runLighthouse(url: string) {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', `--remote-debugging-port=${port}`],
  });
  try {
    const result = await lighthouse(`${url}/`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    // LIGHTHOUSE_SAVE=<dir>: keep each run's report (JSON, opens in the Lighthouse viewer).
    const saveDir = process.env.LIGHTHOUSE_SAVE;
    if (saveDir) {
      fs.mkdirSync(saveDir, { recursive: true });
      fs.writeFileSync(path.join(saveDir, `lighthouse-${Date.now()}.json`), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const metric = (id: string) => audits[id]?.displayValue ?? 'n/a';
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    // A run Lighthouse could not measure (its runtimeError: no paint seen, a protocol timeout...)
    // scores 0 with no metrics: it is printed as such and left out of the medians.
    const failed = result.lhr.runtimeError;
    return {
      error: failed ? `${failed.code}: ${failed.message}` : null,
      version: result.lhr.lighthouseVersion,
      formFactor: result.lhr.configSettings.formFactor,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      values: {
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
        si: value('speed-index'),
      },
    };
  } finally {
    await browser.close();
  }
}

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('web/dist is missing: run `npm run build` first');
  process.exit(1);
}

const initial = staticInitial();
console.log('# Bundle (production build, first route "/")\n');
console.log(
  `index.html up front: JS ${kb(initial.js.raw)} raw / ${kb(initial.js.gzip)} gzip (${initial.js.files.length} files; budget ${BUDGET_KB} KB: ${initial.js.gzip / 1024 <= BUDGET_KB ? 'within' : 'OVER'})`,
);
console.log(`                     CSS ${kb(initial.css.raw)} raw / ${kb(initial.css.gzip)} gzip`);

const app = await startServerProcess();
try {
  const browser = await inBrowser(app.url);
  console.log(`\nChromium, "/" until network idle (390×844):`);
  for (const f of browser.files)
    console.log(`  ${f.type.padEnd(10)} ${f.url.padEnd(48)} ${kb(f.gzip).padStart(9)} gzip`);
  console.log(
    `  JS  ${kb(browser.js.raw)} raw / ${kb(browser.js.gzip)} gzip  (incl. the lazy page and auth modal chunks; the budget is for the up-front JS)`,
  );
  console.log(`  CSS ${kb(browser.css.raw)} raw / ${kb(browser.css.gzip)} gzip`);
  console.log(
    `  first-contentful-paint (unthrottled, local): ${browser.fcp === null ? 'n/a' : `${Math.round(browser.fcp)} ms`}`,
  );
  console.log(
    `  installability errors: ${browser.installabilityErrors.length === 0 ? 'none' : browser.installabilityErrors.map((e) => e.errorId).join(', ')}`,
  );

  try {
    const runs: Array<Awaited<ReturnType<typeof runLighthouse>>> = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const lh = await runLighthouse(app.url);
      runs.push(lh);
      if (i === 0)
        console.log(`\nLighthouse ${lh.version} (${lh.formFactor}, simulated throttling), ${LIGHTHOUSE_RUNS} runs:`);
      console.log(
        `  run ${i + 1}: performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}; ` +
          `FCP ${lh.fcp}, LCP ${lh.lcp}, TBT ${lh.tbt}, CLS ${lh.cls}, Speed Index ${lh.si}` +
          (lh.error ? ` (not measured: ${lh.error})` : ''),
      );
    }
    const measured = runs.filter((r) => r.error === null);
    const med = (pick: (r: (typeof runs)[number]) => number) => median(measured.map(pick));
    const unmeasured = runs.length - measured.length;
    console.log(
      `  median${unmeasured > 0 ? ` of the ${measured.length} measured (${unmeasured} not)` : ''}: performance ${med((r) => r.performance)} (runs ${runs.map((r) => r.performance).join(', ')}), ` +
        `FCP ${(med((r) => r.values.fcp) / 1000).toFixed(1)} s, LCP ${(med((r) => r.values.lcp) / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(med((r) => r.values.tbt))} ms, CLS ${med((r) => r.values.cls).toFixed(3)}, ` +
        `Speed Index ${(med((r) => r.values.si) / 1000).toFixed(1)} s; load average ${os
          .loadavg()
          .map((v) => v.toFixed(2))
          .join(' / ')}`,
    );
  } catch (error) {
    console.log(`\nLighthouse could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
} finally {
  await app.stop();
}
