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
 *    LIGHTHOUSE_SAVE=<dir> keeps each run's report. Each run prints the host's benchmark index
 *    (Lighthouse's own CPU probe) and the CPU slowdown that would emulate Lighthouse's reference phone
 *    on this host (`calibratedSlowdown`): the default 4× assumes a host of index ~1,533, so a slower
 *    host emulates a slower phone. LIGHTHOUSE_CPU=<n> runs at n× instead of 4×, LIGHTHOUSE_CPU=calibrated
 *    at the calibrated slowdown of the first run's host (that run is done at 4× and also printed).
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
const LIGHTHOUSE_CPU = process.env.LIGHTHOUSE_CPU;

/**
 * The CPU slowdown that makes a host of Lighthouse's benchmark index `index` run as Lighthouse's
 * reference mobile device: linear between the calibration points of the CPU throttling calculator
 * that Lighthouse's docs/throttling.md links (index 150 → 1×, 800 → 2×, 1,300 → 3×, 1,533 → 4×, 2,000 → 6×).
 */
function calibratedSlowdown(index: number): number {
  const points: Array<[number, number]> = [
    [150, 1],
    [800, 2],
    [1300, 3],
    [2000, 6],
  ];
  if (index <= 150) return 1;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1] as [number, number];
    const [x1, y1] = points[i] as [number, number];
    if (index <= x1 || i === points.length - 1) return y0 + ((index - x0) * (y1 - y0)) / (x1 - x0);
  }
  return 6;
}

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

async function runLighthouse(url: string, cpuSlowdown?: number) {
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
      // Merged into the mobile defaults (slow 4G stays): only the CPU slowdown changes.
      ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
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
      cpuSlowdown: result.lhr.configSettings.throttling.cpuSlowdownMultiplier,
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
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
    const print = (label: string, lh: (typeof runs)[number]) =>
      console.log(
        `  ${label}: performance ${lh.performance}, accessibility ${lh.accessibility}, best practices ${lh.bestPractices}; ` +
          `FCP ${lh.fcp}, LCP ${lh.lcp}, TBT ${lh.tbt}, CLS ${lh.cls}, Speed Index ${lh.si}; ` +
          `CPU ${lh.cpuSlowdown.toFixed(2)}×, host benchmark index ${Math.round(lh.benchmarkIndex)} ` +
          `(calibrated slowdown ${calibratedSlowdown(lh.benchmarkIndex).toFixed(2)}×)` +
          (lh.error ? ` (not measured: ${lh.error})` : ''),
      );
    let cpu = LIGHTHOUSE_CPU === undefined || LIGHTHOUSE_CPU === 'calibrated' ? undefined : Number(LIGHTHOUSE_CPU);
    if (cpu !== undefined && !(cpu >= 1))
      throw new Error(`LIGHTHOUSE_CPU is a slowdown of 1 or more, or "calibrated": not ${LIGHTHOUSE_CPU}`);
    if (LIGHTHOUSE_CPU === 'calibrated') {
      const probe = await runLighthouse(app.url);
      cpu = Number(calibratedSlowdown(probe.benchmarkIndex).toFixed(2));
      console.log(`\nLighthouse ${probe.version}, the host's probe run (at the default slowdown):`);
      print('probe', probe);
    }
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      const lh = await runLighthouse(app.url, cpu);
      runs.push(lh);
      if (i === 0)
        console.log(`\nLighthouse ${lh.version} (${lh.formFactor}, simulated throttling), ${LIGHTHOUSE_RUNS} runs:`);
      print(`run ${i + 1}`, lh);
    }
    const measured = runs.filter((r) => r.error === null);
    const med = (pick: (r: (typeof runs)[number]) => number) => median(measured.map(pick));
    const unmeasured = runs.length - measured.length;
    console.log(
      `  median${unmeasured > 0 ? ` of the ${measured.length} measured (${unmeasured} not)` : ''}: performance ${med((r) => r.performance)} (runs ${runs.map((r) => r.performance).join(', ')}), ` +
        `FCP ${(med((r) => r.values.fcp) / 1000).toFixed(1)} s, LCP ${(med((r) => r.values.lcp) / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(med((r) => r.values.tbt))} ms, CLS ${med((r) => r.values.cls).toFixed(3)}, ` +
        `Speed Index ${(med((r) => r.values.si) / 1000).toFixed(1)} s; host benchmark index ${Math.round(med((r) => r.benchmarkIndex))}; load average ${os
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
