import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageRepository } from '../../conversation/repository.js';
import { createDb, migrateToLatest } from '../database.js';
import type { Database } from '../schema.js';
import { down } from './0007-streaming-index.js';

describe('migration 0007 (streaming index)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-0007-'));
  const file = path.join(dir, 'app.db');
  const db = createDb({ kind: 'sqlite', file });
  const raw = new SQLite(file);
  // The repository's own queries, captured as they run (SQL and bound parameters).
  const queries: CompiledQuery[] = [];
  const logged = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(file) }),
    log: (event) => {
      if (event.level === 'query') queries.push(event.query);
    },
  });
  afterAll(async () => {
    await logged.destroy();
    raw.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const indexes = () =>
    raw
      .prepare(`SELECT name FROM pragma_index_list('messages') ORDER BY name`)
      .all()
      .map((r) => (r as { name: string }).name);
  const planOf = (query: CompiledQuery) =>
    raw
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.parameters)
      .map((r) => (r as { detail: string }).detail)
      .join('; ');

  it('should keep the streaming lookups on the partial index, never a table scan, and go back down', async () => {
    await migrateToLatest(db);
    expect(indexes()).not.toContain('messages_status_idx');
    expect(indexes()).toContain('messages_one_streaming_per_chat');

    const messages = new MessageRepository(logged);
    await messages.listStaleStreaming('2026-01-01T00:00:00.000Z');
    await messages.hasStreamingReply('c1');
    await messages.chatState('c1');
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      const plan = planOf(query);
      expect(plan).toContain('messages_one_streaming_per_chat');
      expect(plan).not.toMatch(/SCAN messages(?! USING (COVERING )?INDEX messages_one_streaming_per_chat)/);
    }

    await down(db as unknown as Kysely<unknown>);
    expect(indexes()).toContain('messages_status_idx');
  });
});
