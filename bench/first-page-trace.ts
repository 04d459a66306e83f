/**
 * What the long tasks of a visitor's first page are made of (issue #50 items 2 and 3): "/" opened
 * in a fresh context (no session, no cache), with a Chromium trace per load at 4× CPU; prints each
 * main-thread task over 50 ms of wall time with when it started, its thread (CPU) time and its
 * biggest parts (the same report as bench/long-chat-open-trace.ts). On a busy machine wall time is
 * mostly waiting for a core: the thread time says how much was the page's own work.
 *
 *   npm run build && node --import tsx bench/first-page-trace.ts
 *
 * Env: FIRSTPAGE_LOADS (5), FIRSTPAGE_SETTLE_MS (3000, after the network is idle),
 * FIRSTPAGE_CPU_THROTTLE (4), FIRSTPAGE_TRACE_FILE (the last load's trace, for DevTools),
 * FIRSTPAGE_PROFILE_DIR (a CPU profile of each load, load-N.cpuprofile),
 * WEB_DIST_DIR (another build's web/dist, for A/B). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import { startServerProcess } from '@neura/test-kit/server/process';
import { chromium } from 'playwright-core';
import { longTasks, mainThreadSummary, type TraceEvent, traceCategories } from './lib/long-tasks.js';
import { loadAverage } from './lib/report.js';

const LOADS = Number(process.env.FIRSTPAGE_LOADS ?? 5);
const SETTLE_MS = Number(process.env.FIRSTPAGE_SETTLE_MS ?? 3000);
const CPU_THROTTLE = Number(process.env.FIRSTPAGE_CPU_THROTTLE ?? 4);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main() {
  const app = await startServerProcess({ env: { NODE_ENV: 'production', PAYMENTS: 'off' }, startTimeoutMs: 60_000 });
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  try {
    console.log(`CPU throttling ${CPU_THROTTLE}×, ${os.cpus().length} CPUs, load average before ${loadAverage()}`);
    let total = 0;
    let over = 0;
    let thread = 0;
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      await browser.startTracing(page, { categories: traceCategories });
      const profiling = process.env.FIRSTPAGE_PROFILE_DIR;
      if (profiling) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      await page.goto(`${app.url}/`, { waitUntil: 'networkidle', timeout: 120_000 });
      await page.waitForTimeout(SETTLE_MS);
      const buffer = await browser.stopTracing();
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop');
        fs.writeFileSync(`${profiling}/load-${i + 1}.cpuprofile`, JSON.stringify(profile));
      }
      if (process.env.FIRSTPAGE_TRACE_FILE) fs.writeFileSync(process.env.FIRSTPAGE_TRACE_FILE, buffer);
      const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
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
      await context.close();
    }
    console.log(
      `${total} tasks over 50 ms wall in ${LOADS} loads (${thread.toFixed(0)} ms of thread time in them); ${over} with over ${50 / CPU_THROTTLE} ms of thread time (over 50 ms at ${CPU_THROTTLE}× on an idle core); load after ${loadAverage()}`,
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
