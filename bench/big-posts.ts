/**
 * Big unauthenticated POSTs (issue #26, N1): 20 parallel 1 MB POSTs to a raw-body route
 * (/api/billing/webhook), a JSON route (/api/users/login) and an unknown route, several rounds, while
 * the app process (its own process, from source, SQLite) measures its event-loop delay. Goal: p99 < 50 ms.
 * `BENCH_ENTRY=bundle` runs the built server instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '@neura/test-kit/server/process';
import { loadAverage, report } from './lib/report.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARALLEL = 20;
const ROUNDS = Number(process.env.BENCH_BIG_POST_ROUNDS ?? 5);
const SIZE = 1_000_000;

interface Lag {
  p50: number;
  p99: number;
  max: number;
}

async function main() {
  const lagFile = path.join(os.tmpdir(), `neura-big-posts-lag-${process.pid}.json`);
  const app = await startServerProcess({
    entry: process.env.BENCH_ENTRY === 'bundle' ? 'bundle' : 'source',
    env: {
      NODE_ENV: 'production',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      BENCH_LAG_FILE: lagFile,
    },
    nodeArgs: ['--import', path.join(here, 'lib/loop-lag.mjs'), ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? [])],
    startTimeoutMs: 90_000,
  });
  const lag = async (): Promise<Lag> => {
    fs.rmSync(lagFile, { force: true });
    process.kill(app.pid as number, 'SIGUSR2');
    for (let i = 0; i < 200 && !fs.existsSync(lagFile); i++) await new Promise((r) => setTimeout(r, 25));
    return JSON.parse(fs.readFileSync(lagFile, 'utf8')) as Lag;
  };
  const bodies = {
    raw: Buffer.alloc(SIZE, 0x61),
    json: Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(SIZE - 60) })),
  };
  const routes: Array<[string, string, Buffer]> = [
    ['/api/billing/webhook (raw body)', '/api/billing/webhook', bodies.raw],
    ['/api/users/login (JSON)', '/api/users/login', bodies.json],
    ['/api/nowhere (unknown route)', '/api/nowhere', bodies.json],
  ];
  const lines = [
    '| route | 1 MB POSTs | statuses | loop lag p50 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  try {
    for (const [name, route, body] of routes) {
      await lag();
      const statuses = new Map<number, number>();
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(
          Array.from({ length: PARALLEL }, async (_, i) => {
            const res = await fetch(`${app.url}${route}`, {
              method: 'POST',
              body: new Uint8Array(body),
              headers: {
                'content-type': 'application/json',
                'stripe-signature': 't=1,v1=00',
                'x-forwarded-for': `198.51.100.${i}`,
              },
            });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }),
        );
      }
      const l = await lag();
      const s = [...statuses].map(([code, n]) => `${n}× ${code}`).join(', ');
      lines.push(
        `| ${name} | ${PARALLEL} parallel × ${ROUNDS} | ${s} | ${l.p50.toFixed(1)} ms | ${l.p99.toFixed(1)} ms | ${l.max.toFixed(1)} ms |`,
      );
    }
  } finally {
    await app.stop();
  }
  report(
    [
      `The app in its own process (SQLite); load average after ${loadAverage()}. Goal (issue #26): p99 < 50 ms.`,
      '',
      ...lines,
    ].join('\n'),
  );
}

await main();
