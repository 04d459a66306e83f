import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { sql } from 'kysely';
import { newId } from '../server/src/lib/ids.js';
import { memoryForReply } from '../server/src/memory/context.js';
import { MemoryRepository } from '../server/src/memory/repository.js';
import { loadAverage, report } from './lib/report.js';

const ITEMS = Number(process.env.MEMORY_ITEMS ?? 2000);
const RUNS = Number(process.env.MEMORY_RUNS ?? 500);
/** Other users sharing the table, each with a copy of the items (a shared instance, not one user alone). */
const OTHERS = Number(process.env.MEMORY_OTHER_USERS ?? 24);
const PERSONA = 'default';
const OTHER = 'scout';
/** A vocabulary of ~1,900 distinct words (2 and 3 syllables): facts about a person are varied. */
const SYLLABLES = 'ka lo mi ren tas vu zel po shi dor an bel'.split(' ');
const WORDS = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => [`${a}${b}`, ...SYLLABLES.map((c) => `${a}${b}${c}`)]));

function sentence(seed: number, words = 12): string {
  // mulberry32 (32-bit integer steps): an LCG in doubles loses its low bits past 2^53 and made a
  // few hundred words appear in ~130 items each, not ~12.
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)] as string);
  return `${out.join(' ')}.`;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function runOn(kind: 'sqlite' | 'postgres'): Promise<string> {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const app = await startTestApp({ LOG_LEVEL: 'silent', ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const user = await app.seed.user({ password: null });
    const chat = await app.seed.chat(user.id, PERSONA);
    const repo = new MemoryRepository(app.db, kind);
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
    // The other users' items: copies of this user's, under their ids (the planner sees a table of
    // many users, as on a real instance, where one user's rows are a small part of it).
    for (let k = 0; k < OTHERS; k++) {
      const other = await app.seed.user({ password: null });
      await sql`
        INSERT INTO memory_items (id, user_id, text, scope, persona_id, chat_id, pinned, source, created_at, updated_at)
        SELECT id || ${`-${k}`}, ${other.id}, text, CASE WHEN scope = 'chat' THEN 'user' ELSE scope END,
          persona_id, NULL, pinned, source, created_at, updated_at
        FROM memory_items WHERE user_id = ${user.id}`.execute(app.db);
    }
    const seedMs = performance.now() - seedStart;
    // As autovacuum would after such a load: the planner's statistics, the GIN index's pending list merged.
    if (kind === 'postgres') await sql`VACUUM ANALYZE memory_items`.execute(app.db);
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
