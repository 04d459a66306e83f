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

/** Each main-thread task over 50 ms of a trace: start (ms from the first task), wall and thread ms, its parts over 3 ms and the requests it issued. */
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
    // The requests the task issued (a preload link, a fetch: each costs the main thread), added up.
    const requests = onMain.filter(
      (e) => e.name === 'ResourceFetcher::requestResource' && e.ts >= task.ts && e.ts < end,
    );
    if (requests.length > 0) {
      const ms = (key: 'dur' | 'tdur') => (requests.reduce((t, e) => t + (e[key] ?? 0), 0) / 1000).toFixed(0);
      parts.push(`requests ${requests.length}× ${ms('dur')}/${ms('tdur')}`);
    }
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

/** The kinds of main-thread work `renderingByPart` adds up (trace event names, self thread time). */
const KINDS: Record<string, RegExp> = {
  script: /^(FunctionCall|RunMicrotasks|EventDispatch|TimerFire|FireAnimationFrame)$/,
  style: /^UpdateLayoutTree$/,
  layout: /^Layout$/,
  prePaint: /^PrePaint$/,
  intersections: /^IntersectionObserverController::computeIntersections$/,
  paint: /^(Paint|Layerize|Commit)$/,
};

/**
 * The page's main thread over `parts` equal spans of a trace (a streamed reply from its first to its
 * last task): thread ms of each kind of work (self time: the layout a script forces counts as
 * layout), of all tasks, the frames painted, the longest task's thread ms and the tasks over 50 ms
 * of wall and of thread time, from `fromMark` on. Whether a frame's work grows with the reply
 * reads from the rows.
 */
export function renderingByPart(events: TraceEvent[], parts: number, fromMark?: string) {
  const main = events.find((e) => e.name === 'FunctionCall' && e.args?.data?.url?.includes('/assets/'));
  if (!main) return [];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Self thread time: each event's minus its children's (events nest by time on one thread).
  const self = new Map<TraceEvent, number>();
  const stack: TraceEvent[] = [];
  for (const e of onMain) {
    while (stack.length > 0 && (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= e.ts) {
      stack.pop();
    }
    const parent = stack.at(-1);
    self.set(e, (self.get(e) ?? 0) + (e.tdur ?? 0));
    if (parent) self.set(parent, (self.get(parent) ?? 0) - (e.tdur ?? 0));
    stack.push(e);
  }
  // From a `performance.mark` (a user-timing event; the tasks before it, such as the profiler's
  // start when tracing begins, are left out), else from the first task.
  const mark = fromMark === undefined ? undefined : events.find((e) => e.name === fromMark);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.ts >= (mark?.ts ?? 0));
  const top = tasks.filter(
    (t, i) => i === 0 || t.ts >= (tasks[i - 1] as TraceEvent).ts + ((tasks[i - 1] as TraceEvent).dur ?? 0),
  );
  const first = mark?.ts ?? top[0]?.ts ?? 0;
  const span = ((top.at(-1)?.ts ?? first) - first) / parts;
  return Array.from({ length: parts }, (_, part) => {
    const lo = first + part * span;
    const hi = part === parts - 1 ? Number.POSITIVE_INFINITY : lo + span;
    const inPart = (e: TraceEvent) => e.ts >= lo && e.ts < hi;
    const kinds = Object.fromEntries(
      Object.entries(KINDS).map(([kind, names]) => [
        kind,
        onMain.filter((e) => names.test(e.name) && inPart(e)).reduce((sum, e) => sum + (self.get(e) ?? 0), 0) / 1000,
      ]),
    );
    const partTasks = top.filter(inPart);
    const painted = partTasks.filter((t) =>
      onMain.some((e) => e.name === 'Paint' && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0)),
    );
    return {
      kinds,
      tasks: partTasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000,
      frames: painted.length,
      longest: Math.max(0, ...partTasks.map((t) => t.tdur ?? 0)) / 1000,
      overWall: partTasks.filter((t) => (t.dur ?? 0) > 50_000).length,
      overThread: partTasks.filter((t) => (t.tdur ?? 0) > 50_000).length,
    };
  });
}

/** `renderingByPart` as a table: one row per part, thread ms per frame for each kind of work. */
export function describeRendering(rows: ReturnType<typeof renderingByPart>): string {
  const kinds = Object.keys(KINDS);
  const lines = [
    `part | frames | ${kinds.map((k) => `${k}/frame`).join(' | ')} | all tasks ms | longest task (thread ms) | tasks > 50 ms wall / thread`,
  ];
  rows.forEach((row, i) => {
    const perFrame = kinds.map((k) => ((row.kinds[k] ?? 0) / Math.max(1, row.frames)).toFixed(1));
    lines.push(
      `${i + 1} | ${row.frames} | ${perFrame.join(' | ')} | ${row.tasks.toFixed(0)} | ${row.longest.toFixed(1)} | ${row.overWall} / ${row.overThread}`,
    );
  });
  return lines.join('\n');
}
