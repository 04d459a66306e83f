/**
 * Memory (issue #44): what the memory lookup adds to a send for a user with MEMORY_ITEMS items
 * (2,000), on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (a fresh database there).
 *
 *   node --import tsx bench/memory.ts
 *
 * The in-process app (as tests build it); the user's items are spread over the scopes (40 % every
 * persona, 40 % this persona, 10 % another persona, 10 % this chat; 2 % pinned), 12 words each from
 * a vocabulary of ~1,900 words (each word in ~12 items; the 8 words searched match ~100 items).
 * Timed: the reply engine's one memory call per send (memory/context.ts `memoryForReply`: settings,
 * pinned, full-text matches to the last user messages, the newest others, the section), MEMORY_RUNS
 * times (500) with the recent messages rotating. That call is all a send does more with memory on:
 * its p50 / p99 is the added time per send (target: p99 ≤ 5 ms). On PostgreSQL the table is ANALYZEd
 * after seeding. Prints figures; asserts nothing.
 */
import { createTestChat, createTestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { sql } from 'kysely';
import { newId } from '../server/src/lib/ids.js';
import { memoryForReply } from '../server/src/memory/context.js';
import { MemoryRepository } from '../server/src/memory/repository.js';
import { loadAverage, report } from './lib/report.js';

const ITEMS = Number(process.env.MEMORY_ITEMS ?? 2000);
const RUNS = Number(process.env.MEMORY_RUNS ?? 500);
const PERSONA = 'default';
const OTHER = 'scout';
/** A vocabulary of ~1,900 distinct words (2 and 3 syllables): facts about a person are varied. */
const SYLLABLES = 'ka lo mi ren tas vu zel po shi dor an bel'.split(' ');
const WORDS = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => [`${a}${b}`, ...SYLLABLES.map((c) => `${a}${b}${c}`)]));

function sentence(seed: number, words = 12): string {
  let n = seed + 1;
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    n = (n * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[(n >>> 4) % WORDS.length] as string);
  }
  return `${out.join(' ')}.`;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function runOn(kind: 'sqlite' | 'postgres'): Promise<string> {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const app = await startTestApp({ LOG_LEVEL: 'silent', ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const user = await createTestUser(app.services, { password: null });
    const chat = await createTestChat(app.services, user.id, PERSONA);
    const repo = new MemoryRepository(app.services.db, kind);
    const seedStart = performance.now();
    const base = Date.now() - ITEMS * 1000;
    for (let i = 0; i < ITEMS; i++) {
      const at = new Date(base + i * 1000).toISOString();
      const slot = i % 10;
      const scope = slot < 4 ? 'user' : slot < 9 ? 'persona' : 'chat';
      await repo.insert({
        id: newId(),
        user_id: user.id,
        text: sentence(i),
        scope,
        persona_id: scope === 'persona' ? (slot === 8 ? OTHER : PERSONA) : null,
        chat_id: scope === 'chat' ? chat.id : null,
        pinned: i % 50 === 0 ? 1 : 0,
        source: i % 3 === 0 ? 'model' : 'user',
        created_at: at,
        updated_at: at,
      });
    }
    const seedMs = performance.now() - seedStart;
    // As autovacuum would after such a load: the planner's statistics (the GIN index is chosen then).
    if (kind === 'postgres') await sql`ANALYZE memory_items`.execute(app.services.db);
    const hook = memoryForReply(
      { repo, service: app.services.memory, budgets: { tokens: 500, proTokens: 1500 } },
      { userId: user.id, personaId: PERSONA, chatId: chat.id },
    );
    const times: number[] = [];
    let tokens = 0;
    for (let i = 0; i < RUNS + 20; i++) {
      const recent = [sentence(90_000 + i, 8), sentence(91_000 + i, 10), `Tell me about my ${WORDS[i % WORDS.length]}`];
      const start = performance.now();
      const memory = await hook(recent, () => undefined);
      const ms = performance.now() - start;
      if (i >= 20) times.push(ms); // the first calls warm up statements and caches
      tokens = memory?.tokens ?? 0;
    }
    times.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(2)} ms`;
    return `| ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${ITEMS.toLocaleString('en-US')} | ${f(pct(times, 50))} | ${f(pct(times, 99))} | ${f(times.at(-1) ?? 0)} | ${tokens} | ${(seedMs / 1000).toFixed(1)} s |`;
  } finally {
    await app.stop();
    await pg?.drop();
  }
}

const rows = [await runOn('sqlite')];
if (process.env.TEST_DATABASE_URL) rows.push(await runOn('postgres'));
report(
  [
    `### Memory lookup per send (\`bench/memory.ts\`, ${RUNS} sends, load ${loadAverage()})`,
    '',
    '| Database | Items | p50 | p99 | max | Section tokens | Seeding |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
