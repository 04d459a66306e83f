import { testDbKind } from '@neura/test-kit/server/database';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { type MemoryItemRecord, MemoryRepository } from '../src/memory/repository.js';

/**
 * The memory lookup of a send (issue #44): one statement for the listed items and the full-text
 * matches, and a match that reads an index for the user's rows (PostgreSQL: GIN on user_id and
 * document, not a scan of the user's rows). The user holds 2,000 items among 8,000.
 */
/** Six made-up words (of ~1,900) per call: facts about a person are varied (as bench/memory.ts). */
const SYLLABLES = 'ka lo mi ren tas vu zel po shi dor an bel'.split(' ');
function filler(seed: number): string {
  let n = seed + 1;
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    n = (n * 1103515245 + 12345) % 2147483648;
    out.push(`${SYLLABLES[(n >>> 4) % 12]}${SYLLABLES[(n >>> 8) % 12]}${SYLLABLES[(n >>> 12) % 12]}`);
  }
  return out.join(' ');
}

describe('memory lookup per send', () => {
  let t: TestApp;
  let repo: MemoryRepository;
  const kind = testDbKind();
  const words = ['kiwi', 'sailing', 'porto'];
  let userId = '';
  let place = { personaId: 'mindful-coach', chatId: '' };

  beforeAll(async () => {
    t = await startTestApp();
    repo = new MemoryRepository(t.db, kind);
    const user = await t.seed.user({ password: null });
    const other = await t.seed.user({ password: null });
    userId = user.id;
    place = { personaId: 'mindful-coach', chatId: (await t.seed.chat(user.id, 'mindful-coach')).id };
    const base = Date.parse('2026-01-01T00:00:00Z');
    const rows: MemoryItemRecord[] = [];
    for (let i = 0; i < 8000; i++) {
      const at = new Date(base + i * 1000).toISOString();
      const topic = i % 80 === 0 ? words[(i / 80) % 3] : filler(i);
      rows.push({
        id: newId(),
        user_id: i % 4 === 0 ? user.id : other.id,
        text: `${filler(i + 7)} ${topic} ${filler(i + 13)}.`,
        scope: i % 10 === 1 ? 'persona' : 'user',
        persona_id: i % 10 === 1 ? 'dj-nova' : null,
        chat_id: null,
        pinned: i % 250 === 0 ? 1 : 0,
        source: 'user',
        created_at: at,
        updated_at: at,
      });
    }
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('memory_items')
        .values(rows.slice(i, i + 500))
        .execute();
    if (kind === 'postgres') await sql`ANALYZE memory_items`.execute(t.db);
  }, 120_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should answer the listed items and the matches in one statement, as the two lookups do apart', async () => {
    const limits = { listed: 60, matches: 30, budget: 400 };
    const both = await repo.forReply(userId, place, words, limits);
    expect(both.listed).toEqual(await repo.applicable(userId, place, limits.listed, limits.budget));
    expect(both.matches).toEqual(await repo.matching(userId, words, limits.matches, place));
    expect(both.listed[0]?.pinned).toBe(1);
    expect(both.matches.length).toBeGreaterThan(10);
    expect(both.matches.every((row) => row.user_id === userId && words.some((w) => row.text.includes(w)))).toBe(true);
    const none = await repo.forReply(userId, place, [], limits);
    expect(none).toEqual({ listed: both.listed, matches: [] });
  });

  it('should read the full-text index for the user (no scan of their rows)', async () => {
    const statement = repo.matchQuery(userId, words, 30, place);
    if (kind === 'postgres') {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${statement}`.execute(t.db);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('memory_items_user_document_idx');
      expect(plan).toMatch(/Index Cond: \(\(user_id = .*document @@/);
      expect(plan).not.toContain('Seq Scan on memory_items');
    } else {
      const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${statement}`.execute(t.db);
      const plan = rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/SCAN f VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/SCAN m\b/);
    }
  });
});
