/**
 * The operator console's dashboard over a large history (issue #28: a 90-day dashboard over 1
 * million ledger rows answers in under 1 s on PostgreSQL). The app runs as its own process (the
 * bundled server) on a fresh PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * the server); this process seeds the history through the test kit, then times
 * GET /api/admin/dashboard: once for 90 days before the closed days are kept (the seeding dropped
 * them all), then, once the app's job kept them again, for 7, 30 and 90 days.
 */
import { createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { seedBulkHistory } from '@neura/test-kit/seed-bulk';
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
    // The zone the dashboards ask for: the app keeps that zone's closed days.
    env: { NODE_ENV: 'production', DATABASE_URL: db.url, OPERATOR_TIME_ZONE: 'Europe/Paris' },
    startTimeoutMs: 90_000,
  });
  const target = openSeedTarget({ dataDir: app.dataDir, databaseUrl: db.url });
  try {
    const seedStarted = performance.now();
    const admin = await createTestUser(target, { password: null });
    await target.users.update(admin.id, { role: 'admin' });
    let shown = 0;
    await seedBulkHistory(target, { users: USERS, ledgerRows: ROWS, days: 90 }, (rows) => {
      if (rows - shown >= 100_000) {
        shown = rows;
        console.log(`  seeded ${rows} ledger rows`);
      }
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const headers = { authorization: `Bearer ${admin.token}`, 'client-version': '2.0.0' };
    const url = (days: number) => `${app.url}/api/admin/dashboard?days=${days}&tz=Europe%2FParis`;
    const timed = async (days: number) => {
      const t0 = performance.now();
      const res = await fetch(url(days), { headers });
      if (!res.ok) throw new Error(`dashboard answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t0;
    };
    // Seeding wrote rows into every past day, so the triggers dropped every kept day: the first
    // dashboard reads all 90 days from the sources and starts the job that keeps them again.
    const cold = await timed(90);
    const jobStarted = performance.now();
    for (;;) {
      const kept = await target.db
        .selectFrom('dashboard_days')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('time_zone', '=', 'Europe/Paris')
        .where('ready', '=', 1)
        .executeTakeFirstOrThrow();
      if (Number(kept.n) >= 90) break;
      if (performance.now() - jobStarted > 15 * 60_000) throw new Error('the dashboard days job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const jobSeconds = (performance.now() - jobStarted) / 1000;
    const lines = [
      `${ROWS.toLocaleString('en-US')} ledger rows over 90 days (${USERS} users, seeded in ${seedSeconds.toFixed(0)} s), PostgreSQL, the bundled server, zone Europe/Paris.`,
      '',
      `Before the closed days are kept (every day read from the sources; the first request after seeding): 90 days ${ms(cold)}. The job then kept the 90 closed days in ${jobSeconds.toFixed(1)} s (counted from that request).`,
      '',
      `With the closed days kept (today read from the sources): the first request, then ${RUNS} timed requests.`,
      '',
      '| range | first | p50 | max |',
      '| --- | --- | --- | --- |',
    ];
    for (const days of [7, 30, 90]) {
      const first = await timed(days);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await timed(days));
      const s = summarize(samples);
      lines.push(`| ${days} days | ${ms(first)} | ${ms(s.p50)} | ${ms(Math.max(...samples))} |`);
      console.log(`${days} days: first ${ms(first)}, p50 ${ms(s.p50)}, max ${ms(Math.max(...samples))}`);
    }
    lines.push('', `Load average: ${loadAverage()}`);
    report(lines.join('\n'));
  } finally {
    await target.close();
    await app.stop();
    await db.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
