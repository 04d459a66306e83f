/**
 * A load generator of bench/processes.ts, in a process of its own: real socket.io-client
 * connections (WebSocket, as the apps connect) to /session through the balancer, one per user it
 * is given. On `run` it keeps every one of its chats busy (closed loop: a chat sends again as soon
 * as its reply is done) until the run ends, and reports the streams completed inside the measured
 * window and, for each, model's first token → first `message.delta` (the stamps of relay-shared.ts).
 */
import type { Socket } from 'socket.io-client';
import { connectUsers } from './lib/user-sockets.js';
import { clockMs, type LagFigures, loopLag, readFirstStamp } from './relay-shared.js';

export type ToLoad =
  | { type: 'connect'; url: string; users: Array<{ token: string; chatIds: string[] }> }
  /** Keep every chat busy from now until `until`; measure streams that start at or after `from`. */
  | { type: 'run'; from: number; until: number }
  | { type: 'close' };
export type FromLoad =
  | { type: 'ready'; clock: number }
  | {
      type: 'run-done';
      /** First-token relay latency (ms) of each measured stream. */
      first: number[];
      /** Streams started in the window and done before its end. */
      completed: number;
      failures: string[];
      lag: LagFigures;
      cpuUs: number;
    };

const lag = loopLag();
const send = (message: FromLoad) => process.send?.(message);
const socketOf = new Map<string, Socket>();
const sockets: Socket[] = [];

interface Pending {
  first?: number;
  firstStamp?: number;
  done: (outcome: { first?: number; error?: string }) => void;
}
const pending = new Map<string, Pending>();

function listen(socket: Socket) {
  socket.on('message.delta', (p: { chatId: string; text: string }) => {
    const stream = pending.get(p.chatId);
    if (!stream || stream.first !== undefined) return;
    stream.first = clockMs();
    stream.firstStamp = readFirstStamp(p.text);
  });
  socket.on('message.done', (p: { chatId: string }) => {
    const stream = pending.get(p.chatId);
    if (!stream) return;
    pending.delete(p.chatId);
    if (stream.first === undefined || stream.firstStamp === undefined) {
      stream.done({ error: `chat ${p.chatId}: done without the model's first stamp` });
      return;
    }
    stream.done({ first: stream.first - stream.firstStamp });
  });
  socket.on('message.error', (p: { chatId: string; message: string }) => {
    const stream = pending.get(p.chatId);
    if (!stream) return;
    pending.delete(p.chatId);
    stream.done({ error: `chat ${p.chatId}: ${p.message}` });
  });
}

/** One stream in a chat: resolves with its first-token latency or an error. */
function stream(chatId: string): Promise<{ first?: number; error?: string }> {
  const socket = socketOf.get(chatId);
  if (!socket) return Promise.resolve({ error: `chat ${chatId}: no socket` });
  return new Promise((resolve) => {
    pending.set(chatId, { done: resolve });
    socket.emit('sendMessage', { chatId, text: 'bench' }, (ack: { error?: { message: string } }) => {
      if (!ack.error) return;
      pending.delete(chatId);
      resolve({ error: `chat ${chatId}: ${ack.error.message}` });
    });
  });
}

async function run(from: number, until: number) {
  const first: number[] = [];
  const failures: string[] = [];
  let completed = 0;
  const loop = async (chatId: string) => {
    while (clockMs() < until) {
      const started = clockMs();
      const outcome = await stream(chatId);
      const ended = clockMs();
      if (started < from || ended > until) continue;
      if (outcome.error !== undefined) failures.push(outcome.error);
      else {
        completed++;
        first.push(outcome.first as number);
      }
    }
  };
  // A stream still open at the end is not counted; it is waited for, so the next run starts clean.
  await Promise.all([...socketOf.keys()].map(loop));
  return { first, completed, failures };
}

process.on('message', async (message: ToLoad) => {
  if (message.type === 'connect') {
    await connectUsers(message.url, message.users, listen, { sockets, socketOf });
    send({ type: 'ready', clock: clockMs() });
  } else if (message.type === 'run') {
    const wait = message.from - clockMs();
    let cpuBase = process.cpuUsage();
    // Figures from the measured window only (the warm-up's streams run, uncounted, before it).
    setTimeout(
      () => {
        lag.reset();
        cpuBase = process.cpuUsage();
      },
      Math.max(0, wait),
    );
    const result = await run(message.from, message.until);
    const cpu = process.cpuUsage(cpuBase);
    send({ type: 'run-done', ...result, lag: lag.figures(), cpuUs: cpu.user + cpu.system });
  } else if (message.type === 'close') {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
