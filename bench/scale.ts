/**
 * Scale figure for one app process: 5,000 idle authenticated sockets (1,000 users × 5 devices,
 * each on `/session`, signed in, doing nothing) plus 200 concurrent streams (as bench/relay.ts:
 * a fake OpenAI-compatible model, 20 tokens 20 ms apart, one chat per streaming user). Reported:
 * the app's event-loop delay (p50 / p99 / max, measured inside the app by a preloaded
 * monitorEventLoopDelay) idle and while streaming, RSS per idle socket, and the relay's first
 * token → first delta at 200 streams with the idle sockets connected. The app is its own process
 * (the bundled server on SQLite); the sockets, the fake model and the timing run here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { buildServer, startServerProcess } from '@neura/test-kit/server/process';
import { io, type Socket } from 'socket.io-client';
import { loadAverage, report, rssOf } from './lib/report.js';
import { ms, summarize } from './lib/stats.js';

const IDLE_USERS = Number(process.env.SCALE_IDLE_USERS ?? 1000);
const DEVICES = 5;
const STREAMS = Number(process.env.SCALE_STREAMS ?? 200);
const TOKENS = 20;
const TOKEN_GAP_MS = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

interface Lag {
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

const markerOf = (body: { messages?: Array<{ role: string; content: unknown }> }): string | undefined => {
  const last = body.messages?.filter((m) => m.role === 'user').at(-1)?.content;
  const text = typeof last === 'string' ? last : JSON.stringify(last ?? '');
  return /scale:[\w-]+/.exec(text)?.[0];
};

function connect(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(`${url}/session`, {
      query: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });
}

async function main() {
  if (!process.env.BENCH_REPORT) buildServer();
  const lagFile = path.join(os.tmpdir(), `neura-scale-lag-${process.pid}.json`);
  const fake = await startFakeOpenAI({
    chunks: Array.from({ length: TOKENS }, (_, i) => `tok${i} `),
    delayMs: TOKEN_GAP_MS,
  });
  const first = new Map<string, { model?: number; client?: number }>();
  fake.onChunk = ({ request, index, at }) => {
    const marker = markerOf(request.body);
    const t = marker ? first.get(marker) : undefined;
    if (t && index === 0) t.model = at;
  };
  const app = await startServerProcess({
    env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake', NODE_ENV: 'production', BENCH_LAG_FILE: lagFile },
    nodeArgs: ['--import', path.join(here, 'lib/loop-lag.mjs')],
    startTimeoutMs: 90_000,
  });
  const lag = async (): Promise<Lag> => {
    fs.rmSync(lagFile, { force: true });
    process.kill(app.pid as number, 'SIGUSR2');
    for (let i = 0; i < 200 && !fs.existsSync(lagFile); i++) await new Promise((r) => setTimeout(r, 25));
    return JSON.parse(fs.readFileSync(lagFile, 'utf8')) as Lag;
  };
  const sockets: Socket[] = [];
  try {
    const target = openSeedTarget({ dataDir: app.dataDir });
    const idleTokens: string[] = [];
    const streamers: Array<{ token: string; chatId: string }> = [];
    try {
      for (let i = 0; i < IDLE_USERS; i++) idleTokens.push((await createTestUser(target, { password: null })).token);
      for (let i = 0; i < STREAMS; i++) {
        const user = await createTestUser(target, { password: null, credits: 1_000_000 });
        const chat = await createTestChat(target, user.id, 'default', { name: 'Scale' });
        await addTestMessages(target, { id: chat.id, userId: user.id }, [{ role: 'user', content: 'warm-up' }]);
        streamers.push({ token: user.token, chatId: chat.id });
      }
    } finally {
      await target.close();
    }
    const streamSockets = await Promise.all(streamers.map((s) => connect(app.url, s.token)));
    sockets.push(...streamSockets);
    await new Promise((r) => setTimeout(r, 2000));
    const rssBefore = rssOf(app.pid) ?? Number.NaN;
    // 5,000 idle sockets, connected in batches (a burst of handshakes is not what is measured).
    for (let i = 0; i < IDLE_USERS; i += 50) {
      const batch = idleTokens.slice(i, i + 50).flatMap((token) => Array.from({ length: DEVICES }, () => token));
      sockets.push(...(await Promise.all(batch.map((token) => connect(app.url, token)))));
    }
    const idleCount = IDLE_USERS * DEVICES;
    await new Promise((r) => setTimeout(r, 3000));
    const rssAfter = rssOf(app.pid) ?? Number.NaN;
    await lag();
    await new Promise((r) => setTimeout(r, 10_000));
    const idleLag = await lag();

    // 200 streams with the idle sockets connected: three rounds.
    const deltas: number[] = [];
    for (let round = 0; round < 3; round++) {
      await Promise.all(
        streamers.map(
          ({ chatId }, i) =>
            new Promise<void>((resolve, reject) => {
              const socket = streamSockets[i] as Socket;
              const marker = `scale:${round}-${i}`;
              const t: { model?: number; client?: number } = {};
              first.set(marker, t);
              const onDelta = (p: { chatId: string }) => {
                if (p.chatId === chatId) t.client ??= performance.now();
              };
              const onDone = (p: { chatId: string }) => {
                if (p.chatId !== chatId) return;
                socket.off('message.delta', onDelta);
                socket.off('message.done', onDone);
                if (t.model !== undefined && t.client !== undefined) deltas.push(t.client - t.model);
                resolve();
              };
              socket.on('message.delta', onDelta);
              socket.on('message.done', onDone);
              socket.emit('sendMessage', { chatId, text: marker }, (ack: { error?: { message: string } }) => {
                if (ack.error) reject(new Error(ack.error.message));
              });
            }),
        ),
      );
    }
    const streamLag = await lag();
    const relay = summarize(deltas);
    const connected = sockets.filter((s) => s.connected).length;
    const perSocket = (rssAfter - rssBefore) / idleCount;
    const lagRow = (l: Lag) => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`;
    report(
      [
        `One app process (bundled server, SQLite): ${idleCount.toLocaleString('en-US')} idle authenticated sockets (${IDLE_USERS} users × ${DEVICES}) + ${STREAMS} streaming users; ${connected.toLocaleString('en-US')} sockets still connected at the end; load average after ${loadAverage()}.`,
        '',
        '| what | figure |',
        '| --- | --- |',
        `| RSS before the idle sockets → after | ${(rssBefore / 2 ** 20).toFixed(0)} MB → ${(rssAfter / 2 ** 20).toFixed(0)} MB |`,
        `| RSS per idle socket | ${(perSocket / 1024).toFixed(1)} KB |`,
        `| event-loop delay p50 / p99 / max, idle sockets only (10 s) | ${lagRow(idleLag)} |`,
        `| event-loop delay p50 / p99 / max, idle sockets + ${STREAMS} streams (3 rounds) | ${lagRow(streamLag)} |`,
        `| first token → first \`message.delta\` p50 / p99 at ${STREAMS} streams, idle sockets connected | ${ms(relay.p50)} / ${ms(relay.p99)} (${relay.n} streams) |`,
      ].join('\n'),
    );
  } catch (error) {
    console.error(app.output());
    throw error;
  } finally {
    for (const s of sockets) s.close();
    await app.stop();
    await fake.close();
    fs.rmSync(lagFile, { force: true });
  }
}

await main();
