import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A WAL database whose own connection never checkpoints, with `pages` pages of rows in its log. */
function walDatabase(pages: number): { file: string; db: SQLite.Database } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-checkpoint-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < pages; i++) insert.run('x'.repeat(3000));
  })();
  return { file, db };
}

describe('background checkpoints (db/checkpointer.ts)', () => {
  it("should copy the write-ahead log into the database file on its own thread while the app's connection writes on", async () => {
    const { file, db } = walDatabase(200);
    const before = fs.statSync(file).size;
    const errors: string[] = [];
    const checkpointer = startCheckpointer(file, (message) => errors.push(message));
    try {
      await vi.waitFor(() => expect(fs.statSync(file).size).toBeGreaterThan(before + 150 * 4096), {
        timeout: 10_000,
        interval: 20,
      });
      // The app's connection still writes, and reads what it wrote.
      db.prepare('INSERT INTO t (body) VALUES (?)').run('after');
      expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 201 });
    } finally {
      await checkpointer.stop();
      db.close();
    }
    expect(errors).toEqual([]);
  });

  it('should report a checkpointer that cannot open the database, and still stop', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-checkpoint-'));
    dirs.push(dir);
    const errors: string[] = [];
    const checkpointer = startCheckpointer(path.join(dir, 'missing.db'), (message) => errors.push(message));
    await vi.waitFor(() => expect(errors.length).toBe(1), { timeout: 10_000, interval: 20 });
    expect(errors[0]).toMatch(/directory does not exist|unable to open|no such file/i);
    await checkpointer.stop();
  });
});
