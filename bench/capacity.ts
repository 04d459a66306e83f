/**
 * Unit costs for docs/CAPACITY.md (issue #50 item 5): what one send and one relayed token cost the
 * app process, its database and Redis, and the wire, measured as COUNTS and CPU TIME (they hold on
 * a loaded machine, where wall-clock figures do not). Asserts nothing; prints the table and what
 * the model (bench/capacity-model.ts) predicts from it.
 *
 * Setups: one app process as `npm start` runs it (server/dist/main.js) on SQLite; then, when a
 * PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL) and a Redis (BENCH_REDIS_URL,
 * REDIS_URL or TEST_REDIS_URL) are given, one app process on a fresh PostgreSQL database and Redis
 * (a private REDIS_PREFIX) plus a SECOND app process on the same database and Redis with no client:
 * its CPU is what every other process pays for the first one's broadcasts (Socket.IO's Redis adapter).
 *
 * Measured, without touching the app: its CPU time, the idle peer's and the balancer's
 * (/proc/<pid>/stat; the balancer is bench/processes-balancer.ts in its own process); the bytes
 * between the client and the balancer (a counting TCP proxy: Socket.IO frames with WebSocket
 * framing); PostgreSQL statements and each one's round trip (a second counting proxy reading the
 * wire protocol) and the CPU of the PostgreSQL backends serving the apps (/proc; each backend's pid
 * is in its BackendKeyData message); Redis commands per name (MONITOR, only the apps' connections
 * through a third proxy), the Redis bytes each way and Redis's CPU per PUBLISH (INFO commandstats).
 * The client (socket.io-client, WebSocket, one user) and the fake model run in this process;
 * sends go one at a time, each in a chat of its own that already holds a message (no naming call).
 * Two reply lengths (CAPACITY_TOKENS, short and long) separate the cost per send from the cost per
 * token: per token = (long − short) / (difference in tokens); per send = short − its tokens × that.
 * A third phase repeats the long replies with a second socket of the same user connected (the
 * extra cost of a user's second device per token); a fourth (PostgreSQL + Redis) adds 8 Redis
 * pattern subscribers (Redis's cost per PUBLISH per subscriber).
 *
 * Knobs: CAPACITY_SENDS=60 (per phase)  CAPACITY_TOKENS=10,100  CAPACITY_TOKEN_GAP_MS=3
 * CAPACITY_SETUPS=sqlite,postgres  CAPACITY_JSON=<file> (the figures as JSON, for docs/CAPACITY.md)
 * CAPACITY_BUNDLE=<another server bundle, relative to the repo root: a build of the commit before a change>.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { buildServer, repoRoot, type ServerProcess, startServerProcess } from '@neura/test-kit/server/process';
import { io, type Socket } from 'socket.io-client';
import { type Costs, modelLines, type Phase } from './capacity-model.js';
import { child } from './lib/child.js';
import { cpuMsOf, loadAverage, report, sumCpuMsOf } from './lib/report.js';
import { seedBenchChats } from './lib/seed-chats.js';
import { postgresTap, redisCommandStats, redisMonitor, startCountingProxy } from './lib/wire-counters.js';

const SENDS = Number(process.env.CAPACITY_SENDS ?? 60);
const [SHORT, LONG] = (process.env.CAPACITY_TOKENS ?? '10,100').split(',').map(Number) as [number, number];
const SETUPS = (process.env.CAPACITY_SETUPS ?? 'sqlite,postgres').split(',');
const BUNDLE = process.env.CAPACITY_BUNDLE ? path.resolve(repoRoot, process.env.CAPACITY_BUNDLE) : undefined;
const WARMUP = 10;
/** Extra Redis pattern subscribers in the last phase (PostgreSQL + Redis only). */
const EXTRA_SUBSCRIBERS = 8;
/** Milliseconds between the model's tokens: each token its own `message.delta`, as with a real model. */
const GAP_MS = Number(process.env.CAPACITY_TOKEN_GAP_MS ?? 3);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? process.env.TEST_REDIS_URL;

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(`${url}/session`, {
      query: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });

async function runSetup(kind: 'sqlite' | 'postgres'): Promise<Costs> {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/neura-capacity-`);
  const fake = await startFakeOpenAI({ chunks: ['x'], delayMs: 0 });
  const cleanups: Array<() => Promise<void> | void> = [
    () => fake.close(),
    () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: 'fake',
      MAX_SOCKETS_PER_USER: '10',
    };
    const pgTap = postgresTap();
    let databaseUrl: string | undefined;
    let redis: { commands: Map<string, number>; bytes: { up: number; down: number } } | undefined;
    if (kind === 'postgres') {
      process.env.TEST_DATABASE_URL = PG_SERVER;
      const db = await createPostgresDatabase();
      cleanups.unshift(() => db.drop());
      databaseUrl = db.url;
      const pgUrl = new URL(db.url);
      const pgProxy = await startCountingProxy(Number(pgUrl.port || 5432), pgTap.tap);
      cleanups.unshift(() => pgProxy.close());
      pgUrl.host = `127.0.0.1:${pgProxy.port}`;
      env.DATABASE_URL = pgUrl.toString();
      const redisUrl = new URL(REDIS_URL as string);
      const redisProxy = await startCountingProxy(Number(redisUrl.port || 6379));
      cleanups.unshift(() => redisProxy.close());
      const monitor = await redisMonitor(Number(redisUrl.port || 6379), redisProxy.upstreamPorts);
      cleanups.unshift(() => monitor.close());
      redis = { commands: monitor.commands, bytes: redisProxy.bytes };
      env.REDIS_URL = `redis://127.0.0.1:${redisProxy.port}`;
      env.REDIS_PREFIX = `bench-capacity-${process.pid}-${Date.now().toString(36)}`;
    }
    const app: ServerProcess = await startServerProcess({ env, bundlePath: BUNDLE, startTimeoutMs: 120_000 });
    cleanups.unshift(() => app.stop());
    const peer =
      kind === 'postgres' ? await startServerProcess({ env, bundlePath: BUNDLE, startTimeoutMs: 120_000 }) : undefined;
    if (peer) cleanups.unshift(() => peer.stop());
    // client → counting proxy → the balancer of bench/processes.ts (its own process: its CPU is read) → app.
    const balancer = child<never, { type: 'listening'; url: string }>('processes-balancer.ts', {
      ...process.env,
      BALANCER_PORTS: String(app.port),
    });
    cleanups.unshift(() => void balancer.proc.kill());
    const balancerPort = Number(new URL((await balancer.next('listening')).url).port);
    const clientProxy = await startCountingProxy(balancerPort);
    cleanups.unshift(() => clientProxy.close());

    const perPhase = SENDS + WARMUP;
    const [user] = await seedBenchChats({
      dataDir,
      databaseUrl,
      users: 1,
      chats: 4 * perPhase,
      credits: 1_000_000_000,
    });
    if (!user) throw new Error('no user seeded');
    const url = `http://127.0.0.1:${clientProxy.port}`;
    const socket = await connect(url, user.token);
    cleanups.unshift(() => {
      socket.close();
    });
    let deltas = 0;
    socket.on('message.delta', () => void deltas++);
    const done = new Map<string, () => void>();
    socket.on('message.done', (p: { chatId: string }) => done.get(p.chatId)?.());
    socket.on('message.error', (p: { message: string }) => console.error(`reply failed: ${p.message}`));
    const updated = new Map<string, () => void>();
    socket.on('chat.updated', (p: { chatId: string }) => updated.get(p.chatId)?.());

    const oneSend = async (chatId: string) => {
      const replied = new Promise<void>((resolve) => done.set(chatId, resolve));
      const ack = await new Promise<{ messageId?: string }>((r) =>
        socket.emit('sendMessage', { chatId, text: 'Hi' }, r),
      );
      if (!ack.messageId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
      // The reply's chat.updated (its preview) is written after message.done: the send's last write.
      const touched = new Promise<void>((resolve) => {
        updated.set(chatId, resolve);
        setTimeout(resolve, 2000);
      });
      await replied;
      await touched;
    };

    // CPU of the PostgreSQL backends serving the apps (their pids read off the wire), per backend:
    // the pool closes idle connections and opens new ones, so a new backend counts from zero.
    const backendCpu = async () => {
      const cpu = new Map<number, number>();
      for (const pid of pgTap.stats.backendPids) {
        const ms = cpuMsOf(pid);
        if (ms !== undefined) cpu.set(pid, ms); // an ended backend's last part is lost (the pool rarely closes)
      }
      return cpu;
    };
    const backendDelta = (a: Map<number, number>, b: Map<number, number>) =>
      [...b].reduce((sum, [pid, ms]) => sum + ms - (a.get(pid) ?? 0), 0);
    const redisPort = REDIS_URL ? Number(new URL(REDIS_URL).port || 6379) : 0;
    const publishStats = async () => {
      const p = redis ? (await redisCommandStats(redisPort)).get('PUBLISH') : undefined;
      return p ?? { calls: 0, usec: 0 };
    };
    const snapshot = async () => {
      const publish = await publishStats();
      return {
        publishCalls: publish.calls,
        publishUsec: publish.usec,
        balancerMs: cpuMsOf(balancer.proc.pid) ?? Number.NaN,
        appMs: cpuMsOf(app.pid) ?? Number.NaN,
        peerMs: peer ? (sumCpuMsOf([peer.pid]) ?? Number.NaN) : 0,
        backends: await backendCpu(),
        statements: pgTap.stats.statements,
        roundTrips: pgTap.stats.roundTrips,
        roundTripMs: pgTap.stats.roundTripMs,
        redisCommands: redis ? [...redis.commands.values()].reduce((s, v) => s + v, 0) : 0,
        redisPublish: redis?.commands.get('PUBLISH') ?? 0,
        redisUp: redis?.bytes.up ?? 0,
        redisDown: redis?.bytes.down ?? 0,
        wireDown: clientProxy.bytes.down,
        wireUp: clientProxy.bytes.up,
        deltas,
      };
    };

    const phases: Phase[] = [];
    const runPhase = async (tokens: number, chats: string[], sockets: number, subscribers = 2) => {
      fake.setScript({ chunks: Array.from({ length: tokens }, (_, i) => `w${i % 10} `), delayMs: GAP_MS });
      for (const chatId of chats.slice(0, WARMUP)) await oneSend(chatId);
      const a = await snapshot();
      for (const chatId of chats.slice(WARMUP)) await oneSend(chatId);
      const b = await snapshot();
      const per = (k: Exclude<keyof typeof a, 'backends'>) => (b[k] - a[k]) / SENDS;
      phases.push({
        tokens,
        sockets,
        subscribers,
        appCpuUs: per('appMs') * 1000,
        peerCpuUs: per('peerMs') * 1000,
        balancerCpuUs: per('balancerMs') * 1000,
        redisUsecPerPublish: (b.publishUsec - a.publishUsec) / Math.max(1, b.publishCalls - a.publishCalls),
        pgCpuUs: (backendDelta(a.backends, b.backends) / SENDS) * 1000,
        statements: per('statements'),
        pgRoundTripMs: (b.roundTripMs - a.roundTripMs) / Math.max(1, b.roundTrips - a.roundTrips),
        redisCommands: per('redisCommands'),
        redisPublish: per('redisPublish'),
        redisBytesUp: per('redisUp'),
        redisBytesDown: per('redisDown'),
        wireBytesDown: per('wireDown') / sockets,
        wireBytesUp: per('wireUp'),
        deltas: per('deltas'),
      });
      console.log(
        `${kind}: ${tokens} tokens, ${sockets} socket(s), ${subscribers} Redis subscribers: ${JSON.stringify(phases.at(-1))}`,
      );
    };
    await runPhase(SHORT, user.chatIds.slice(0, perPhase), 1);
    await runPhase(LONG, user.chatIds.slice(perPhase, 2 * perPhase), 1);
    // A second device of the same user: every delta goes to both sockets.
    const second = await connect(url, user.token);
    cleanups.unshift(() => {
      second.close();
    });
    await runPhase(LONG, user.chatIds.slice(2 * perPhase, 3 * perPhase), 2);
    if (redis) {
      // Redis's cost per PUBLISH against its subscribers: EXTRA_SUBSCRIBERS more pattern subscribers
      // (raw connections that read and drop, as another process's adapter would subscribe).
      for (let i = 0; i < EXTRA_SUBSCRIBERS; i++) {
        const sub = net.connect(redisPort, '127.0.0.1');
        sub.on('data', () => undefined);
        sub.on('error', () => undefined);
        sub.write(`PSUBSCRIBE ${env.REDIS_PREFIX}*\r\n`);
        cleanups.unshift(() => void sub.destroy());
      }
      await runPhase(LONG, user.chatIds.slice(3 * perPhase), 2, 2 + EXTRA_SUBSCRIBERS);
    }
    return { kind, phases };
  } finally {
    for (const c of cleanups) await c();
  }
}

const loadBefore = loadAverage();
if (!process.env.BENCH_REPORT && !BUNDLE) buildServer();
const results: Costs[] = [];
for (const setup of SETUPS) {
  if (setup === 'postgres' && !(PG_SERVER && REDIS_URL)) {
    console.log('PostgreSQL + Redis skipped: set BENCH_DATABASE_URL and BENCH_REDIS_URL (or TEST_…)');
    continue;
  }
  results.push(await runSetup(setup as 'sqlite' | 'postgres'));
}
if (process.env.CAPACITY_JSON) fs.writeFileSync(process.env.CAPACITY_JSON, JSON.stringify(results, null, 2));
report(
  [
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; one app process (server/dist/main.js), ${SENDS} sends per phase one at a time, ${SHORT} and ${LONG} tokens per reply; load average before ${loadBefore}, after ${loadAverage()}.`,
    '',
    ...modelLines(results),
  ].join('\n'),
);
