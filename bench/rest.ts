// REST latency: p50/p99 of real HTTP requests against the real app (SQLite), at several concurrencies.
import { createTestUser } from '@neura/test-kit/seed';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { ms, summarize } from './lib/stats.js';

const REQUESTS = Number(process.env.BENCH_REST_REQUESTS ?? 2000);

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

export async function benchRest(): Promise<string[]> {
  const app = await startTestApp();
  const user = await createTestUser(app.services);
  const auth = { authorization: `Bearer ${user.token}`, 'client-version': '2.0.0' };
  const lines = ['| endpoint | concurrency | p50 | p99 | req/s |', '| --- | --- | --- | --- | --- |'];
  try {
    for (const [name, path, headers] of [
      ['GET /api/', '/api/', {}],
      ['GET /api/personas', '/api/personas', {}],
      ['GET /api/users/me', '/api/users/me', auth],
    ] as const) {
      for (const c of [1, 10, 50]) {
        const r = await measure(`${app.url}${path}`, headers, c);
        lines.push(`| ${name} | ${c} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.rps.toFixed(0)} |`);
      }
    }
  } finally {
    await app.stop();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await benchRest()).join('\n'));
}
