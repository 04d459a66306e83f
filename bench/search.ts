/**
 * Full-text search and the data archive (issue #30), against the built server in its own process
 * (server/dist, as `npm start` runs it) on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is
 * set (a fresh database on that server).
 *
 *   npm run build && node --import tsx bench/search.ts
 *
 * 1. One user with SEARCH_CHATS chats (200) of SEARCH_MESSAGES messages (2,000) each, ~25 words a
 *    message; a word found only in message 1,900 of one chat. Timed over HTTP (GET
 *    /api/users/me/search, first page of 20): that word (SEARCH_RUNS times; median and p95), a
 *    prefix of it, a phrase, and a common word that matches every chat.
 * 2. Another user with ARCHIVE_CHATS chats (1,000) of 10 messages: "Download my data" from the
 *    POST to `ready`.
 * On PostgreSQL the tables are ANALYZEd after seeding (SEARCH_ANALYZE=0: not).
 * Prints figures and hands them to report(); asserts nothing.
 */
import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startServerProcess } from '@neura/test-kit/server/process';
import { sql } from 'kysely';
import { loadAverage, report } from './lib/report.js';

const CHATS = Number(process.env.SEARCH_CHATS ?? 200);
const MESSAGES = Number(process.env.SEARCH_MESSAGES ?? 2000);
const RUNS = Number(process.env.SEARCH_RUNS ?? 30);
const ARCHIVE_CHATS = Number(process.env.ARCHIVE_CHATS ?? 1000);
const NEEDLE = 'zanzibarite';
const WORDS =
  'graph bridge river island walk proof euler city route node edge path cycle degree count map travel crossing theory problem answer question idea simple'.split(
    ' ',
  );

function sentence(seed: number): string {
  let n = seed;
  const out: string[] = [];
  for (let i = 0; i < 25; i++) {
    n = (n * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[n % WORDS.length] as string);
  }
  return `${out.join(' ')}.`;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function timeIt(fn: () => Promise<unknown>, runs: number): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p95: pct(times, 95) };
}

async function runOn(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const server = await startServerProcess({ env: { LOG_LEVEL: 'warn', ...(pg ? { DATABASE_URL: pg.url } : {}) } });
  const seed = openSeedTarget({ dataDir: server.dataDir, ...(pg ? { databaseUrl: pg.url } : {}) });
  const lines: string[] = [];
  try {
    const user = await createTestUser(seed, { password: null });
    const seedStart = performance.now();
    const start = Date.now() - CHATS * MESSAGES * 10;
    let needleChat = '';
    for (let c = 0; c < CHATS; c++) {
      const chat = await createTestChat(seed, user.id, 'default', { name: `Chat ${c}` });
      const withNeedle = c === Math.floor(CHATS * 0.75);
      if (withNeedle) needleChat = chat.id;
      await addTestMessages(
        seed,
        { id: chat.id, userId: user.id },
        Array.from({ length: MESSAGES }, (_, i) => ({
          role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
          content:
            withNeedle && i === 1899
              ? `${sentence(c * MESSAGES + i)} The ${NEEDLE} sample.`
              : sentence(c * MESSAGES + i),
          at: new Date(start + (c * MESSAGES + i) * 10).toISOString(),
        })),
      );
    }
    const seedMs = performance.now() - seedStart;
    // PostgreSQL plans by table statistics: right after a bulk load it has none and scans
    // `messages` instead of the GIN index (1.5 s instead of ~20 ms for a rare word). Autovacuum
    // analyzes on its own soon after such a load; the bench does not wait for it. SEARCH_ANALYZE=0
    // measures the state before.
    if (pg && process.env.SEARCH_ANALYZE !== '0') await sql`ANALYZE`.execute(seed.db);
    const search = async (q: string) => {
      const res = await fetch(`${server.url}/api/users/me/search?q=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = (await res.json()) as { items: Array<{ chatId: string }> };
      if (!res.ok) throw new Error(`search answered ${res.status}`);
      return body;
    };
    const found = await search(NEEDLE);
    if (found.items.length !== 1 || found.items[0]?.chatId !== needleChat) throw new Error('the needle was not found');
    const needle = await timeIt(() => search(NEEDLE), RUNS);
    const prefix = await timeIt(() => search('zanzib*'), RUNS);
    const phrase = await timeIt(() => search(`"the ${NEEDLE} sample"`), RUNS);
    const common = await timeIt(() => search('bridge'), Math.max(3, Math.floor(RUNS / 5)));
    const total = CHATS * MESSAGES;
    lines.push(
      `| ${kind} | ${total.toLocaleString('en-US')} messages | rare word (message 1,900 of one chat) | ${needle.median.toFixed(1)} | ${needle.p95.toFixed(1)} |`,
      `| ${kind} | | prefix \`zanzib*\` | ${prefix.median.toFixed(1)} | ${prefix.p95.toFixed(1)} |`,
      `| ${kind} | | phrase of 3 words | ${phrase.median.toFixed(1)} | ${phrase.p95.toFixed(1)} |`,
      `| ${kind} | | common word (every chat, ranked, first page) | ${common.median.toFixed(1)} | ${common.p95.toFixed(1)} |`,
    );
    console.log(`${kind}: seeded ${total} messages in ${(seedMs / 1000).toFixed(0)} s`);

    // The data archive of 1,000 chats.
    const owner = await createTestUser(seed, { password: null });
    for (let c = 0; c < ARCHIVE_CHATS; c++) {
      const chat = await createTestChat(seed, owner.id, 'default', { name: `Archive ${c}` });
      await addTestMessages(
        seed,
        { id: chat.id, userId: owner.id },
        Array.from({ length: 10 }, (_, i) => ({
          role: i % 2 ? ('assistant' as const) : ('user' as const),
          content: sentence(c * 10 + i),
        })),
      );
    }
    const headers = { authorization: `Bearer ${owner.token}` };
    const archiveStart = performance.now();
    let job = (await (await fetch(`${server.url}/api/users/me/archive`, { method: 'POST', headers })).json()) as {
      id: string;
      status: string;
    };
    while (job.status === 'building') {
      await new Promise((r) => setTimeout(r, 100));
      job = (await (await fetch(`${server.url}/api/users/me/archive/${job.id}`, { headers })).json()) as typeof job;
    }
    const archiveMs = performance.now() - archiveStart;
    const bytes = (
      await (await fetch(`${server.url}/api/users/me/archive/${job.id}/download`, { headers })).arrayBuffer()
    ).byteLength;
    lines.push(
      `| ${kind} | ${ARCHIVE_CHATS.toLocaleString('en-US')} chats × 10 messages | data archive, POST → ready (${job.status}, ${(bytes / 1024).toFixed(0)} KiB) | ${archiveMs.toFixed(0)} | |`,
    );
  } finally {
    await seed.close();
    await server.stop();
    await pg?.drop();
  }
  console.log(lines.join('\n'));
  return lines;
}

// SEARCH_DBS=postgres (or sqlite) runs one of them only.
const only = process.env.SEARCH_DBS;
const rows = [
  ...(only && only !== 'sqlite' ? [] : await runOn('sqlite')),
  ...(process.env.TEST_DATABASE_URL && (!only || only === 'postgres') ? await runOn('postgres') : []),
];
report(
  [
    `Load average ${loadAverage()}. Server built (\`npm run build\`) in its own process; times are over HTTP from this process, ms.`,
    '',
    '| database | data | query | median ms | p95 ms |',
    '| --- | --- | --- | ---: | ---: |',
    ...rows,
  ].join('\n'),
);
