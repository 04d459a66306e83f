/**
 * The operator console's dashboard over a large history (issue #28: a 90-day dashboard over 1
 * million ledger rows answers in under 1 s on PostgreSQL). The app runs as its own process (the
 * bundled server) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * the server); this process seeds the history through the test kit, then times
 * GET /api/admin/dashboard for 7, 30 and 90 days.
 */
import { createTestUser, openSeedTarget, seedBulkHistory } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { buildServer, startServerProcess } from '@neura/test-kit/server/process';
import { loadAverage, report } from './lib/report.js';
import { ms, summarize } from './lib/stats.js';

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 500);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);

async function main() {
  const server = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!server)
    throw new Error(
      'Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  process.env.TEST_DATABASE_URL = server;
  if (!process.env.BENCH_REPORT) buildServer();
  const db = await createPostgresDatabase();
  const app = await startServerProcess({
    env: { NODE_ENV: 'production', DATABASE_URL: db.url },
    startTimeoutMs: 90_000,
  });
  try {
    const target = openSeedTarget({ dataDir: app.dataDir, databaseUrl: db.url });
    let admin: Awaited<ReturnType<typeof createTestUser>>;
    const seedStarted = performance.now();
    try {
      admin = await createTestUser(target, { password: null });
      await target.users.update(admin.id, { role: 'admin' });
      let shown = 0;
      await seedBulkHistory(target, { users: USERS, ledgerRows: ROWS, days: 90 }, (rows) => {
        if (rows - shown >= 100_000) {
          shown = rows;
          console.log(`  seeded ${rows} ledger rows`);
        }
      });
    } finally {
      await target.close();
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const headers = { authorization: `Bearer ${admin.token}`, 'client-version': '2.0.0' };
    const lines = [
      `${ROWS.toLocaleString('en-US')} ledger rows over 90 days (${USERS} users, seeded in ${seedSeconds.toFixed(0)} s), PostgreSQL, the bundled server; ${RUNS} timed requests each after one warm-up.`,
      '',
      '| range | p50 | max |',
      '| --- | --- | --- |',
    ];
    for (const days of [7, 30, 90]) {
      const url = `${app.url}/api/admin/dashboard?days=${days}&tz=Europe%2FParis`;
      const warm = await fetch(url, { headers });
      if (!warm.ok) throw new Error(`dashboard answered ${warm.status}: ${await warm.text()}`);
      await warm.arrayBuffer();
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        samples.push(performance.now() - t0);
      }
      const s = summarize(samples);
      lines.push(`| ${days} days | ${ms(s.p50)} | ${ms(Math.max(...samples))} |`);
      console.log(`${days} days: p50 ${ms(s.p50)}, max ${ms(Math.max(...samples))}`);
    }
    lines.push('', `Load average: ${loadAverage()}`);
    report(lines.join('\n'));
  } finally {
    await app.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
