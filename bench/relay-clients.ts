/**
 * A load generator of bench/relay.ts, in a process of its own (relay.ts forks several): real
 * socket.io-client connections to /session, one per user it is given, each user owning several
 * chats (the user's room gets every one of its chats' deltas). On each round it emits `sendMessage`
 * for its chats at the clock times relay.ts gives (the same instant in every generator for a
 * burst), and times each stream against the stamps the fake model put into its first and last
 * tokens (relay-shared.ts). It reports its own event-loop delay so a slow generator shows.
 */
import type { Socket } from 'socket.io-client';
import { connectUsers } from './lib/user-sockets.js';
import {
  clockMs,
  type FromClients,
  loopLag,
  readFirstStamp,
  readLastStamp,
  type StreamSample,
  type ToClients,
} from './relay-shared.js';

/** How long a round's streams may take after its last send before they count as failed. */
const ROUND_TIMEOUT_MS = Number(process.env.RELAY_ROUND_TIMEOUT_MS ?? 120_000);
const lag = loopLag();
let cpuBase = process.cpuUsage();
const send = (message: FromClients) => process.send?.(message);
/** Each chat's socket (its user's). */
const socketOf = new Map<string, Socket>();
const sockets: Socket[] = [];

interface Pending {
  sent: number;
  first?: number;
  firstStamp?: number;
  resolve: (sample: StreamSample | string) => void;
}
const pending = new Map<string, Pending>();

function listen(socket: Socket) {
  socket.on('message.delta', (p: { chatId: string; text: string }) => {
    const now = clockMs();
    const stream = pending.get(p.chatId);
    if (!stream || stream.first !== undefined) return;
    stream.first = now;
    stream.firstStamp = readFirstStamp(p.text);
  });
  socket.on('message.done', (p: { chatId: string; message: unknown }) => {
    const now = clockMs();
    const stream = pending.get(p.chatId);
    if (!stream) return;
    pending.delete(p.chatId);
    const modelLast = readLastStamp(JSON.stringify(p.message));
    if (stream.first === undefined || stream.firstStamp === undefined || modelLast === undefined) {
      stream.resolve(`chat ${p.chatId}: done without the model's stamps`);
      return;
    }
    stream.resolve({
      first: stream.first - stream.firstStamp,
      last: now - modelLast,
      sendToFirst: stream.first - stream.sent,
    });
  });
  socket.on('message.error', (p: { chatId: string; message: string }) => {
    const stream = pending.get(p.chatId);
    if (!stream) return;
    pending.delete(p.chatId);
    stream.resolve(`chat ${p.chatId}: ${p.message}`);
  });
}

function stream(chatId: string): Promise<StreamSample | string> {
  const socket = socketOf.get(chatId);
  if (!socket) return Promise.resolve(`chat ${chatId}: no socket`);
  return new Promise((resolve) => {
    const entry: Pending = { sent: clockMs(), resolve };
    pending.set(chatId, entry);
    socket.emit('sendMessage', { chatId, text: 'bench' }, (ack: { error?: { message: string } }) => {
      if (!ack.error) return;
      pending.delete(chatId);
      resolve(`chat ${chatId}: ${ack.error.message}`);
    });
  });
}

/** Waits until a clock time: a timer to ~2 ms before it, then a short spin (all sends of a burst at once). */
async function until(at: number) {
  const wait = at - clockMs() - 2;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  while (clockMs() < at) {
    // spin: at most ~2 ms
  }
}

async function round(sends: Array<{ chatId: string; at: number }>): Promise<Array<StreamSample | string>> {
  const results: Array<Promise<StreamSample | string>> = [];
  // Sends due at the same instant go out in one synchronous loop (a burst).
  const byTime = new Map<number, string[]>();
  for (const s of sends) byTime.set(s.at, [...(byTime.get(s.at) ?? []), s.chatId]);
  const times = [...byTime.keys()].sort((a, b) => a - b);
  for (const at of times) {
    await until(at);
    for (const chatId of byTime.get(at) ?? []) results.push(stream(chatId));
  }
  // A stream that never ends is a failure of the round, not a hang of the bench.
  const timer = setTimeout(() => {
    for (const [chatId, entry] of pending) {
      pending.delete(chatId);
      entry.resolve(`chat ${chatId}: no message.done within ${ROUND_TIMEOUT_MS} ms`);
    }
  }, ROUND_TIMEOUT_MS);
  const out = await Promise.all(results);
  clearTimeout(timer);
  return out;
}

process.on('message', async (message: ToClients) => {
  if (message.type === 'connect') {
    await connectUsers(message.url, message.users, listen, { sockets, socketOf });
    send({ type: 'ready', clock: clockMs() });
  } else if (message.type === 'round') {
    if (message.resetLag) {
      lag.reset();
      cpuBase = process.cpuUsage();
    }
    const results = await round(message.sends);
    const cpu = process.cpuUsage(cpuBase);
    send({
      type: 'round-done',
      samples: results.filter((r): r is StreamSample => typeof r !== 'string'),
      failures: results.filter((r): r is string => typeof r === 'string'),
      lag: lag.figures(),
      cpuUs: cpu.user + cpu.system,
    });
  } else if (message.type === 'close') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
