import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FakeOpenAI, startFakeOpenAI } from '@neura/test-kit/fakes/openai';
import { makeImage, uploadFile } from '@neura/test-kit/images';
import type { TestUser } from '@neura/test-kit/seed';
import { createPostgresDatabase, testDbKind } from '@neura/test-kit/server/database';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backup, readManifest, restore } from '../src/admin/backup.js';
import { runAdmin } from '../src/admin/cli.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDb, type Db } from '../src/db/database.js';
import { connected, doneFor, type Recorded, record, send, waitFor } from './helpers/conversation.js';
import { connectSocket, type TestSocket } from './helpers/socket.js';

const SENDS = 50;

type Rows = Record<string, Array<Record<string, unknown>>>;

/** Every row of every table (Kysely's bookkeeping aside), each table sorted by its JSON text. */
async function dump(db: Db): Promise<Rows> {
  const raw = db as unknown as Kysely<unknown>;
  const names =
    testDbKind() === 'postgres'
      ? (
          await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(raw)
        ).rows
      : (
          await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(raw)
        ).rows;
  const out: Rows = {};
  for (const { name } of names.sort((a, b) => a.name.localeCompare(b.name))) {
    if (name.startsWith('kysely_')) continue;
    const rows = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(raw)).rows;
    out[name] = rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

/**
 * The job queue's rows as what they are (name, key, payload), not where they stand: the app's
 * recurring jobs are claimed and rescheduled on their own while a test runs (jobs/).
 */
function withoutJobTimes(rows: Rows): Rows {
  const jobs = (rows.jobs ?? []).map(({ name, key, payload }) => ({ name, key, payload }));
  return { ...rows, jobs: jobs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) };
}

/** Every file of a file store folder (relative path → bytes). */
function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, full), fs.readFileSync(full));
  }
  return out;
}

describe('backup and restore (npm run admin -- backup / restore)', () => {
  let t: TestApp;
  let model: FakeOpenAI;
  const sockets: TestSocket[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  const tmp = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  /** A config for a new data dir (and, on PostgreSQL, a new empty database). */
  async function freshTarget(): Promise<Config> {
    const dataDir = tmp('neura-restore-');
    const env: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: dataDir };
    if (testDbKind() === 'postgres') {
      const target = await createPostgresDatabase();
      cleanups.push(target.drop);
      env.DATABASE_URL = target.url;
    }
    return loadConfig(env);
  }

  async function restoredRows(config: Config): Promise<Rows> {
    const db = createDb(config.database);
    try {
      return await dump(db);
    } finally {
      await db.destroy();
    }
  }

  beforeAll(async () => {
    // Every reply streams its first chunk, then holds until released: the backup is taken mid-stream.
    model = await startFakeOpenAI({ chunks: ['Hello', ' there', ', friend.'], holdAfter: 1 });
    t = await startTestApp({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'fake', LLM_API_KEY: 'sk-fake' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.stop();
    await model.close();
    for (const c of cleanups.reverse()) await c();
  });

  it('should back up during 50 concurrent sends a snapshot equal to the source at that moment, and restore the quiet state exactly', async () => {
    // Ten users, five chats each, each with an uploaded picture in the file store.
    const users: Array<{ user: TestUser; socket: TestSocket; events: Recorded[]; chats: string[] }> = [];
    for (let i = 0; i < SENDS / 5; i++) {
      const user = await t.seed.user({ credits: 100, password: null });
      const socket = await connected(connectSocket(t.url, user.token));
      sockets.push(socket);
      const chats: string[] = [];
      for (let c = 0; c < 5; c++) chats.push((await t.seed.chat(user.id, 'mindful-coach')).id);
      // Memory (its full-text index is kept by triggers, on PostgreSQL a column the restore writes again).
      await t.drive.memory.add(user.id, { text: `User ${i} likes kayaking.`, scope: 'chat', chatId: chats[0] });
      const upload = await uploadFile(`${t.url}/api`, user.token, await makeImage(8 + i, 8, { left: [i * 20, 0, 0] }));
      expect(upload.status).toBe(201);
      users.push({ user, socket, events: record(socket), chats });
    }

    // 50 sends at once; the backup starts while the replies stream.
    const sends = users.flatMap((u) => u.chats.map((chatId) => send(u.socket, chatId, `hi ${chatId}`)));
    const acks = await Promise.all(sends);
    expect(acks.every((a) => a.messageId !== undefined)).toBe(true);
    for (const u of users)
      for (const chatId of u.chats)
        await waitFor(u.events, (r) => r.event === 'message.delta' && r.payload.chatId === chatId);
    // Each reply's progress save has stored its first words: from here on, while the model waits,
    // a save changes only the heartbeat (`updated_at`), which the comparison below leaves out.
    await vi.waitFor(
      async () => {
        const empty = await t.db
          .selectFrom('messages')
          .select('id')
          .where('status', '=', 'streaming')
          .where('content', '=', '')
          .execute();
        expect(empty).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
    const underLoad = tmp('neura-backup-');
    fs.rmSync(underLoad, { recursive: true });
    const manifest = await backup(t.config, underLoad);
    // The replies wait for the model here, so the source is still as it was when the backup ended.
    const atBackup = await dump(t.db);
    model.release();
    for (const u of users)
      for (const chatId of u.chats) expect((await doneFor(u.events, chatId)).event).toBe('message.done');

    // The snapshot is consistent: every balance is the sum of its ledger, every row's parent is there,
    // and every file a row refers to was copied byte for byte.
    expect(manifest.tables.users).toBe(SENDS / 5);
    expect(manifest.missingFiles).toEqual([]);
    const duringTarget = await freshTarget();
    await restore(duringTarget, underLoad);
    const during = await restoredRows(duringTarget);
    // Every table equals the source at the backup's point in time, but for the heartbeat of the
    // streaming replies (reply-engine.ts saves their `updated_at` every few seconds, also while
    // the backup runs: on PostgreSQL the snapshot is the backup's start, the source read after it).
    // The same for the job queue's rows: a job claimed or rescheduled meanwhile (its state and times).
    const withoutHeartbeats = (rows: typeof during) => ({
      ...withoutJobTimes(rows),
      messages: (rows.messages ?? []).map((m) => (m.status === 'streaming' ? { ...m, updated_at: '(heartbeat)' } : m)),
    });
    expect(withoutHeartbeats(during)).toEqual(withoutHeartbeats(atBackup));
    for (const row of during.users ?? []) {
      const ledger = (during.credit_ledger ?? []).filter((l) => l.user_id === row.id);
      expect(ledger.reduce((sum, l) => sum + Number(l.amount), 0)).toBe(Number(row.credits));
    }
    // Taken while all 50 replies streamed: each is in it, charged, as it was at that moment.
    expect((during.messages ?? []).filter((m) => m.status === 'streaming')).toHaveLength(SENDS);
    expect((during.credit_ledger ?? []).filter((l) => l.reason === 'message')).toHaveLength(SENDS);
    const chatIds = new Set((during.chats ?? []).map((c) => c.id));
    expect((during.messages ?? []).every((m) => chatIds.has(m.chat_id))).toBe(true);
    const sourceFiles = filesOf(path.join(t.config.DATA_DIR, 'files'));
    const duringFiles = filesOf(path.join(duringTarget.DATA_DIR, 'files'));
    expect((during.files ?? []).length).toBe(SENDS / 5);
    for (const f of during.files ?? []) {
      expect(duringFiles.get(String(f.storage_key))?.equals(sourceFiles.get(String(f.storage_key)) as Buffer)).toBe(
        true,
      );
    }

    // Quiet now: a second backup, restored through the CLI into a new data dir, equals the source.
    const quiet = tmp('neura-backup-');
    const lines: string[] = [];
    vi.stubEnv('DATA_DIR', t.config.DATA_DIR);
    vi.stubEnv('DATABASE_URL', t.config.database.kind === 'postgres' ? t.config.database.url : '');
    try {
      expect(await runAdmin(['backup', quiet], (l) => lines.push(l))).toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(lines.join('\n')).toMatch(/Backed up \d+ rows in \d+ tables and 10 files/);
    const target = await freshTarget();
    vi.stubEnv('DATA_DIR', target.DATA_DIR);
    vi.stubEnv('DATABASE_URL', target.database.kind === 'postgres' ? target.database.url : '');
    try {
      expect(await runAdmin(['restore', quiet], (l) => lines.push(l))).toBe(0);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(withoutJobTimes(await restoredRows(target))).toEqual(withoutJobTimes(await dump(t.db)));
    const restoredFiles = filesOf(path.join(target.DATA_DIR, 'files'));
    expect([...restoredFiles.keys()].sort()).toEqual([...sourceFiles.keys()].filter((k) => !k.endsWith('.tmp')).sort());
    for (const [key, bytes] of sourceFiles) expect(restoredFiles.get(key)?.equals(bytes)).toBe(true);
    expect(readManifest(quiet).tables.messages).toBe(2 * SENDS);
  }, 120_000);

  it('should refuse to back up into a folder that is not empty, and to restore over data', async () => {
    const used = tmp('neura-backup-');
    fs.writeFileSync(path.join(used, 'something'), 'x');
    await expect(backup(t.config, used)).rejects.toThrow(/not an empty folder/);

    const good = tmp('neura-backup-');
    await backup(t.config, good);
    // The source itself: its database exists (SQLite) or is not empty (PostgreSQL), its store has files.
    await expect(restore(t.config, good)).rejects.toThrow(/already|not empty|running/);
    const target = await freshTarget();
    fs.mkdirSync(path.join(target.DATA_DIR, 'files', '2026-01'), { recursive: true });
    fs.writeFileSync(path.join(target.DATA_DIR, 'files', '2026-01', 'x'), 'x');
    await expect(restore(target, good)).rejects.toThrow(/already holds files/);
    await expect(restore(await freshTarget(), tmp('neura-not-a-backup-'))).rejects.toThrow(/not a Neura backup/);

    const lines: string[] = [];
    expect(await runAdmin(['backup'], (l) => lines.push(l))).toBe(1);
    expect(lines.join('\n')).toContain('Name a new folder');
  });

  it('should refuse a backup made by a newer Neura (migrations this one does not know)', async () => {
    const good = tmp('neura-backup-');
    const manifest = await backup(t.config, good);
    expect(manifest.migrations).toContain('0008-reply-usage');
    const file = path.join(good, 'manifest.json');
    fs.writeFileSync(file, JSON.stringify({ ...manifest, migrations: [...manifest.migrations, '9999-future'] }));
    await expect(restore(await freshTarget(), good)).rejects.toThrow(
      /newer than this Neura \(migrations 9999-future\)/,
    );
  });

  it('should refuse to restore while the app runs on the data dir', async () => {
    const good = tmp('neura-backup-');
    await backup(t.config, good);
    const target = await freshTarget();
    fs.mkdirSync(target.DATA_DIR, { recursive: true });
    fs.writeFileSync(path.join(target.DATA_DIR, 'admin-channel.json'), '{}');
    await expect(restore(target, good)).rejects.toThrow(/stop it first/);
  });
});
