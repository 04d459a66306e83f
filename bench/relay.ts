/**
 * Relay overhead of the reply engine: the time from the fake model writing its first token to
 * the client receiving the first `message.delta`, and from the last token to `message.done`,
 * at 1, 50 and 200 concurrent streams — against the same client reading the fake model
 * directly over HTTP (the floor: loopback + SSE parsing).
 *
 * The app runs as its own process (the bundled server/dist/main.js) on SQLite, as `npm start`
 * runs it; the fake model and the clients share this process, so both ends of each
 * measurement are read on one clock (performance.now()).
 */
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { buildServer, repoRoot as root, startServerProcess } from '@neura/test-kit/server/process';
import { io, type Socket } from 'socket.io-client';
import { loadAverage, report, treeCpuMsOf } from './lib/report.js';

const LEVELS = (process.env.RELAY_LEVELS ?? '1,50,200').split(',').map(Number);
/**
 * How a round's sends arrive: `burst` (the default) sends all of them at once, the worst case (the
 * first tokens of the first replies wait behind the setup of every other send); `spread` starts
 * them evenly over one reply's duration (20 tokens × 20 ms), so all are in flight together at the
 * end of it, as users sending at random moments would be.
 */
const ARRIVAL = process.env.RELAY_ARRIVAL === 'spread' ? 'spread' : 'burst';
/** Samples per level: at least this many streams (several rounds at low concurrency). */
const MIN_SAMPLES = 100;
const TOKENS = Number(process.env.RELAY_TOKENS ?? 20);
const TOKEN_GAP_MS = 20;
/**
 * Extra environment for the app, `KEY=value` pairs separated by spaces: e.g. the multi-process
 * mode, `RELAY_APP_ENV="WEB_CONCURRENCY=2 REDIS_URL=redis://127.0.0.1:6379"`.
 */
const APP_ENV = Object.fromEntries(
  (process.env.RELAY_APP_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** Another server bundle to measure (e.g. a build of the commit before a change), relative to the repo root. */
const BUNDLE = process.env.RELAY_BUNDLE ? path.resolve(root, process.env.RELAY_BUNDLE) : undefined;

interface Timing {
  /** When the client emitted sendMessage (relay rounds only). */
  sent?: number;
  modelFirst?: number;
  modelLast?: number;
  clientFirst?: number;
  clientLast?: number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

/** Users with a session, lots of credits and one chat that already has a message (no naming). */
async function seed(dataDir: string, count: number): Promise<Array<{ token: string; chatId: string }>> {
  const target = openSeedTarget({ dataDir });
  try {
    const out: Array<{ token: string; chatId: string }> = [];
    for (let i = 0; i < count; i++) {
      const user = await createTestUser(target, { firstName: 'Bench', password: null, credits: 1_000_000 });
      const chat = await createTestChat(target, user.id, 'default', { name: 'Bench' });
      await addTestMessages(target, { id: chat.id, userId: user.id }, [{ role: 'user', content: 'warm-up' }]);
      out.push({ token: user.token, chatId: chat.id });
    }
    return out;
  } finally {
    await target.close();
  }
}

const markerOf = (body: { messages?: Array<{ role: string; content: unknown }> }): string | undefined => {
  const last = body.messages?.filter((m) => m.role === 'user').at(-1)?.content;
  const text = typeof last === 'string' ? last : JSON.stringify(last ?? '');
  return /bench:[\w-]+/.exec(text)?.[0];
};

async function relayRound(
  timings: Map<string, Timing>,
  clients: Array<{ socket: Socket; chatId: string }>,
  round: number,
): Promise<void> {
  // Warm-up rounds (negative) always arrive at once.
  const gap = ARRIVAL === 'spread' && round >= 0 ? (TOKENS * TOKEN_GAP_MS) / clients.length : 0;
  await Promise.all(
    clients.map(
      ({ socket, chatId }, i) =>
        new Promise<void>((resolve, reject) => {
          const marker = `bench:${round}-${i}`;
          const t: Timing = {};
          timings.set(marker, t);
          const onDelta = (p: { chatId: string }) => {
            if (p.chatId === chatId) t.clientFirst ??= performance.now();
          };
          const onError = (p: { chatId: string; message: string }) => {
            if (p.chatId === chatId) reject(new Error(p.message));
          };
          const onDone = (p: { chatId: string }) => {
            if (p.chatId !== chatId) return;
            t.clientLast = performance.now();
            socket.off('message.delta', onDelta);
            socket.off('message.done', onDone);
            socket.off('message.error', onError);
            resolve();
          };
          socket.on('message.delta', onDelta);
          socket.on('message.done', onDone);
          socket.on('message.error', onError);
          const send = () => {
            t.sent = performance.now();
            socket.emit('sendMessage', { chatId, text: marker }, (ack: { error?: { message: string } }) => {
              if (ack.error) reject(new Error(ack.error.message));
            });
          };
          if (gap > 0 && i > 0) setTimeout(send, i * gap);
          else send();
        }),
    ),
  );
}

async function directStream(fake: FakeOpenAI, marker: string, t: Timing): Promise<void> {
  const res = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'fake', stream: true, messages: [{ role: 'user', content: marker }] }),
  });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at = buffer.indexOf('\n\n');
    while (at !== -1) {
      const event = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      at = buffer.indexOf('\n\n');
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const chunk = JSON.parse(event.slice(6)) as { choices?: Array<{ delta?: { content?: string } }> };
      if (chunk.choices?.[0]?.delta?.content) {
        const now = performance.now();
        t.clientFirst ??= now;
        t.clientLast = now;
      }
    }
  }
}

function summarize(timings: Map<string, Timing>) {
  const first: number[] = [];
  const last: number[] = [];
  const sendToFirst: number[] = [];
  for (const t of timings.values()) {
    if (t.modelFirst === undefined || t.clientFirst === undefined) continue;
    if (t.modelLast === undefined || t.clientLast === undefined) continue;
    first.push(t.clientFirst - t.modelFirst);
    last.push(t.clientLast - t.modelLast);
    if (t.sent !== undefined) sendToFirst.push(t.clientFirst - t.sent);
  }
  return {
    samples: first.length,
    sendP50: percentile(sendToFirst, 50),
    sendP99: percentile(sendToFirst, 99),
    firstP50: percentile(first, 50),
    firstP99: percentile(first, 99),
    lastP50: percentile(last, 50),
    lastP99: percentile(last, 99),
  };
}

const loadBefore = loadAverage();
type Row = {
  level: number;
  relay: ReturnType<typeof summarize>;
  direct: ReturnType<typeof summarize>;
  /** The app process's CPU time (user + system) per relayed token, µs. */
  cpuPerToken?: number;
  /** This process's CPU (the fake model and the clients) per relayed token, µs. */
  benchCpuPerToken: number;
  /** Wall time of the level's rounds against their nominal length (tokens × gap per round). */
  stretch: number;
  load: string;
};

async function main() {
  const fake = await startFakeOpenAI({
    chunks: Array.from({ length: TOKENS }, (_, i) => `tok${i} `),
    delayMs: TOKEN_GAP_MS,
  });
  let timings = new Map<string, Timing>();
  fake.onChunk = ({ request, index, last, at }) => {
    const marker = markerOf(request.body);
    const t = marker ? timings.get(marker) : undefined;
    if (!t) return;
    if (index === 0) t.modelFirst = at;
    if (last) t.modelLast = at;
  };
  // The bundled server, as `npm start` runs it (rebuilt first so it matches the sources).
  if (!BUNDLE) buildServer();
  const profile = process.env.RELAY_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.RELAY_PROFILE] : [];
  const app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', NODE_ENV: 'production', ...APP_ENV },
    nodeArgs: profile,
    bundlePath: BUNDLE,
    startTimeoutMs: 60_000,
  });
  const { url } = app;
  const rows: Row[] = [];
  const sockets: Socket[] = [];
  try {
    const users = await seed(app.dataDir, Math.max(...LEVELS));
    for (const u of users) {
      const socket = io(`${url}/session`, { query: { token: u.token }, transports: ['websocket'], forceNew: true });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise((r) => s.once('ready', r))));
    const clients = users.map((u, i) => ({ socket: sockets[i] as Socket, chatId: u.chatId }));

    // Warm-up (JIT, the app's connection pool to the model at the largest level) is not measured.
    timings = new Map();
    await relayRound(timings, clients.slice(0, 10), -2);
    await relayRound(timings, clients, -1);

    for (const level of LEVELS) {
      const rounds = Math.max(1, Math.ceil(MIN_SAMPLES / level));
      timings = new Map();
      const cpuBefore = treeCpuMsOf(app.pid);
      const benchBefore = process.cpuUsage();
      const wallBefore = performance.now();
      for (let r = 0; r < rounds; r++) await relayRound(timings, clients.slice(0, level), r);
      const cpuAfter = treeCpuMsOf(app.pid);
      const benchUsage = process.cpuUsage(benchBefore);
      const benchCpuPerToken = (benchUsage.user + benchUsage.system) / (rounds * level * TOKENS);
      const stretch = (performance.now() - wallBefore) / (rounds * TOKENS * TOKEN_GAP_MS);
      const relay = summarize(timings);
      const cpuPerToken =
        cpuBefore !== undefined && cpuAfter !== undefined
          ? ((cpuAfter - cpuBefore) * 1000) / (rounds * level * TOKENS)
          : undefined;
      timings = new Map();
      for (let r = 0; r < rounds; r++) {
        await Promise.all(
          Array.from({ length: level }, (_, i) => {
            const marker = `bench:direct-${r}-${i}`;
            const t: Timing = {};
            timings.set(marker, t);
            return directStream(fake, marker, t);
          }),
        );
      }
      const direct = summarize(timings);
      rows.push({ level, relay, direct, cpuPerToken, benchCpuPerToken, stretch, load: loadAverage() });
      console.log(
        `${String(level).padStart(3)} streams  first token → first delta: p50 ${ms(relay.firstP50)}, p99 ${ms(relay.firstP99)}` +
          ` (direct p50 ${ms(direct.firstP50)}, p99 ${ms(direct.firstP99)})  |  last token → done: p50 ${ms(relay.lastP50)},` +
          ` p99 ${ms(relay.lastP99)} (direct p50 ${ms(direct.lastP50)}, p99 ${ms(direct.lastP99)})  |  send → first delta: p50 ${ms(relay.sendP50)}, p99 ${ms(relay.sendP99)}  [${relay.samples} streams]` +
          (cpuPerToken === undefined ? '' : `  app CPU ${cpuPerToken.toFixed(0)} µs/token`) +
          `  bench CPU ${benchCpuPerToken.toFixed(0)} µs/token  rounds took ${stretch.toFixed(2)}× their nominal length`,
      );
    }
  } catch (error) {
    console.error(app.output());
    throw error;
  } finally {
    for (const s of sockets) s.close();
    await app.stop();
    await fake.close();
  }
  writeReport(rows);
}

function writeReport(rows: Row[]) {
  const table = [
    '| Concurrent streams | Streams measured | First token → first `message.delta` p50 / p99 | Direct read p50 / p99 | Last token → `message.done` p50 / p99 | Direct read p50 / p99 | `sendMessage` → first `message.delta` p50 / p99 | App CPU per token | Bench CPU per token (fake model + clients) | Rounds’ wall time / nominal | Load average after |',
    '|---:|---:|---|---|---|---|---|---:|---:|---:|---|',
    ...rows.map(
      ({ level, relay, direct, cpuPerToken, benchCpuPerToken, stretch, load }) =>
        `| ${level} | ${relay.samples} | ${ms(relay.firstP50)} / ${ms(relay.firstP99)} | ${ms(direct.firstP50)} / ${ms(direct.firstP99)} | ${ms(relay.lastP50)} / ${ms(relay.lastP99)} | ${ms(direct.lastP50)} / ${ms(direct.lastP99)} | ${ms(relay.sendP50)} / ${ms(relay.sendP99)} | ${cpuPerToken === undefined ? 'n/a' : `${cpuPerToken.toFixed(0)} µs`} | ${benchCpuPerToken.toFixed(0)} µs | ${stretch.toFixed(2)}× | ${load} |`,
    ),
  ].join('\n');
  report(
    [
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, SQLite, ${Object.keys(APP_ENV).length ? `app env ${process.env.RELAY_APP_ENV?.trim()}` : 'one app process'} (${BUNDLE ? path.relative(root, BUNDLE) : 'server/dist/main.js'}); ${TOKENS} tokens per reply, ${TOKEN_GAP_MS} ms apart, sends ${ARRIVAL === 'spread' ? 'spread over one reply’s duration' : 'all at once'} (RELAY_ARRIVAL=${ARRIVAL}); load average before the run ${loadBefore}.`,
      '',
      table,
    ].join('\n'),
  );
}

await main();
