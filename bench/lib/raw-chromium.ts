/**
 * Chromium driven over its DevTools protocol with nothing else enabled on the page: no Network,
 * Runtime or Log domain, as a phone has none. Playwright enables those on every page, and with them
 * V8 records a stack trace (with source positions) for each request and console call; for a frame
 * of a module's top-level code that means parsing the whole module again (`V8.CollectSourcePositions`:
 * 110–400 ms per load of the app, in its entry's evaluation; 1–9 ms with this driver). Traces come
 * from the browser's own Tracing domain.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { TraceEvent } from './long-tasks.js';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

export interface RawPage {
  /** A DevTools command on the page's session. */
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** An expression's value in the page (`Runtime.evaluate`, which needs no `Runtime.enable`). */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

export interface RawBrowser {
  /** A new page in a fresh profile's browser context (a first visit), before `init` ran on it. */
  newPage(options: { init?: string; width: number; height: number; scale: number }): Promise<RawPage>;
  /** Traces `run` with the categories given; the trace's events. */
  trace(categories: string[], run: () => Promise<void>): Promise<TraceEvent[]>;
  close(): Promise<void>;
}

export async function launchRawChromium(executablePath: string): Promise<RawBrowser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-raw-chromium-'));
  const child: ChildProcess = spawn(
    executablePath,
    ['--headless', '--no-sandbox', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const address = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const found = /DevTools listening on (ws:\S+)/.exec(err);
      if (found?.[1]) resolve(found[1]);
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${err.slice(-500)}`)));
  });
  const socket = new WebSocket(address, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let lastId = 0;
  const waiting = new Map<number, { resolve: (m: Message) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(m: Message) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as Message;
    const pending = message.id !== undefined ? waiting.get(message.id) : undefined;
    if (pending && message.id !== undefined) {
      waiting.delete(message.id);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message);
    }
    for (const listener of listeners) listener(message);
  });
  const send = async (method: string, params: Record<string, unknown> = {}, sessionId?: string) => {
    const id = ++lastId;
    const answer = new Promise<Message>((resolve, reject) => waiting.set(id, { resolve, reject }));
    socket.send(JSON.stringify({ id, method, params, sessionId }));
    return (await answer).result ?? {};
  };

  return {
    async newPage({ init, width, height, scale }) {
      const { browserContextId } = await send('Target.createBrowserContext', { disposeOnDetach: true });
      const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      const onPage = (method: string, params?: Record<string, unknown>) => send(method, params, sessionId as string);
      await onPage('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: scale, mobile: false });
      // Page events only (navigation, lifecycle); the script runs in each new document once enabled.
      await onPage('Page.enable');
      if (init) await onPage('Page.addScriptToEvaluateOnNewDocument', { source: init });
      return {
        send: onPage,
        async evaluate<T>(expression: string) {
          const { result } = await onPage('Runtime.evaluate', { expression, returnByValue: true });
          return (result as { value: T }).value;
        },
        async close() {
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    async trace(categories, run) {
      const events: TraceEvent[] = [];
      let complete = () => {};
      const done = new Promise<void>((resolve) => {
        complete = resolve;
      });
      const collect = (m: Message) => {
        if (m.method === 'Tracing.dataCollected') events.push(...((m.params?.value as TraceEvent[]) ?? []));
        if (m.method === 'Tracing.tracingComplete') complete();
      };
      listeners.add(collect);
      await send('Tracing.start', { traceConfig: { includedCategories: categories }, transferMode: 'ReportEvents' });
      try {
        await run();
      } finally {
        await send('Tracing.end');
        await done;
        listeners.delete(collect);
      }
      return events;
    },
    async close() {
      socket.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      // Its helper processes can still be writing to the profile for a moment (ENOTEMPTY).
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

/** A traced visit: the trace's events, and V8's sampling profile when one was asked for. */
export interface TracedVisit {
  traceEvents: TraceEvent[];
  profile?: unknown;
}

/**
 * Traces one visit of `url` on `page` (its CPU throttled beforehand): from the navigation until the
 * page's `until` expression is true, then `settleMs` more; with V8's sampling profile when `profile`.
 */
export async function traceVisit(
  browser: RawBrowser,
  page: RawPage,
  options: { url: string; until: string; what: string; settleMs: number; categories: string[]; profile: boolean },
): Promise<TracedVisit> {
  let profile: unknown;
  const traceEvents = await browser.trace(options.categories, async () => {
    if (options.profile) {
      await page.send('Profiler.enable');
      await page.send('Profiler.setSamplingInterval', { interval: 200 });
      await page.send('Profiler.start');
    }
    await page.send('Page.navigate', { url: options.url });
    const started = Date.now();
    while (!(await page.evaluate<boolean>(options.until))) {
      if (Date.now() - started > 120_000) throw new Error(`${options.what} did not show within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    if (options.profile) profile = (await page.send('Profiler.stop')).profile;
  });
  return { traceEvents, profile };
}
