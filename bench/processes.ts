/**
 * Throughput and relay latency of 1, 2 and 4 app processes behind a load balancer with Redis
 * (issue #32; the documented setup of docs/DEPLOYMENT.md, "Several processes"): do more
 * processes relay more streams per second, and at what first-token latency?
 *
 * Processes, none sharing an event loop with another:
 * - N apps as `npm start` runs one (node server/dist/main.js), each on its own PORT, one Redis
 *   (REDIS_URL, a fresh REDIS_PREFIX per run) and one database: a fresh PostgreSQL database per run
 *   when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, else one SQLite file shared by
 *   the N processes (WAL) in a temp DATA_DIR;
 * - the balancer (processes-balancer.ts: test-kit's round-robin TCP balancer, no stickiness);
 * - the fake model (relay-model.ts: RELAY_TOKENS tokens RELAY_TOKEN_GAP_MS apart, stamped);
 * - PROC_CLIENT_PROCS load generators (processes-clients.ts) holding PROC_USERS users' WebSocket
 *   connections, spread over the apps by the balancer;
 * - this process, which seeds, starts and stops everything and writes the figures (it times nothing).
 *
 * Load: closed loop. PROC_STREAMS chats are kept busy (each sends again as soon as its reply is
 * done) for PROC_WARMUP_SECONDS unmeasured, then PROC_SECONDS measured. With enough chats the apps
 * are the bottleneck: streams/s is the setup's throughput at saturation (raise PROC_STREAMS until
 * it stops growing). Counted: streams started and done inside the window; timed: each one's model's
 * first token → first `message.delta` on the machine-wide clock (relay-shared.ts).
 *
 * Knobs: PROC_COUNTS=1,2,4  PROC_STREAMS=400  PROC_USERS=8  PROC_CLIENT_PROCS=2  PROC_SECONDS=20
 * PROC_WARMUP_SECONDS=5  RELAY_TOKENS=20  RELAY_TOKEN_GAP_MS=20  REDIS_URL (or BENCH_REDIS_URL,
 * TEST_REDIS_URL; required)  BENCH_DATABASE_URL  PROC_PROFILE=<dir> (--cpu-prof for each app)
 * PROC_BUNDLE=<other server bundle, relative to the repo root> (an A/B against another build).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { buildServer, repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { child } from './lib/child.js';
import { cpuMsOf, loadAverage, report, sumCpuMsOf } from './lib/report.js';
import { seedBenchChats } from './lib/seed-chats.js';
import { percentile } from './lib/stats.js';
import type { FromLoad, ToLoad } from './processes-clients.js';
import { clockMs, type FromModel, type LagFigures, type ToModel } from './relay-shared.js';

const COUNTS = (process.env.PROC_COUNTS ?? '1,2,4').split(',').map(Number);
const STREAMS = Number(process.env.PROC_STREAMS ?? 400);
const USERS = Number(process.env.PROC_USERS ?? 8);
const CLIENT_PROCS = Number(process.env.PROC_CLIENT_PROCS ?? 2);
const SECONDS = Number(process.env.PROC_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.PROC_WARMUP_SECONDS ?? 5);
const TOKENS = Number(process.env.RELAY_TOKENS ?? 20);
const TOKEN_GAP_MS = Number(process.env.RELAY_TOKEN_GAP_MS ?? 20);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BUNDLE = process.env.PROC_BUNDLE ? path.resolve(repoRoot, process.env.PROC_BUNDLE) : undefined;
const childEnv = { ...process.env, RELAY_TOKENS: String(TOKENS), RELAY_TOKEN_GAP_MS: String(TOKEN_GAP_MS) };

const ms = (v: number) => (v >= 100 ? `${v.toFixed(0)} ms` : `${v.toFixed(2)} ms`);

interface Row {
  processes: number;
  streamsPerSecond: number;
  first: { p50: number; p99: number };
  measured: number;
  failures: string[];
  clientLag: LagFigures;
  modelLag: LagFigures;
  appCpuPerToken?: number;
  balancerCpuPerToken?: number;
  load: string;
}

/** One database for a run: a fresh PostgreSQL database, or a temp DATA_DIR for a shared SQLite file. */
async function database(): Promise<{ env: Record<string, string>; seedUrl?: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-bench-procs-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!PG_SERVER) return { env: { DATA_DIR: dataDir }, drop: removeDir };
  const db = await createPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: db.url },
    seedUrl: db.url,
    drop: async () => {
      await db.drop();
      await removeDir();
    },
  };
}

async function runWith(count: number, modelUrl: string, model: ReturnType<typeof child<ToModel, FromModel>>) {
  const db = await database();
  const apps: ServerProcess[] = [];
  const generators: Array<ReturnType<typeof child<ToLoad, FromLoad>>> = [];
  let balancer: ReturnType<typeof child<never, { type: 'listening'; url: string }>> | undefined;
  try {
    const env = {
      ...db.env,
      NODE_ENV: 'production',
      LLM_BASE_URL: modelUrl,
      LLM_MODEL: 'fake',
      REDIS_URL: REDIS_URL as string,
      REDIS_PREFIX: `bench-procs-${randomBytes(4).toString('hex')}`,
      MAX_SOCKETS_PER_USER: String(USERS * 4),
    };
    // One after the other: the first migrates and seeds the catalog (as docs/DEPLOYMENT.md says).
    const profile = process.env.PROC_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROC_PROFILE] : [];
    for (let i = 0; i < count; i++)
      apps.push(await startServerProcess({ env, nodeArgs: profile, bundlePath: BUNDLE, startTimeoutMs: 90_000 }));
    balancer = child('processes-balancer.ts', { ...childEnv, BALANCER_PORTS: apps.map((a) => a.port).join(',') });
    const { url } = await balancer.next('listening');
    const users = await seedBenchChats({
      dataDir: db.env.DATA_DIR as string,
      databaseUrl: db.seedUrl,
      users: USERS,
      chats: STREAMS,
      credits: 1_000_000_000,
    });
    for (let g = 0; g < CLIENT_PROCS; g++) generators.push(child<ToLoad, FromLoad>('processes-clients.ts', childEnv));
    await Promise.all(
      generators.map(async (g, gi) => {
        const t0 = clockMs();
        g.send({ type: 'connect', url, users: users.filter((_, i) => i % CLIENT_PROCS === gi) });
        const { clock } = await g.next('ready');
        if (!(t0 <= clock && clock <= clockMs())) throw new Error('a generator is not on this process’s clock');
      }),
    );

    const from = clockMs() + WARMUP_SECONDS * 1000;
    const until = from + SECONDS * 1000;
    const results = generators.map((g) => g.next('run-done'));
    for (const g of generators) g.send({ type: 'run', from, until });
    // CPU and the model's figures over the measured window only.
    await new Promise((r) => setTimeout(r, Math.max(0, from - clockMs())));
    model.send({ type: 'lag-reset' });
    const appCpu0 = sumCpuMsOf(apps.map((a) => a.pid));
    const lbCpu0 = cpuMsOf(balancer.proc.pid);
    await new Promise((r) => setTimeout(r, Math.max(0, until - clockMs())));
    const appCpu1 = sumCpuMsOf(apps.map((a) => a.pid));
    const lbCpu1 = cpuMsOf(balancer.proc.pid);
    model.send({ type: 'lag' });
    const modelFigures = await model.next('lag');
    const done = await Promise.all(results);

    const first = done.flatMap((d) => d.first).sort((a, b) => a - b);
    const completed = done.reduce((s, d) => s + d.completed, 0);
    const tokens = completed * TOKENS;
    const perToken = (a?: number, b?: number) =>
      a !== undefined && b !== undefined && tokens > 0 ? ((b - a) * 1000) / tokens : undefined;
    const row: Row = {
      processes: count,
      streamsPerSecond: completed / SECONDS,
      first: { p50: percentile(first, 50), p99: percentile(first, 99) },
      measured: completed,
      failures: done.flatMap((d) => d.failures),
      clientLag: done.reduce((worst, d) => (d.lag.p99 > worst.p99 ? d.lag : worst), { p50: 0, p99: 0, max: 0 }),
      modelLag: modelFigures.lag,
      appCpuPerToken: perToken(appCpu0, appCpu1),
      balancerCpuPerToken: perToken(lbCpu0, lbCpu1),
      load: loadAverage(),
    };
    console.log(
      `${count} app process${count === 1 ? '' : 'es'}: ${row.streamsPerSecond.toFixed(1)} streams/s (${(row.streamsPerSecond * TOKENS).toFixed(0)} tokens/s), ` +
        `first token → first delta p50 ${ms(row.first.p50)}, p99 ${ms(row.first.p99)} [${completed} streams, ${row.failures.length} failed]` +
        `  generators' loop delay p99 ${ms(row.clientLag.p99)}, model's ${ms(row.modelLag.p99)}` +
        (row.appCpuPerToken === undefined ? '' : `  apps' CPU ${row.appCpuPerToken.toFixed(0)} µs/token`) +
        `  load ${row.load}`,
    );
    for (const f of row.failures.slice(0, 5)) console.log(`  failed: ${f}`);
    return row;
  } catch (error) {
    for (const app of apps) console.error(app.output());
    throw error;
  } finally {
    for (const g of generators) if (g.proc.connected) g.send({ type: 'close' });
    balancer?.proc.kill();
    await Promise.all(apps.map((a) => a.stop()));
    await db.drop();
  }
}

async function main() {
  if (!REDIS_URL) throw new Error('Set REDIS_URL (or BENCH_REDIS_URL) to a Redis, e.g. redis://127.0.0.1:6379');
  if (PG_SERVER) process.env.TEST_DATABASE_URL = PG_SERVER;
  const loadBefore = loadAverage();
  if (!process.env.BENCH_REPORT) buildServer();
  const model = child<ToModel, FromModel>('relay-model.ts', childEnv);
  const { baseUrl } = await model.next('listening');
  const rows: Row[] = [];
  try {
    for (const count of COUNTS) rows.push(await runWith(count, baseUrl, model));
  } finally {
    model.proc.kill();
  }
  const base = rows[0]?.streamsPerSecond ?? 0;
  const table = [
    '| App processes | Streams/s (× the first row) | Tokens relayed/s | First token → first `message.delta` p50 / p99 | Measured (failed) | Generators’ / model’s event-loop delay p99 | Apps’ / balancer’s CPU per token | Load average after |',
    '|---:|---:|---:|---|---:|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.processes} | ${r.streamsPerSecond.toFixed(1)} (${base > 0 ? (r.streamsPerSecond / base).toFixed(2) : 'n/a'}×) | ${(r.streamsPerSecond * TOKENS).toFixed(0)} | ${ms(r.first.p50)} / ${ms(r.first.p99)} | ${r.measured} (${r.failures.length}) | ${ms(r.clientLag.p99)} / ${ms(r.modelLag.p99)} | ${r.appCpuPerToken === undefined ? 'n/a' : `${r.appCpuPerToken.toFixed(0)} µs`} / ${r.balancerCpuPerToken === undefined ? 'n/a' : `${r.balancerCpuPerToken.toFixed(0)} µs`} | ${r.load} |`,
    ),
  ].join('\n');
  report(
    [
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${PG_SERVER ? 'PostgreSQL' : 'SQLite shared by the processes'}, Redis; round-robin TCP balancer, fake model and ${CLIENT_PROCS} load generators (${USERS} users, WebSocket) in processes of their own; ${STREAMS} chats kept busy (closed loop), ${TOKENS} tokens per reply ${TOKEN_GAP_MS} ms apart; ${WARMUP_SECONDS} s warm-up, ${SECONDS} s measured per row; load average before the run ${loadBefore}.`,
      '',
      table,
    ].join('\n'),
  );
}

await main();
