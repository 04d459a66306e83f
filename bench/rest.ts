/**
 * REST latency and throughput: the app as its own process (the bundled server, SQLite, as
 * `npm start` runs it); this process is only the load generator (keep-alive fetch), so both do not
 * share one core's event loop. Rows: GET /api/, GET /api/personas (the catalog served from memory)
 * and GET /api/users/me (one authenticated read), at 1, 10 and 50 requests in flight; then the
 * catalog's throughput as a share of GET /api/'s at the same concurrency (issue #15: ≥ 80 %).
 */
import { createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { buildServer, startServerProcess } from '@neura/test-kit/server/process';
import { loadAverage, report } from './lib/report.js';
import { ms, summarize } from './lib/stats.js';

const REQUESTS = Number(process.env.BENCH_REST_REQUESTS ?? 3000);
const LEVELS = [1, 10, 50];

async function measure(url: string, headers: Record<string, string>, concurrency: number) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < REQUESTS) {
        next++;
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ...summarize(samples), rps: samples.length / seconds };
}

async function main() {
  if (!process.env.BENCH_REPORT) buildServer();
  const app = await startServerProcess({ env: { NODE_ENV: 'production' }, startTimeoutMs: 90_000 });
  const lines = ['| endpoint | concurrency | p50 | p99 | req/s |', '| --- | --- | --- | --- | --- |'];
  const rps = new Map<string, number>();
  try {
    const target = openSeedTarget({ dataDir: app.dataDir });
    const user = await createTestUser(target, { password: null }).finally(() => target.close());
    const auth = { authorization: `Bearer ${user.token}`, 'client-version': '2.0.0' };
    const endpoints = [
      ['GET /api/', '/api/', {}],
      ['GET /api/personas', '/api/personas', {}],
      ['GET /api/users/me', '/api/users/me', auth],
    ] as const;
    // Warm-up (JIT, the catalog's first load), not measured.
    for (const [, path, headers] of endpoints)
      for (let i = 0; i < 200; i++) await (await fetch(`${app.url}${path}`, { headers })).arrayBuffer();
    for (const c of LEVELS) {
      // Interleaved by concurrency so the ratio compares rows measured moments apart.
      for (const [name, path, headers] of endpoints) {
        const r = await measure(`${app.url}${path}`, headers, c);
        rps.set(`${name}@${c}`, r.rps);
        lines.push(`| ${name} | ${c} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.rps.toFixed(0)} |`);
      }
    }
  } finally {
    await app.stop();
  }
  const ratios = LEVELS.map((c) => {
    const ratio = (rps.get(`GET /api/personas@${c}`) ?? 0) / (rps.get(`GET /api/@${c}`) ?? 1);
    return `${c}: ${(ratio * 100).toFixed(0)} %`;
  });
  report(
    [
      `${REQUESTS} requests per row, the app in its own process (SQLite); load average after ${loadAverage()}.`,
      '',
      ...lines,
      '',
      `GET /api/personas throughput as a share of GET /api/ (same run, by concurrency): ${ratios.join(', ')}.`,
    ].join('\n'),
  );
}

await main();
