/**
 * What the long tasks of a visitor's first page are made of (issue #50 items 2 and 3): "/" opened
 * in a fresh context (no session, no cache), with a Chromium trace per load at 4× CPU; prints each
 * main-thread task over 50 ms of wall time with when it started, its thread (CPU) time and its
 * biggest parts (the same report as bench/long-chat-open-trace.ts). On a busy machine wall time is
 * mostly waiting for a core: the thread time says how much was the page's own work.
 *
 *   npm run build && node --import tsx bench/first-page-trace.ts
 *
 * Env: FIRSTPAGE_LOADS (5), FIRSTPAGE_SETTLE_MS (3000, after Explore's background is shown),
 * FIRSTPAGE_CPU_THROTTLE (4), FIRSTPAGE_TRACE_FILE (the last load's trace, for DevTools),
 * FIRSTPAGE_PROFILE_DIR (a CPU profile of each load, load-N.cpuprofile), WEB_DIST_DIR (another
 * build's web/dist, for A/B). Chromium runs with only its Tracing domain on, as a phone has no
 * DevTools (lib/raw-chromium.ts): Playwright's Network and Runtime domains, used here before
 * 2026-12-02, made V8 parse the app's modules again in their evaluation (247–350 ms of thread time
 * for the entry at 4×, 26–77 ms without). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import { startServerProcess } from '@neura/test-kit/server/process';
import { longTasks, mainThreadSummary, traceCategories } from './lib/long-tasks.js';
import { launchRawChromium, type RawBrowser, type TracedVisit, traceVisit } from './lib/raw-chromium.js';
import { loadAverage } from './lib/report.js';

const LOADS = Number(process.env.FIRSTPAGE_LOADS ?? 5);
const SETTLE_MS = Number(process.env.FIRSTPAGE_SETTLE_MS ?? 3000);
const CPU_THROTTLE = Number(process.env.FIRSTPAGE_CPU_THROTTLE ?? 4);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEW = { width: 390, height: 844, scale: 2 };

/** One first visit in a fresh context of a Chromium with nothing but tracing on the page. */
async function loadRaw(browser: RawBrowser, url: string): Promise<TracedVisit> {
  const page = await browser.newPage(VIEW);
  try {
    await page.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    // The app is up when its first paint has handed over and Explore's background is shown.
    return await traceVisit(browser, page, {
      url,
      until: `!document.getElementById('first-paint') && document.querySelector('[data-testid="persona-background"]') !== null`,
      what: 'Explore',
      settleMs: SETTLE_MS,
      categories: traceCategories,
      profile: process.env.FIRSTPAGE_PROFILE_DIR !== undefined,
    });
  } finally {
    await page.close();
  }
}

async function main() {
  const app = await startServerProcess({ env: { NODE_ENV: 'production', PAYMENTS: 'off' }, startTimeoutMs: 60_000 });
  const raw = await launchRawChromium(chromePath);
  try {
    console.log(`CPU throttling ${CPU_THROTTLE}×, ${os.cpus().length} CPUs, load average before ${loadAverage()}`);
    let total = 0;
    let over = 0;
    let thread = 0;
    for (let i = 0; i < LOADS; i++) {
      const url = `${app.url}/`;
      const { traceEvents, profile } = await loadRaw(raw, url);
      const profiling = process.env.FIRSTPAGE_PROFILE_DIR;
      if (profiling) fs.writeFileSync(`${profiling}/load-${i + 1}.cpuprofile`, JSON.stringify(profile));
      if (process.env.FIRSTPAGE_TRACE_FILE)
        fs.writeFileSync(process.env.FIRSTPAGE_TRACE_FILE, JSON.stringify({ traceEvents }));
      const tasks = longTasks(traceEvents);
      total += tasks.length;
      over += tasks.filter((t) => t.cpu > 50 / CPU_THROTTLE).length;
      thread += tasks.reduce((sum, t) => sum + t.cpu, 0);
      const summary = mainThreadSummary(traceEvents);
      console.log(`load ${i + 1}: ${tasks.length} tasks over 50 ms (load average ${loadAverage()})`);
      if (summary)
        console.log(
          `  main thread ${summary.tasks.toFixed(0)} ms; forced style/layout ${summary.forced.count}× ${summary.forced.ms.toFixed(0)} ms; requests from script ${summary.requests.count}× ${summary.requests.ms.toFixed(0)} ms (thread time)`,
        );
      for (const t of tasks)
        console.log(
          `  at ${t.at.toFixed(0)} ms: ${t.wall.toFixed(0)} ms wall, ${t.cpu.toFixed(0)} ms thread: ${t.parts.join(' · ')}`,
        );
    }
    console.log(
      `${total} tasks over 50 ms wall in ${LOADS} loads (${thread.toFixed(0)} ms of thread time in them); ${over} with over ${50 / CPU_THROTTLE} ms of thread time (over 50 ms at ${CPU_THROTTLE}× on an idle core); load after ${loadAverage()}`,
    );
  } finally {
    await raw.close();
    await app.stop();
  }
}

await main();
