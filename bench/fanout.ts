import { startTestApp } from '@neura/test-kit/server/in-process';
import { io, type Socket } from 'socket.io-client';
import { ms, summarize } from './lib/stats.js';

const ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 200);

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

async function round(sockets: Socket[], emit: (credits: number) => void, value: number): Promise<number> {
  const t0 = performance.now();
  await new Promise<void>((resolve) => {
    let left = sockets.length;
    for (const s of sockets) {
      s.once('updateCredits', () => {
        left--;
        if (left === 0) resolve();
      });
    }
    emit(value);
  });
  return performance.now() - t0;
}

export async function benchFanout(): Promise<string[]> {
  const lines = ['| setup | sockets | p50 | p99 |', '| --- | --- | --- | --- |'];
  // 100 sockets of one user: above the default per-user cap (MAX_SOCKETS_PER_USER, 20).
  const app = await startTestApp({ MAX_SOCKETS_PER_USER: '200' });
  try {
    const user = await app.seed.user();
    for (const n of [1, 10, 100]) {
      const sockets = await Promise.all(Array.from({ length: n }, () => connect(app.url, user.token)));
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        samples.push(
          await round(sockets, (c) => app.drive.realtime.toUser(user.id).emit('updateCredits', { credits: c }), i),
        );
      }
      const r = summarize(samples);
      lines.push(`| one process (in-memory adapter) | ${n} | ${ms(r.p50)} | ${ms(r.p99)} |`);
      for (const s of sockets) s.close();
    }
  } finally {
    await app.stop();
  }

  const redis = process.env.BENCH_REDIS_URL;
  const database = process.env.BENCH_DATABASE_URL;
  if (redis && database) {
    const env = { REDIS_URL: redis, DATABASE_URL: database, MAX_SOCKETS_PER_USER: '200' };
    const a = await startTestApp(env);
    const b = await startTestApp(env);
    try {
      const user = await a.seed.user();
      for (const n of [1, 10, 100]) {
        const sockets = await Promise.all(Array.from({ length: n }, () => connect(b.url, user.token)));
        const samples: number[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          samples.push(
            await round(sockets, (c) => a.drive.realtime.toUser(user.id).emit('updateCredits', { credits: c }), i),
          );
        }
        const r = summarize(samples);
        lines.push(`| emit on A, sockets on B (Redis adapter) | ${n} | ${ms(r.p50)} | ${ms(r.p99)} |`);
        for (const s of sockets) s.close();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } else {
    lines.push('| (Redis run: set BENCH_REDIS_URL and BENCH_DATABASE_URL) | | | |');
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchFanout()).join('\n'));
}
