/**
 * The main-thread tasks over 50 ms of a Chromium trace, with their parts: the trace benches
 * (bench/long-chat-open-trace.ts, bench/first-page-trace.ts).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

/** The categories both benches trace with (`browser.startTracing`). */
export const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink',
];

/** Each main-thread task over 50 ms of a trace: start (ms from the first task), wall and thread ms, and its parts over 3 ms. */
export function longTasks(events: TraceEvent[]) {
  // The page's renderer: the main thread that evaluated the app's scripts.
  const main = events.find((e) => e.name === 'FunctionCall' && e.args?.data?.url?.includes('/assets/'));
  if (!main) return [];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const first = Math.min(...onMain.filter((e) => e.name === 'RunTask').map((e) => e.ts));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const parts = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) > 3_000)
      .filter((e) =>
        /EvaluateScript|FunctionCall|v8\.compile|Layout|UpdateLayoutTree|ParseHTML|ParseAuthorStyleSheet|TimerFire|FireAnimationFrame|EventDispatch|V8\.GC|MajorGC|MinorGC|Paint|PrePaint|RunMicrotasks|v8\.evaluateModule|v8\.produceModuleCache/.test(
          e.name,
        ),
      )
      .map((e) => {
        const where = e.args?.data?.url?.replace(/^.*\/assets\//, '') ?? e.args?.data?.functionName ?? '';
        return `${e.name}${where ? ` ${where}` : ''} ${((e.dur ?? 0) / 1000).toFixed(0)}/${((e.tdur ?? 0) / 1000).toFixed(0)}`;
      });
    return { at: (task.ts - first) / 1000, wall: (task.dur ?? 0) / 1000, cpu: (task.tdur ?? 0) / 1000, parts };
  });
}

/**
 * Figures of a trace's main thread that load moves less than wall times: the thread (CPU) time of
 * all its tasks, of style and layout forced by script (a read of a size, a focus), and of the
 * requests it issued from script (Vite's preload links, fetches), in ms, with their counts.
 */
export function mainThreadSummary(events: TraceEvent[]) {
  const main = events.find((e) => e.name === 'FunctionCall' && e.args?.data?.url?.includes('/assets/'));
  if (!main) return undefined;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const sum = (list: TraceEvent[]) => list.reduce((total, e) => total + (e.tdur ?? 0), 0) / 1000;
  const forced = onMain.filter((e) => e.name === 'Blink.ForcedStyleAndLayout.UpdateTime');
  const scripts = onMain.filter((e) => e.name === 'FunctionCall' || e.name === 'v8.evaluateModule');
  const inScript = (e: TraceEvent) => scripts.some((s) => e.ts >= s.ts && e.ts < s.ts + (s.dur ?? 0));
  const requests = onMain.filter((e) => e.name === 'ResourceFetcher::requestResource' && inScript(e));
  return {
    tasks: sum(onMain.filter((e) => e.name === 'RunTask')),
    forced: { count: forced.length, ms: sum(forced) },
    requests: { count: requests.length, ms: sum(requests) },
  };
}
