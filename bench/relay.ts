/**
 * Relay latency of the reply engine, measured the strict way (issue #32): the time from the fake
 * model writing a reply's first token to the user's socket receiving its first `message.delta`,
 * and from the last token to `message.done`, at 10, 200 and 1,000 concurrent streams, with every
 * send of a round at once (`burst`) or spread over one reply's length (`spread`).
 *
 * Four kinds of process, none sharing an event loop with another:
 * - the app, as `npm start` runs it: one process, node server/dist/main.js, SQLite in a temp DATA_DIR;
 * - the fake OpenAI-compatible model (relay-model.ts), streaming RELAY_TOKENS tokens RELAY_TOKEN_GAP_MS apart;
 * - RELAY_CLIENT_PROCS load generators (relay-clients.ts), holding RELAY_USERS users' socket.io-client
 *   connections (4 users by default, as the issue's client: each user's socket gets all its chats' deltas);
 * - this process, which seeds, schedules the rounds and writes the figures (it times nothing).
 *
 * The clock: `process.hrtime` (CLOCK_MONOTONIC), which on Linux is one clock for every process on
 * the machine (relay-shared.ts explains why not `performance.timeOrigin + performance.now()`). The
 * model writes its reading into the first and last tokens; the generator reads the clock when the
 * delta arrives and subtracts. Nothing is matched up afterwards, nothing is timed in a process that
 * also runs the other end. Checked at start: a child's reading falls between this process's readings
 * before and after asking for it.
 *
 * Beside the figures: the event-loop delay p99 of the generators (the worst one) and of the fake
 * model, so a measuring process that was itself late shows; the app's CPU per relayed token; the
 * machine's load average.
 *
 * Knobs: RELAY_LEVELS=10,200,1000  RELAY_ARRIVAL=burst|spread|both  RELAY_SAMPLES=1000 (streams per
 * level at least: several rounds at low concurrency)  RELAY_TOKENS=20  RELAY_USERS=4
 * RELAY_CLIENT_PROCS=2  RELAY_ROUND_TIMEOUT_MS=120000 (a stream not done by then counts as failed)
 * RELAY_PROFILE=<dir> (--cpu-prof for the app)  RELAY_APP_ENV="KEY=value …"
 * RELAY_BUNDLE=<other server bundle, relative to the repo root>.
 */
import os from 'node:os';
import path from 'node:path';
import { buildServer, repoRoot as root, startServerProcess } from '@neura/test-kit/server/process';
import { child } from './lib/child.js';
import { loadAverage, report, treeCpuMsOf } from './lib/report.js';
import { seedBenchChats } from './lib/seed-chats.js';
import { percentile } from './lib/stats.js';
import {
  clockMs,
  type FromClients,
  type FromModel,
  type LagFigures,
  type StreamSample,
  type ToClients,
  type ToModel,
} from './relay-shared.js';

const LEVELS = (process.env.RELAY_LEVELS ?? '10,200,1000').split(',').map(Number);
const ARRIVALS: Array<'burst' | 'spread'> =
  process.env.RELAY_ARRIVAL === 'both'
    ? ['burst', 'spread']
    : process.env.RELAY_ARRIVAL === 'spread'
      ? ['spread']
      : ['burst'];
const MIN_SAMPLES = Number(process.env.RELAY_SAMPLES ?? 1000);
const TOKENS = Number(process.env.RELAY_TOKENS ?? 20);
const TOKEN_GAP_MS = Number(process.env.RELAY_TOKEN_GAP_MS ?? 20);
const USERS = Number(process.env.RELAY_USERS ?? 4);
const CLIENT_PROCS = Number(process.env.RELAY_CLIENT_PROCS ?? 2);
/** How far ahead of now a round is scheduled, so every generator has the message before it starts. */
const LEAD_MS = 50;
/**
 * Extra environment for the app, `KEY=value` pairs separated by spaces: e.g. with
 * Redis, `RELAY_APP_ENV="REDIS_URL=redis://127.0.0.1:6379"` (several processes: bench/processes.ts).
 */
const APP_ENV = Object.fromEntries(
  (process.env.RELAY_APP_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** Another server bundle to measure (e.g. a build of the commit before a change), relative to the repo root. */
const BUNDLE = process.env.RELAY_BUNDLE ? path.resolve(root, process.env.RELAY_BUNDLE) : undefined;
const childEnv = { ...process.env, RELAY_TOKENS: String(TOKENS), RELAY_TOKEN_GAP_MS: String(TOKEN_GAP_MS) };

const ms = (v: number) => (v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(2)} ms`);
const pct = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), p999: percentile(sorted, 99.9) };
};

interface Row {
  level: number;
  arrival: 'burst' | 'spread';
  samples: StreamSample[];
  failures: string[];
  appCpuPerToken?: number;
  clientLag: LagFigures;
  modelLag: LagFigures;
  /** Generators' and model's CPU per relayed token, µs. */
  benchCpuPerToken: number;
  stretch: number;
  /** The most replies streaming at once at the model: how concurrent the level really was. */
  peakStreams: number;
  load: string;
}

async function main() {
  const loadBefore = loadAverage();
  const model = child<ToModel, FromModel>('relay-model.ts', childEnv);
  const { baseUrl } = await model.next('listening');
  const before = clockMs();
  model.send({ type: 'clock' });
  const { clock } = await model.next('clock');
  const after = clockMs();
  if (!(before <= clock && clock <= after))
    throw new Error(`the model's clock (${clock}) is not this process's (${before}…${after}): not one machine clock`);

  if (!BUNDLE) buildServer();
  const profile = process.env.RELAY_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.RELAY_PROFILE] : [];
  const app = await startServerProcess({
    env: { LLM_BASE_URL: baseUrl, LLM_MODEL: 'fake', NODE_ENV: 'production', ...APP_ENV },
    nodeArgs: profile,
    bundlePath: BUNDLE,
    startTimeoutMs: 60_000,
  });
  const generators = Array.from({ length: CLIENT_PROCS }, () =>
    child<ToClients, FromClients>('relay-clients.ts', childEnv),
  );
  const rows: Row[] = [];
  try {
    const maxLevel = Math.max(...LEVELS);
    const users = await seedBenchChats({ dataDir: app.dataDir, users: USERS, chats: maxLevel, credits: 100_000_000 });
    // User u's socket lives in generator u % CLIENT_PROCS.
    const chatsByLevel = (level: number) =>
      Array.from({ length: level }, (_, j) => users[j % USERS]?.chatIds[Math.floor(j / USERS)] as string);
    const generatorOf = new Map<string, number>();
    users.forEach((u, i) => {
      for (const c of u.chatIds) generatorOf.set(c, i % CLIENT_PROCS);
    });
    await Promise.all(
      generators.map(async (g, gi) => {
        const t0 = clockMs();
        g.send({ type: 'connect', url: app.url, users: users.filter((_, i) => i % CLIENT_PROCS === gi) });
        const { clock: c } = await g.next('ready');
        if (!(t0 <= c && c <= clockMs())) throw new Error('a generator is not on this process’s clock');
      }),
    );

    const runRound = async (chats: string[], arrival: 'burst' | 'spread', resetLag: boolean) => {
      const start = clockMs() + LEAD_MS;
      const gap = arrival === 'spread' ? (TOKENS * TOKEN_GAP_MS) / chats.length : 0;
      const sends = chats.map((chatId, i) => ({ chatId, at: start + i * gap }));
      const done = await Promise.all(
        generators.map((g, gi) => {
          const reply = g.next('round-done');
          g.send({ type: 'round', sends: sends.filter((s) => generatorOf.get(s.chatId) === gi), resetLag });
          return reply;
        }),
      );
      return done;
    };

    // Warm-up (JIT; the app's connections to the model at the largest level), not measured.
    await runRound(chatsByLevel(Math.min(10, maxLevel)), 'burst', true);
    await runRound(chatsByLevel(maxLevel), 'burst', true);

    for (const arrival of ARRIVALS) {
      for (const level of LEVELS) {
        const chats = chatsByLevel(level);
        const rounds = Math.max(1, Math.ceil(MIN_SAMPLES / level));
        const samples: StreamSample[] = [];
        const failures: string[] = [];
        let clientLag: LagFigures = { p50: 0, p99: 0, max: 0 };
        let clientCpuUs = 0;
        model.send({ type: 'lag-reset' });
        const cpuBefore = treeCpuMsOf(app.pid);
        const wallBefore = clockMs();
        for (let r = 0; r < rounds; r++) {
          const done = await runRound(chats, arrival, r === 0);
          for (const d of done) {
            samples.push(...d.samples);
            failures.push(...d.failures);
          }
          if (r === rounds - 1) {
            // Each generator's figures cover the whole level (reset at its first round): the worst generator.
            clientLag = done.reduce((worst, d) => (d.lag.p99 > worst.p99 ? d.lag : worst), clientLag);
            clientCpuUs = done.reduce((s, d) => s + d.cpuUs, 0);
          }
        }
        const stretch = (clockMs() - wallBefore) / (rounds * (TOKENS * TOKEN_GAP_MS + LEAD_MS));
        const cpuAfter = treeCpuMsOf(app.pid);
        model.send({ type: 'lag' });
        const modelFigures = await model.next('lag');
        const tokens = rounds * level * TOKENS;
        const row: Row = {
          level,
          arrival,
          samples,
          failures,
          appCpuPerToken:
            cpuBefore !== undefined && cpuAfter !== undefined ? ((cpuAfter - cpuBefore) * 1000) / tokens : undefined,
          clientLag,
          modelLag: modelFigures.lag,
          benchCpuPerToken: (clientCpuUs + modelFigures.cpuUs) / tokens,
          stretch,
          peakStreams: modelFigures.peakStreams,
          load: loadAverage(),
        };
        rows.push(row);
        const first = pct(samples.map((s) => s.first));
        const last = pct(samples.map((s) => s.last));
        console.log(
          `${String(level).padStart(4)} streams ${arrival}: first token → first delta p50 ${ms(first.p50)}, p99 ${ms(first.p99)}, p999 ${ms(first.p999)}` +
            `  |  last token → done p50 ${ms(last.p50)}, p99 ${ms(last.p99)}  [${samples.length} streams, ${failures.length} failed]` +
            `  generators' loop delay p99 ${ms(clientLag.p99)}, model's ${ms(modelFigures.lag.p99)}` +
            (row.appCpuPerToken === undefined ? '' : `  app CPU ${row.appCpuPerToken.toFixed(0)} µs/token`) +
            `  at most ${row.peakStreams} streaming at once  rounds ${stretch.toFixed(2)}× nominal  load ${row.load}`,
        );
        // For reading an app profile (RELAY_PROFILE): V8's sample times are this clock in µs on Linux.
        console.log(`  level ran on the clock from ${wallBefore.toFixed(1)} to ${clockMs().toFixed(1)} ms`);
        for (const f of failures.slice(0, 5)) console.log(`  failed: ${f}`);
      }
    }
  } catch (error) {
    console.error(app.output());
    throw error;
  } finally {
    for (const g of generators) {
      if (g.proc.connected) g.send({ type: 'close' });
    }
    await app.stop();
    model.proc.kill();
  }
  writeReport(rows, loadBefore);
}

function writeReport(rows: Row[], loadBefore: string) {
  const table = [
    '| Streams | Arrival | Measured (failed) | First token → first `message.delta` p50 / p99 / p999 | Last token → `message.done` p50 / p99 | `sendMessage` → first delta p50 / p99 | Generators’ / model’s event-loop delay p99 | App CPU per token | Most streaming at once | Rounds / nominal | Load average after |',
    '|---:|---|---:|---|---|---|---|---:|---:|---:|---|',
    ...rows.map((r) => {
      const first = pct(r.samples.map((s) => s.first));
      const last = pct(r.samples.map((s) => s.last));
      const send = pct(r.samples.map((s) => s.sendToFirst));
      return `| ${r.level} | ${r.arrival} | ${r.samples.length} (${r.failures.length}) | ${ms(first.p50)} / ${ms(first.p99)} / ${ms(first.p999)} | ${ms(last.p50)} / ${ms(last.p99)} | ${ms(send.p50)} / ${ms(send.p99)} | ${ms(r.clientLag.p99)} / ${ms(r.modelLag.p99)} | ${r.appCpuPerToken === undefined ? 'n/a' : `${r.appCpuPerToken.toFixed(0)} µs`} | ${r.peakStreams} | ${r.stretch.toFixed(2)}× | ${r.load} |`;
    }),
  ].join('\n');
  report(
    [
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, SQLite, ${Object.keys(APP_ENV).length ? `app env ${process.env.RELAY_APP_ENV?.trim()}` : 'one app process'} (${BUNDLE ? path.relative(root, BUNDLE) : 'server/dist/main.js'}); fake model and ${CLIENT_PROCS} load generators (${USERS} users) in processes of their own; ${TOKENS} tokens per reply, ${TOKEN_GAP_MS} ms apart; at least ${MIN_SAMPLES} streams per level; load average before the run ${loadBefore}.`,
      '',
      table,
    ].join('\n'),
  );
}

await main();
