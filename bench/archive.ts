/**
 * "Download my data" with 1 GB of uploads (issue #40, M1): the app in its own process (from
 * source, SQLite; `BENCH_ENTRY=bundle` runs server/dist), one user with ARCHIVE_BENCH_MB (1024) MB
 * of files written straight into DATA_DIR/files (rows in `files`, bytes on disk: nothing goes
 * through HTTP) and ARCHIVE_BENCH_CHATS (200) chats of 20 messages. While the archive is built and
 * then downloaded, another user calls `GET /api/users/me` back to back; the app measures its
 * event-loop delay (bench/lib/loop-lag.mjs) and this process samples its resident memory.
 * Goals: loop delay p99 < 50 ms, memory growth < 64 MB. Prints figures and hands them to report();
 * asserts nothing.
 *
 *   node --import tsx bench/archive.ts        (or: npm run bench -- archive)
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { startServerProcess } from '@neura/test-kit/server/process';
import { cpuMsOf, loadAverage, report, rssOf } from './lib/report.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TOTAL_MB = Number(process.env.ARCHIVE_BENCH_MB ?? 1024);
const FILE_MB = Number(process.env.ARCHIVE_BENCH_FILE_MB ?? 4);
const CHATS = Number(process.env.ARCHIVE_BENCH_CHATS ?? 200);
const MB = 1024 * 1024;

interface Lag {
  p50: number;
  p99: number;
  max: number;
}

/** CPU time (ms) of a process's main thread (its event loop), from /proc; undefined off Linux. */
function mainThreadCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

async function main() {
  const lagFile = path.join(os.tmpdir(), `neura-archive-lag-${process.pid}.json`);
  const app = await startServerProcess({
    entry: process.env.BENCH_ENTRY === 'bundle' ? 'bundle' : 'source',
    env: { BENCH_LAG_FILE: lagFile, ARCHIVES_PER_DAY: '100' },
    nodeArgs: ['--import', path.join(here, 'lib/loop-lag.mjs'), ...(process.env.BENCH_NODE_ARGS?.split(' ') ?? [])],
    startTimeoutMs: 90_000,
  });
  const lag = async (): Promise<Lag> => {
    fs.rmSync(lagFile, { force: true });
    process.kill(app.pid as number, 'SIGUSR2');
    for (let i = 0; i < 200 && !fs.existsSync(lagFile); i++) await new Promise((r) => setTimeout(r, 25));
    return JSON.parse(fs.readFileSync(lagFile, 'utf8')) as Lag;
  };
  const seed = openSeedTarget({ dataDir: app.dataDir });
  const rows: string[] = [];
  try {
    const owner = await createTestUser(seed, { password: null });
    const other = await createTestUser(seed, { password: null });

    // The files: rows in `files`, bytes written to the disk store as the app would have (random
    // bytes: photos do not compress either).
    const seedStart = performance.now();
    const count = Math.ceil(TOTAL_MB / FILE_MB);
    const month = new Date().toISOString().slice(0, 7);
    fs.mkdirSync(path.join(app.dataDir, 'files', month), { recursive: true });
    for (let i = 0; i < count; i++) {
      const id = `benchfile${String(i).padStart(6, '0')}`;
      const bytes = randomBytes(FILE_MB * MB);
      const key = `${month}/${id}`;
      fs.writeFileSync(path.join(app.dataDir, 'files', key), bytes);
      await seed.db
        .insertInto('files')
        .values({
          id,
          user_id: owner.id,
          chat_id: null,
          purpose: 'attachment',
          mime_type: 'image/jpeg',
          size: bytes.length,
          width: 2000,
          height: 2000,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storage_key: key,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    for (let c = 0; c < CHATS; c++) {
      const chat = await createTestChat(seed, owner.id, 'default', { name: `Chat ${c}` });
      await addTestMessages(
        seed,
        { id: chat.id, userId: owner.id },
        Array.from({ length: 20 }, (_, i) => ({
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: `Message ${i} of chat ${c}: ${'lorem ipsum dolor sit amet '.repeat(8)}`,
        })),
      );
    }
    console.log(
      `seeded ${count} files (${TOTAL_MB} MB) and ${CHATS} chats in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );

    const ownerHeaders = { authorization: `Bearer ${owner.token}` };
    const otherHeaders = { authorization: `Bearer ${other.token}` };
    // Warm up: the routes compiled, the caches filled, then the baseline.
    for (let i = 0; i < 50; i++)
      await (await fetch(`${app.url}/api/users/me`, { headers: otherHeaders })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 500));
    const baseline = rssOf(app.pid) ?? 0;

    /** Runs `work` while another user calls GET /api/users/me back to back and memory is sampled. */
    const measure = async (name: string, work: () => Promise<string>) => {
      await lag();
      let peak = rssOf(app.pid) ?? 0;
      let running = true;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(app.pid) ?? 0);
      }, 50);
      const latencies: number[] = [];
      const others = (async () => {
        while (running) {
          const t0 = performance.now();
          const res = await fetch(`${app.url}/api/users/me`, { headers: otherHeaders });
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const cpu0 = { main: mainThreadCpuMs(app.pid), all: cpuMsOf(app.pid) };
      const t0 = performance.now();
      const what = await work();
      const seconds = (performance.now() - t0) / 1000;
      running = false;
      await others;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(app.pid) ?? 0);
      const cpu = (now: number | undefined, then: number | undefined) =>
        now === undefined || then === undefined ? '?' : `${((now - then) / 1000).toFixed(1)} s`;
      const cpuText = `${cpu(mainThreadCpuMs(app.pid), cpu0.main)} / ${cpu(cpuMsOf(app.pid), cpu0.all)}`;
      const l = await lag();
      latencies.sort((a, b) => a - b);
      rows.push(
        `| ${name} | ${seconds.toFixed(1)} s | ${what} | ${cpuText} | ${latencies.length} | ${ms(pct(latencies, 50))} | ${ms(pct(latencies, 99))} | ${ms(l.p50)} | **${ms(l.p99)}** | ${ms(l.max)} | ${mb(baseline)} → ${mb(peak)} (**+${mb(peak - baseline)}**) |`,
      );
      console.log(rows.at(-1));
    };

    // The same calls with no archive: what the machine gives anyway (other jobs on it show here).
    await measure('no archive (the noise floor)', async () => {
      await new Promise((r) => setTimeout(r, 10_000));
      return '—';
    });
    let jobId = '';
    await measure('build (POST → ready)', async () => {
      let job = (await (
        await fetch(`${app.url}/api/users/me/archive`, { method: 'POST', headers: ownerHeaders })
      ).json()) as {
        id: string;
        status: string;
        size?: number;
      };
      jobId = job.id;
      while (job.status === 'building') {
        await new Promise((r) => setTimeout(r, 250));
        job = (await (
          await fetch(`${app.url}/api/users/me/archive/${job.id}`, { headers: ownerHeaders })
        ).json()) as typeof job;
      }
      if (job.status !== 'ready') throw new Error(`the archive ended ${job.status}`);
      return `${job.status}, ${mb(job.size ?? 0)}`;
    });
    await measure('download (streamed, read and dropped here)', async () => {
      const res = await fetch(`${app.url}/api/users/me/archive/${jobId}/download`, { headers: ownerHeaders });
      if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
      let bytes = 0;
      const reader = res.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
      return `${res.status}, ${mb(bytes)}`;
    });
    const archives = path.join(app.dataDir, 'archives');
    const left = fs.existsSync(archives) ? fs.readdirSync(archives) : [];
    console.log(`archive files left after the download: ${left.length}`);
  } finally {
    await seed.close();
    await app.stop();
  }
  report(
    [
      `The app in its own process (SQLite, ${os.cpus().length} cores); ${Math.ceil(TOTAL_MB / FILE_MB)} files of ${FILE_MB} MB (${TOTAL_MB} MB, random bytes) and ${CHATS} chats × 20 messages; load average after ${loadAverage()}.`,
      'Another user calls `GET /api/users/me` back to back (10 ms apart) throughout. Goals (issue #40): loop delay p99 < 50 ms, memory growth < 64 MB.',
      '',
      "| phase | time | archive | app CPU: main thread / all | other user's requests | their p50 | their p99 | loop delay p50 | loop delay p99 | max | app memory (RSS) before → peak |",
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows,
    ].join('\n'),
  );
}

await main();
