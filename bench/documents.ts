/**
 * Documents (issue #45): (1) reading a 300-page PDF through `POST /files` while other requests run:
 * the event loop's delay (p99, max) meanwhile, and how long the reading took (it runs in a worker
 * thread; target: loop delay p99 < 50 ms); (2) what grounding adds to a send when the database holds
 * DOCS documents (1,000, ten passages each) and the chat has ten of them: the reply engine's one
 * documents call (documents/grounding.ts: the chat's documents, the full-text matches, the section),
 * DOC_RUNS times (500); p50 / p99 is the added time per send (target: p99 ≤ 20 ms). On SQLite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL (a fresh database there, ANALYZEd after seeding).
 *
 *   node --import tsx bench/documents.ts
 *
 * Prints figures; asserts nothing.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { handbook } from '@neura/test-kit/documents';
import { uploadFile } from '@neura/test-kit/images';
import { createPostgresDatabase } from '@neura/test-kit/server/database';
import { startTestApp } from '@neura/test-kit/server/in-process';
import { sql } from 'kysely';
import { documentsForReply } from '../server/src/documents/grounding.js';
import { DocumentRepository } from '../server/src/documents/repository.js';
import { newId } from '../server/src/lib/ids.js';
import { loadAverage, report } from './lib/report.js';

const DOCS = Number(process.env.DOCS ?? 1000);
const RUNS = Number(process.env.DOC_RUNS ?? 500);
const PAGES = Number(process.env.DOC_PAGES ?? 300);
const SYLLABLES = 'ka lo mi ren tas vu zel po shi dor an bel'.split(' ');
const WORDS = SYLLABLES.flatMap((a) => SYLLABLES.flatMap((b) => [`${a}${b}`, ...SYLLABLES.map((c) => `${a}${b}${c}`)]));

function passage(seed: number, words = 120): string {
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
const f = (ms: number) => `${ms.toFixed(2)} ms`;

/** (1) A 300-page PDF read while 20 small requests a second are answered. */
async function extraction(): Promise<string> {
  const app = await startTestApp({ LOG_LEVEL: 'silent', DOCUMENT_MAX_PAGES: '1000' });
  try {
    const user = await app.seed.user({ password: null });
    const pdf = await handbook(PAGES, {});
    const api = `${app.url}${app.apiPrefix}`;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const others: number[] = [];
    let running = true;
    const traffic = (async () => {
      while (running) {
        const start = performance.now();
        await fetch(`${app.url}/health`).catch(() => undefined);
        others.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    delay.enable();
    const start = performance.now();
    const res = await uploadFile(api, user.token, pdf, { filename: 'book.pdf', type: 'application/pdf' });
    let status = res.body?.status;
    while (status === 'processing') {
      await new Promise((r) => setTimeout(r, 100));
      status = (
        await app.app.inject({
          url: `/api/files/${res.body.id}/meta`,
          headers: { authorization: `Bearer ${user.token}` },
        })
      ).json().status;
    }
    const readMs = performance.now() - start;
    delay.disable();
    running = false;
    await traffic;
    others.sort((a, b) => a - b);
    const p99 = delay.percentile(99) / 1e6;
    return `| ${PAGES} pages, ${(pdf.length / 1048576).toFixed(1)} MB | ${status} | ${(readMs / 1000).toFixed(1)} s | ${f(p99)} | ${f(delay.max / 1e6)} | ${f(pct(others, 99))} |`;
  } finally {
    await app.stop();
  }
}

/** (2) Grounding a send over DOCS documents in the database. */
async function retrieval(kind: 'sqlite' | 'postgres'): Promise<string> {
  const pg = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const app = await startTestApp({ LOG_LEVEL: 'silent', ...(pg ? { DATABASE_URL: pg.url } : {}) });
  try {
    const user = await app.seed.user({ password: null });
    const chats = await Promise.all(Array.from({ length: 10 }, () => app.seed.chat(user.id, 'default')));
    const db = app.db;
    const repo = new DocumentRepository(db, kind);
    const now = new Date().toISOString();
    const seedStart = performance.now();
    for (let d = 0; d < DOCS; d++) {
      const id = newId();
      const chat = chats[d % 100 === 0 ? 0 : 1 + (d % 9)];
      await db
        .insertInto('files')
        .values({
          id,
          user_id: user.id,
          chat_id: d < 10 ? (chats[0]?.id ?? null) : (chat?.id ?? null),
          purpose: 'attachment',
          mime_type: 'application/pdf',
          size: 1,
          width: null,
          height: null,
          sha256: '0',
          storage_key: `bench/${id}`,
          created_at: now,
        })
        .execute();
      await repo.insert({
        file_id: id,
        user_id: user.id,
        name: `doc-${d}.pdf`,
        kind: 'pdf',
        pages: 10,
        status: 'processing',
        error: null,
        tokens: 0,
        created_at: now,
        updated_at: now,
      });
      const passages = Array.from({ length: 10 }, (_, p) => ({ ord: p, page: p + 1, text: passage(d * 10 + p) }));
      await repo.saveText(id, passages, { pages: 10, tokens: 10 * 250, now });
    }
    const seedMs = performance.now() - seedStart;
    if (kind === 'postgres') await sql`ANALYZE document_chunks`.execute(db);
    const place = { chatId: chats[0]?.id ?? '', personaId: 'default', userId: user.id, messageId: 'bench' };
    const hook = documentsForReply(repo, place, 4000);
    const times: number[] = [];
    let tokens = 0;
    for (let i = 0; i < RUNS + 20; i++) {
      const recent = [passage(500_000 + i, 10), `Tell me about ${WORDS[i % WORDS.length]}`];
      const start = performance.now();
      const found = await hook(recent);
      const ms = performance.now() - start;
      if (i >= 20) times.push(ms);
      tokens = found?.tokens ?? 0;
    }
    times.sort((a, b) => a - b);
    return `| ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${DOCS.toLocaleString('en-US')} (${(DOCS * 10).toLocaleString('en-US')} passages) | ${f(pct(times, 50))} | ${f(pct(times, 99))} | ${f(times.at(-1) ?? 0)} | ${tokens} | ${(seedMs / 1000).toFixed(1)} s |`;
  } finally {
    await app.stop();
    await pg?.drop();
  }
}

const read = await extraction();
const rows = [await retrieval('sqlite')];
if (process.env.TEST_DATABASE_URL) rows.push(await retrieval('postgres'));
report(
  [
    `### Reading a ${PAGES}-page PDF off the event loop (\`bench/documents.ts\`, load ${loadAverage()})`,
    '',
    '| Document | Status | Read in | Loop delay p99 | Loop delay max | Other requests p99 |',
    '|---|---|---|---|---|---|',
    read,
    '',
    `### Grounding per send over ${DOCS.toLocaleString('en-US')} documents (${RUNS} sends, a chat with 10 of them)`,
    '',
    '| Database | Documents | p50 | p99 | max | Section tokens | Seeding |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
