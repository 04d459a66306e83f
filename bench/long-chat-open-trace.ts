/**
 * What the long tasks of opening a 2,000-message chat are made of (issue #25, "a slower phone"):
 * the open of bench/long-chat.ts, each in a fresh context, with a Chromium trace per open; prints
 * each main-thread task over 50 ms of wall time with its thread (CPU) time and its biggest parts
 * (script evaluation by URL, function calls, style, layout, parsing). On a busy machine wall time
 * is mostly waiting for a core: the thread time says how much was the page's own work.
 *
 *   npm run build && LONGCHAT_CPU_THROTTLE=4 node --import tsx bench/long-chat-open-trace.ts
 *
 * Env: LONGCHAT_MESSAGES (2000), LONGCHAT_OPENS (5), LONGCHAT_SETTLE_MS (2000), LONGCHAT_CPU_THROTTLE (4),
 * LONGCHAT_DRIVER (`raw`: Chromium with only its Tracing domain on, as a phone has no DevTools,
 * lib/raw-chromium.ts; `playwright`: Playwright's page, whose Network and Runtime domains make V8
 * parse the app's modules again for source positions during their evaluation),
 * LONGCHAT_TRACE_FILE (the last open's trace, for DevTools), LONGCHAT_PROFILE_DIR (a CPU profile of
 * each open, open-N.cpuprofile). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { startServerProcess } from '@neura/test-kit/server/process';
import { type Browser, chromium } from 'playwright-core';
import { longTasks, mainThreadSummary, type TraceEvent, traceCategories } from './lib/long-tasks.js';
import { markdownTokens } from './lib/markdown-tokens.js';
import { launchRawChromium, type RawBrowser, type TracedVisit, traceVisit } from './lib/raw-chromium.js';
import { loadAverage } from './lib/report.js';

const MESSAGES = Number(process.env.LONGCHAT_MESSAGES ?? 2000);
const OPENS = Number(process.env.LONGCHAT_OPENS ?? 5);
const SETTLE_MS = Number(process.env.LONGCHAT_SETTLE_MS ?? 2000);
const CPU_THROTTLE = Number(process.env.LONGCHAT_CPU_THROTTLE ?? 4);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `raw` (default): Chromium with only its Tracing domain on (`lib/raw-chromium.ts`); `playwright`: as before. */
const DRIVER = process.env.LONGCHAT_DRIVER === 'playwright' ? 'playwright' : 'raw';
const VIEW = { width: 390, height: 844, scale: 2 };
const persisted = (token: string) => JSON.stringify({ token, blackout: false, theme: 'dark', introFinished: true });

type Open = TracedVisit;

let playwright: Browser | undefined;
let raw: RawBrowser | undefined;
async function closeBrowsers() {
  await playwright?.close();
  await raw?.close();
}

/** One open in a fresh browser context of a Chromium with nothing but tracing on the page. */
async function openRaw(origin: string, path: string, token: string, lastText: string): Promise<Open> {
  raw ??= await launchRawChromium(chromePath);
  const browser = raw;
  const page = await browser.newPage({
    ...VIEW,
    init: `localStorage.setItem('neura:persisted', ${JSON.stringify(persisted(token))});`,
  });
  try {
    await page.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return await traceVisit(browser, page, {
      url: `${origin}${path}`,
      until: `document.body?.textContent?.includes(${JSON.stringify(lastText)}) === true`,
      what: 'the newest message',
      settleMs: 500,
      categories: traceCategories,
      profile: process.env.LONGCHAT_PROFILE_DIR !== undefined,
    });
  } finally {
    await page.close();
  }
}

/** One open in a fresh Playwright context (Playwright's Network and Runtime domains on: see lib/raw-chromium.ts). */
async function openWithPlaywright(origin: string, path: string, token: string, lastText: string): Promise<Open> {
  playwright ??= await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  const browser = playwright;
  const context = await browser.newContext({
    viewport: { width: VIEW.width, height: VIEW.height },
    deviceScaleFactor: VIEW.scale,
  });
  try {
    await context.addInitScript((kept) => localStorage.setItem('neura:persisted', kept), persisted(token));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    await page.waitForTimeout(SETTLE_MS);
    await browser.startTracing(page, { categories: traceCategories });
    const profiling = process.env.LONGCHAT_PROFILE_DIR !== undefined;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${origin}${path}`);
    await page.waitForFunction((text) => document.body.textContent?.includes(text), lastText, { timeout: 120_000 });
    await page.waitForTimeout(500);
    const buffer = await browser.stopTracing();
    const profile = profiling ? (await cdp.send('Profiler.stop')).profile : undefined;
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return { traceEvents, profile };
  } finally {
    await context.close();
  }
}

async function main() {
  const app = await startServerProcess({ env: { NODE_ENV: 'production', PAYMENTS: 'off' }, startTimeoutMs: 60_000 });
  const target = openSeedTarget({ dataDir: app.dataDir });
  try {
    const user = await createTestUser(target, { firstName: 'Bench', password: null, credits: 1_000 });
    const chat = await createTestChat(target, user.id, 'default', { name: 'Long chat' });
    const start = Date.now() - MESSAGES * 60_000;
    await addTestMessages(
      target,
      { id: chat.id, userId: user.id },
      Array.from({ length: MESSAGES }, (_, i) => ({
        role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
        content:
          i % 2 === 0
            ? `Question ${i}: how does this work?`
            : `Answer ${i}.\n\n${markdownTokens(40 + (i % 7) * 20, i).join('')}`,
        at: new Date(start + i * 60_000).toISOString(),
      })),
    );
    const lastText = `Answer ${MESSAGES - 1}.`;
    console.log(
      `CPU throttling ${CPU_THROTTLE}×, ${os.cpus().length} CPUs, driver ${DRIVER}, load average before ${loadAverage()}`,
    );
    const open = DRIVER === 'raw' ? openRaw : openWithPlaywright;
    let total = 0;
    let over = 0;
    for (let i = 0; i < OPENS; i++) {
      const { traceEvents, profile } = await open(app.url, `/chats/${chat.id}`, user.token, lastText);
      const profiling = process.env.LONGCHAT_PROFILE_DIR;
      if (profiling && profile) fs.writeFileSync(`${profiling}/open-${i + 1}.cpuprofile`, JSON.stringify(profile));
      if (process.env.LONGCHAT_TRACE_FILE)
        fs.writeFileSync(process.env.LONGCHAT_TRACE_FILE, JSON.stringify({ traceEvents }));
      const tasks = longTasks(traceEvents);
      total += tasks.length;
      over += tasks.filter((t) => t.cpu > 50 / CPU_THROTTLE).length;
      const summary = mainThreadSummary(traceEvents);
      console.log(`open ${i + 1}: ${tasks.length} tasks over 50 ms (load ${loadAverage()})`);
      if (summary)
        console.log(
          `  main thread ${summary.tasks.toFixed(0)} ms; forced style/layout ${summary.forced.count}× ${summary.forced.ms.toFixed(0)} ms; requests from script ${summary.requests.count}× ${summary.requests.ms.toFixed(0)} ms (thread time)`,
        );
      for (const t of tasks)
        console.log(`  ${t.wall.toFixed(0)} ms wall, ${t.cpu.toFixed(0)} ms thread: ${t.parts.join(' · ')}`);
    }
    console.log(
      `${total} tasks over 50 ms wall in ${OPENS} opens; ${over} with over ${50 / CPU_THROTTLE} ms of thread time (over 50 ms at ${CPU_THROTTLE}× on an idle core); load after ${loadAverage()}`,
    );
  } finally {
    await closeBrowsers();
    await target.close();
    await app.stop();
  }
}

await main();
