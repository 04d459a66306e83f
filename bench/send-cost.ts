/**
 * What one `sendMessage` costs the app on SQLite (issue #32): the database statements it runs (its
 * setup, i.e. until the ack, and the whole send until the reply's end has been written), each
 * statement's share of the database time, and the app's time per send and per relayed delta. The
 * in-process app (`buildApp`, as tests build it) on a temp SQLite file (`createDb` with Kysely's
 * query log, which counts and times every statement, `begin` and `commit` included); the test-kit OpenAI fake streams
 * `SEND_COST_TOKENS` tokens with no delay. Sends go one at a time (nothing else running), so every
 * statement is the send's own. A relative measure: run it before and after a change on the same
 * machine; the absolute figures include the in-process client's work.
 *
 * Knobs: SEND_COST_SENDS=300  SEND_COST_TOKENS=20  SEND_COST_CHECKPOINTS=worker|sqlite|off (`worker`, the
 * default: as the server runs, db/checkpointer.ts; `sqlite`: SQLite's own checkpoints inside the
 * app's commits, as before issue #32; `off`: none, to count the write-ahead log's pages per send).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { listenApp } from '@neura/test-kit/server/in-process';
import { type LogEvent, sql } from 'kysely';
import { io } from 'socket.io-client';
import { loadConfig } from '../server/src/config.js';
import { createDb } from '../server/src/db/database.js';
import { loadAverage, report } from './lib/report.js';

const SENDS = Number(process.env.SEND_COST_SENDS ?? 300);
const TOKENS = Number(process.env.SEND_COST_TOKENS ?? 20);
const CHECKPOINTS = process.env.SEND_COST_CHECKPOINTS ?? 'worker';

/** Per SQL text: how often it ran and how long it took (µs, Kysely's own timing of each query). */
const statements = new Map<string, { count: number; us: number; max: number }>();
let counted = 0;
/** Statements that took over 2 ms: a checkpoint inside a commit, or the machine's noise. */
let long = 0;
const log = (event: LogEvent) => {
  const sql = event.query.sql;
  if (sql.startsWith('PRAGMA')) return;
  const entry = statements.get(sql) ?? { count: 0, us: 0, max: 0 };
  statements.set(sql, entry);
  const us = event.queryDurationMillis * 1000;
  entry.count++;
  entry.us += us;
  entry.max = Math.max(entry.max, us);
  if (us > 2000) long++;
  counted++;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-send-cost-'));
const fake = await startFakeOpenAI({ chunks: Array.from({ length: TOKENS }, (_, i) => `t${i} `), delayMs: 0 });
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  LLM_BASE_URL: fake.baseUrl,
  LLM_MODEL: 'fake',
});
const db = createDb(config.database, {
  log,
  ...(CHECKPOINTS === 'worker'
    ? {
        backgroundCheckpoints: (message: string) => {
          throw new Error(message);
        },
      }
    : {}),
});
const app = await listenApp(config, { db, logger: false });
try {
  const user = await app.seed.user({ password: null, credits: 100_000_000 });
  const chatIds: string[] = [];
  // Each chat already holds a message, as in bench/relay.ts: no chat naming after the reply.
  for (let i = 0; i < SENDS; i++) {
    const chat = await app.seed.chat(user.id, 'default');
    await app.seed.messages({ id: chat.id, userId: user.id }, [{ role: 'user', content: 'warm-up' }]);
    chatIds.push(chat.id);
  }
  const socket = io(`${app.url}/session`, { query: { token: user.token }, transports: ['websocket'], forceNew: true });
  await new Promise<void>((resolve) => socket.once('ready', () => resolve()));

  let deltas = 0;
  socket.on('message.delta', () => void deltas++);
  const done = new Map<string, () => void>();
  socket.on('message.done', (p: { chatId: string }) => done.get(p.chatId)?.());
  socket.on('message.error', (p: { chatId: string; message: string }) => {
    throw new Error(`reply failed: ${p.message}`);
  });
  // The chat's preview is written after message.done: a send is over when its chat.updated for the reply came.
  const updated = new Map<string, () => void>();
  socket.on('chat.updated', (p: { chatId: string }) => updated.get(p.chatId)?.());

  const oneSend = async (chatId: string) => {
    const before = counted;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const replied = new Promise<void>((resolve) => done.set(chatId, resolve));
    const ack = await new Promise<{ messageId?: string; error?: unknown }>((resolve) =>
      socket.emit('sendMessage', { chatId, text: 'Hello there' }, resolve),
    );
    if (!ack.messageId) throw new Error(`send refused: ${JSON.stringify(ack)}`);
    const setup = counted - before;
    const setupMs = performance.now() - t0;
    // message.created ×2 and the user message's chat.updated came before the ack; the next one is the reply's.
    const touched = new Promise<void>((resolve) => updated.set(chatId, resolve));
    await replied;
    await touched;
    const cpu = process.cpuUsage(cpu0);
    return { setup, whole: counted - before, setupMs, cpuUs: cpu.user + cpu.system };
  };

  // Warm-up (JIT, statement cache), then the measured sends.
  for (const chatId of chatIds.slice(0, 20)) await oneSend(chatId);
  if (CHECKPOINTS === 'off') {
    // The log's pages the sends write: no checkpoints during the measured sends, then one to count.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
    await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  }
  statements.clear();
  deltas = 0;
  long = 0;
  const runs: Array<Awaited<ReturnType<typeof oneSend>>> = [];
  for (const chatId of chatIds.slice(20)) runs.push(await oneSend(chatId));
  socket.close();
  const walFrames =
    CHECKPOINTS === 'off'
      ? Number(Object.values((await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db)).rows[0] as object)[1])
      : undefined;

  const n = runs.length;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const dbUs = [...statements.values()].reduce((s, e) => s + e.us, 0);
  const longest = Math.max(...[...statements.values()].map((e) => e.max));
  const rows = [...statements.entries()].sort((a, b) => b[1].us - a[1].us);
  const lines = [
    `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, SQLite, in-process app and client, checkpoints: ${CHECKPOINTS}; ${n} sends one at a time, ${TOKENS} tokens each (no delay); load average ${loadAverage()}.`,
    '',
    '| Per send | Median |',
    '|---|---:|',
    `| statements until the ack (setup) | ${median(runs.map((r) => r.setup))} |`,
    `| statements in all (until the reply's end is written) | ${median(runs.map((r) => r.whole))} |`,
    `| database time (better-sqlite3 calls) | ${(dbUs / n).toFixed(0)} µs |`,
    `| send → ack, wall (in-process client included) | ${(median(runs.map((r) => r.setupMs)) * 1000).toFixed(0)} µs |`,
    `| process CPU per send, whole reply (client and fake model included) | ${median(runs.map((r) => r.cpuUs)).toFixed(0)} µs |`,
    `| \`message.delta\` frames per reply | ${(deltas / n).toFixed(1)} |`,
    ...(walFrames === undefined
      ? []
      : [`| write-ahead log pages written (4 KB each) | ${(walFrames / n).toFixed(1)} |`]),
    `| statements over 2 ms (on the app's thread) | ${(long / n).toFixed(3)} (${long} in ${n} sends; longest ${(longest / 1000).toFixed(1)} ms) |`,
    '',
    '| Statement | Per send | µs per run (mean / max) | Share of database time |',
    '|---|---:|---:|---:|',
    ...rows.map(
      ([sql, e]) =>
        `| \`${sql.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 110)}\` | ${(e.count / n).toFixed(2)} | ${(e.us / e.count).toFixed(0)} / ${e.max.toFixed(0)} | ${((100 * e.us) / dbUs).toFixed(1)} % |`,
    ),
  ];
  report(lines.join('\n'));
} finally {
  await app.stop();
  await fake.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
