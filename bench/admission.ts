/**
 * Admission (issue #50 item 1): how long a user's send takes to become the app's request to the
 * model, as a real Socket.IO client sees it, and whether a burst of new chats holds back the
 * tokens of the replies already streaming.
 *
 * Three processes: the app as `npm start` runs it (server/dist/main.js; SQLite, then a fresh
 * PostgreSQL database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set); the fake OpenAI-
 * compatible model (relay-model.ts: ADMISSION_TOKENS tokens ADMISSION_TOKEN_GAP_MS apart, chat
 * titles answered at once), which writes into a reply's first token the machine-wide clock reading
 * taken when the request arrived and the one taken right before that token was written
 * (relay-shared.ts); and this one, the client (socket.io-client, one WebSocket per user).
 *
 * - idle: one `sendMessage` at a time in a chat that already holds a message (no naming), the next
 *   one ADMISSION_IDLE_GAP_MS after the reply has ended; then the same with `createChatWithMessage`
 *   (a new chat, as the web app's first message), waiting for its `chat.renamed` too.
 *   Figures: client's send → the model receives the app's request; the app's CPU (/proc) per
 *   idle send of each kind over its whole life (on a CPU-bound machine the steadier A/B figure).
 * - burst: ADMISSION_BURST `createChatWithMessage` at once (one synchronous loop) over 4 users
 *   (fresh users each round, so every chat's title is asked of the model as for real chats),
 *   ADMISSION_ROUNDS rounds. Figures: send → model asked; model's first token → first
 *   `message.delta` (the relay, while the other sends are still being admitted and the first
 *   exchanges are named); the events the client receives and the app's CPU (/proc), per burst
 *   send over its whole life (setup, reply, title) and from the first send to the last model
 *   request (the setups' CPU when ADMISSION_FIRST_DELAY_MS outlasts the burst). Each burst prints
 *   its window on the clock (a CPU profile's sample times: bench/lib/profile-window.mjs).
 *
 * Knobs: ADMISSION_SETUPS=sqlite,postgres  ADMISSION_IDLE_SENDS=60  ADMISSION_BURST=200
 * ADMISSION_ROUNDS=3  ADMISSION_ROUND_TIMEOUT_MS=600000  ADMISSION_TOKENS=20  ADMISSION_TOKEN_GAP_MS=20
 * ADMISSION_FIRST_DELAY_MS=0 (the model waits this long before a reply's first token: e.g. 3000 shows
 * a burst's setups without the replies' tokens in their way)  ADMISSION_BUNDLE=<another
 * server bundle, relative to the repo root: a build of the commit before a change>
 * ADMISSION_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (flags for the app's node).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { buildServer, repoRoot, startServerProcess } from '@neura/test-kit/server/process';
import type { Socket } from 'socket.io-client';
import { child } from './lib/child.js';
import { cpuMsOf, loadAverage, report } from './lib/report.js';
import { seedBenchChats } from './lib/seed-chats.js';
import { percentile } from './lib/stats.js';
import { connectUsers } from './lib/user-sockets.js';
import { clockMs, type FromModel, readAskedStamp, readFirstStamp, type ToModel } from './relay-shared.js';

const SETUPS = (process.env.ADMISSION_SETUPS ?? 'sqlite,postgres').split(',');
const IDLE_SENDS = Number(process.env.ADMISSION_IDLE_SENDS ?? 60);
const IDLE_GAP_MS = Number(process.env.ADMISSION_IDLE_GAP_MS ?? 30);
const BURST = Number(process.env.ADMISSION_BURST ?? 200);
const ROUNDS = Number(process.env.ADMISSION_ROUNDS ?? 3);
const USERS = 4;
const TOKENS = Number(process.env.ADMISSION_TOKENS ?? 20);
const GAP_MS = Number(process.env.ADMISSION_TOKEN_GAP_MS ?? 20);
/** How long a round's replies may take before the run fails (a loaded machine needs minutes). */
const ROUND_TIMEOUT_MS = Number(process.env.ADMISSION_ROUND_TIMEOUT_MS ?? 600_000);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const BUNDLE = process.env.ADMISSION_BUNDLE ? path.resolve(repoRoot, process.env.ADMISSION_BUNDLE) : undefined;
/** Extra node flags for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const NODE_ARGS = (process.env.ADMISSION_NODE_ARGS ?? '').split(' ').filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One reply as this client saw it (clock times, ms). */
interface Seen {
  asked?: number;
  firstToken?: number;
  firstDelta?: number;
}

/** The client: every user's socket; what it saw of each chat's reply, and how many replies ended. */
class Client {
  readonly seen = new Map<string, Seen>();
  readonly renamed = new Set<string>();
  readonly failures: string[] = [];
  readonly sockets: Socket[] = [];
  readonly socketOf = new Map<string, Socket>();
  private ended = 0;
  private waiters: Array<{ n: number; resolve: () => void }> = [];

  async connect(url: string, users: Array<{ token: string; chatIds: string[] }>): Promise<Socket[]> {
    // connectUsers waits for `ready` on every socket of its list: a list of these users' own.
    const sockets: Socket[] = [];
    await connectUsers(url, users, (s) => this.listen(s), { sockets, socketOf: this.socketOf });
    this.sockets.push(...sockets);
    return sockets;
  }

  /** Events received (every frame but the acks), for the frames per send. */
  frames = 0;

  private listen(socket: Socket) {
    socket.onAny(() => {
      this.frames++;
    });
    socket.on('message.delta', (p: { chatId: string; text: string }) => {
      const now = clockMs();
      const seen = this.seen.get(p.chatId) ?? {};
      if (seen.firstDelta !== undefined) return;
      this.seen.set(p.chatId, { firstDelta: now, asked: readAskedStamp(p.text), firstToken: readFirstStamp(p.text) });
    });
    socket.on('message.done', () => this.end());
    socket.on('message.error', (p: { chatId: string; message: string }) => {
      this.failures.push(`${p.chatId}: ${p.message}`);
      this.end();
    });
    socket.on('chat.renamed', (p: { chatId: string }) => this.renamed.add(p.chatId));
  }

  private end() {
    this.ended++;
    const due = this.waiters.filter((w) => this.ended >= w.n);
    this.waiters = this.waiters.filter((w) => this.ended < w.n);
    for (const w of due) w.resolve();
  }

  /** Resolves once `more` replies have ended after now (a reply that never ends: fails the run). */
  ends(more: number): Promise<void> {
    const n = this.ended + more;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${n - this.ended} replies never ended`)), ROUND_TIMEOUT_MS);
      this.waiters.push({
        n,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Emits `event` and answers the send's clock time and, once acked, the chat's id. */
  emit(socket: Socket, event: string, input: object, chatId?: string): { sent: number; chat: Promise<string> } {
    const sent = clockMs();
    const chat = new Promise<string>((resolve) => {
      socket.emit(event, input, (ack: { chatId?: string; error?: unknown }) => {
        if (ack.error) this.failures.push(JSON.stringify(ack.error));
        resolve(ack.chatId ?? chatId ?? '');
      });
    });
    return { sent, chat };
  }

  close() {
    for (const s of this.sockets) s.close();
  }
}

interface Figures {
  asked: number[];
  relay: number[];
}

const collect = async (client: Client, sends: Array<{ sent: number; chat: Promise<string> }>, into: Figures) => {
  for (const s of sends) {
    const seen = client.seen.get(await s.chat);
    if (seen?.asked !== undefined) into.asked.push(seen.asked - s.sent);
    if (seen?.firstToken !== undefined && seen.firstDelta !== undefined)
      into.relay.push(seen.firstDelta - seen.firstToken);
  }
};

/** One send at a time, each after the last reply has ended (and its chat been renamed, for a new chat). */
async function idle(
  client: Client,
  chatIds: string[],
  newChats: Socket[],
  pid: number | undefined,
): Promise<{ send: number[]; create: number[]; cpu: { send: number; create: number } }> {
  const out: Figures = { asked: [], relay: [] };
  const cpuAtStart = cpuMsOf(pid) ?? 0;
  for (const chatId of chatIds) {
    const ended = client.ends(1);
    const send = client.emit(client.socketOf.get(chatId) as Socket, 'sendMessage', { chatId, text: 'bench' }, chatId);
    await ended;
    await collect(client, [send], out);
    await sleep(IDLE_GAP_MS);
  }
  const cpuAtCreates = cpuMsOf(pid) ?? 0;
  const created: Figures = { asked: [], relay: [] };
  for (let i = 0; i < chatIds.length; i++) {
    const ended = client.ends(1);
    const send = client.emit(newChats[i % newChats.length] as Socket, 'createChatWithMessage', newChat);
    await ended;
    const chatId = await send.chat;
    for (let w = 0; w < 200 && !client.renamed.has(chatId); w++) await sleep(5);
    await collect(client, [send], created);
    await sleep(IDLE_GAP_MS);
  }
  // The app's CPU over each kind's sends (the gaps idle): each send's whole life, reply and title included.
  const cpu = { send: cpuAtCreates - cpuAtStart, create: (cpuMsOf(pid) ?? 0) - cpuAtCreates };
  return { send: out.asked, create: created.asked, cpu };
}

const newChat = { persona: 'default', text: 'bench' };

/**
 * BURST new chats at once over the round's users' sockets; waits for their replies and titles.
 * Answers the app's CPU (/proc, 10 ms ticks) from the first send to the last send's model request:
 * the setups' (with ADMISSION_FIRST_DELAY_MS longer than the burst, nothing else runs meanwhile).
 */
async function burst(client: Client, sockets: Socket[], into: Figures, pid: number | undefined): Promise<number> {
  const ended = client.ends(BURST);
  const cpu: Array<{ at: number; ms: number }> = [{ at: clockMs(), ms: cpuMsOf(pid) ?? 0 }];
  const sampler = setInterval(() => cpu.push({ at: clockMs(), ms: cpuMsOf(pid) ?? 0 }), 5);
  const sends = Array.from({ length: BURST }, (_, i) =>
    client.emit(sockets[i % sockets.length] as Socket, 'createChatWithMessage', newChat),
  );
  await ended;
  clearInterval(sampler);
  const ids = await Promise.all(sends.map((s) => s.chat));
  for (let w = 0; w < 400 && ids.some((id) => !client.renamed.has(id)); w++) await sleep(10);
  await collect(client, sends, into);
  // The burst's window on the machine's clock (a profile's sample times: bench/lib/profile-window.mjs).
  const asked = sends.map((s) => s.sent).concat([...client.seen.values()].map((v) => v.asked ?? 0));
  const lastAsked = Math.max(...asked);
  console.log(`burst ran on the clock from ${sends[0]?.sent.toFixed(1)} to ${lastAsked.toFixed(1)} ms (last asked)`);
  // The first reading at or after the last request (a tick's resolution either way).
  const atLast = cpu.find((c) => c.at >= lastAsked) ?? cpu[cpu.length - 1];
  return (atLast?.ms ?? 0) - (cpu[0]?.ms ?? 0);
}

const pct = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (p: number) => (percentile(sorted, p) ?? Number.NaN).toFixed(2);
  return `${f(50)} / ${f(99)} ms (n=${values.length})`;
};

async function runSetup(kind: string): Promise<string[]> {
  const model = child<ToModel, FromModel>('relay-model.ts', {
    ...process.env,
    RELAY_TOKENS: String(TOKENS),
    RELAY_TOKEN_GAP_MS: String(GAP_MS),
    RELAY_FIRST_DELAY_MS: process.env.ADMISSION_FIRST_DELAY_MS ?? '0',
  });
  const { baseUrl } = await model.next('listening');
  console.log(`${kind}: model listening`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-admission-'));
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LLM_BASE_URL: baseUrl,
    LLM_MODEL: 'fake',
    MAX_SOCKETS_PER_USER: '10',
  };
  let pg: { url: string; drop: () => Promise<void> } | undefined;
  if (kind === 'postgres') {
    process.env.TEST_DATABASE_URL = PG_SERVER;
    pg = await createPostgresDatabase();
    env.DATABASE_URL = pg.url;
  }
  const app = await startServerProcess({ env, bundlePath: BUNDLE, nodeArgs: NODE_ARGS, startTimeoutMs: 120_000 });
  const client = new Client();
  console.log(`${kind}: app started`);
  try {
    // The idle sends' chats (each holding a message), then the burst rounds' users (no chats).
    const idleUsers = await seedBenchChats({
      dataDir,
      databaseUrl: pg?.url,
      users: USERS,
      chats: IDLE_SENDS,
      credits: 1e8,
    });
    const roundUsers = await seedBenchChats({
      dataDir,
      databaseUrl: pg?.url,
      users: USERS * ROUNDS,
      chats: 0,
      credits: 1e8,
    });
    const idleSockets = await client.connect(app.url, idleUsers);
    const roundSockets = await client.connect(app.url, roundUsers);
    console.log(`${kind}: users connected; idle sends…`);
    const loadIdle = loadAverage();
    const idleFigures = await idle(
      client,
      idleUsers.flatMap((u) => u.chatIds),
      idleSockets,
      app.pid,
    );
    console.log(`${kind}: idle done; bursts…`);
    const burstFigures: Figures = { asked: [], relay: [] };
    const loadBurst = loadAverage();
    let cpuRounds = 0;
    let cpuSetups = 0;
    const framesBefore = client.frames;
    for (let r = 0; r < ROUNDS; r++) {
      const before = cpuMsOf(app.pid) ?? 0;
      cpuSetups += await burst(client, roundSockets.slice(r * USERS, (r + 1) * USERS), burstFigures, app.pid);
      cpuRounds += (cpuMsOf(app.pid) ?? 0) - before;
      await sleep(500);
    }
    // The app's CPU (user + system, /proc) per send over a send's whole life: setup, reply, title.
    const perSend = (ms: number, sends: number) => (sends === 0 ? 'n/a' : `${(ms / sends).toFixed(2)} ms`);
    if (client.failures.length)
      console.error(`${kind}: ${client.failures.length} failures, e.g. ${client.failures[0]}`);
    return [
      `| ${kind} | one \`sendMessage\`, idle: send → model asked | ${pct(idleFigures.send)} | ${loadIdle} |`,
      `| ${kind} | one \`createChatWithMessage\`, idle: send → model asked | ${pct(idleFigures.create)} | ${loadIdle} |`,
      `| ${kind} | app CPU per idle send, whole life (\`sendMessage\` / \`createChatWithMessage\`; /proc) | ${perSend(idleFigures.cpu.send, IDLE_SENDS)} / ${perSend(idleFigures.cpu.create, IDLE_SENDS)} | |`,
      `| ${kind} | ${BURST} new chats at once × ${ROUNDS}: send → model asked | ${pct(burstFigures.asked)} | ${loadBurst} |`,
      `| ${kind} | same burst: model's first token → first \`message.delta\` | ${pct(burstFigures.relay)} | ${loadAverage()} |`,
      `| ${kind} | events received per burst send, whole life (acks aside) | ${ROUNDS ? ((client.frames - framesBefore) / (ROUNDS * BURST)).toFixed(2) : 'n/a'} | |`,
      `| ${kind} | app CPU per burst send, whole life (setup, reply, title; /proc) | ${perSend(cpuRounds, ROUNDS * BURST)} | |`,
      `| ${kind} | app CPU per burst send, first send → last model request (the setups, and replies' tokens by then) | ${perSend(cpuSetups, ROUNDS * BURST)} | |`,
    ];
  } finally {
    client.close();
    await app.stop();
    model.proc.kill();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!BUNDLE) buildServer();
const rows: string[] = [];
for (const kind of SETUPS) {
  if (kind === 'postgres' && !PG_SERVER) {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
    continue;
  }
  rows.push(...(await runSetup(kind)));
}
report(
  [
    `${TOKENS} tokens ${GAP_MS} ms apart; ${USERS} users per burst round, fresh each round (every chat titled by the model as for real chats).`,
    '',
    '| database | what | p50 / p99 | load (1 / 5 / 15 min) |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n'),
);
process.exit(0);
