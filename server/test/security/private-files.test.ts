import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@neura/test-kit/images';
import { testDbKind } from '@neura/test-kit/server/database';
import { startTestApp, type TestApp } from '@neura/test-kit/server/in-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../../src/admin/backup.js';

/**
 * Finding L4 (issue #40): under the default umask the SQLite database (with its -wal/-shm) and every
 * backup (folder and files, SQLite and PostgreSQL) were world-readable. DATA_DIR, the database
 * files and backups are now 0700 / 0600 whatever the umask; this file sets the permissive 022.
 */
const mode = (p: string) => fs.statSync(p).mode & 0o777;

/** Every folder and file under `root` (itself included) with its mode. */
function modesUnder(root: string): Array<{ path: string; dir: boolean; mode: number }> {
  const out = [{ path: root, dir: true, mode: mode(root) }];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    out.push({ path: full, dir: entry.isDirectory(), mode: mode(full) });
  }
  return out;
}

describe('private data files whatever the umask (L4)', () => {
  let t: TestApp;
  let previousUmask: number;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-l4-'));

  beforeAll(async () => {
    previousUmask = process.umask(0o022);
    // A DATA_DIR the app makes itself (not the test kit's mkdtemp folder, which is 0700 already).
    t = await startTestApp({ DATA_DIR: path.join(scratch, 'data') });
    // Something to back up: a user with an uploaded file (the file store's folder and bytes).
    const user = await t.seed.user();
    await t.drive.files.upload(user.id, await makeImage(16, 16), 'attachment');
  });
  afterAll(async () => {
    await t?.stop();
    process.umask(previousUmask);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('should keep DATA_DIR 0700 and the SQLite database with its -wal and -shm 0600', async () => {
    expect(process.umask()).toBe(0o022);
    const config = t.config;
    expect(mode(config.DATA_DIR)).toBe(0o700);
    if (config.database.kind !== 'sqlite') return;
    // A write, so the write-ahead log and its index exist.
    await t.seed.user();
    for (const file of [config.database.file, `${config.database.file}-wal`, `${config.database.file}-shm`]) {
      expect(fs.existsSync(file), file).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
  });

  it(`should make every folder of a ${testDbKind()} backup 0700 and every file 0600`, async () => {
    expect(process.umask()).toBe(0o022);
    const target = path.join(scratch, 'nested', 'backup');
    const manifest = await backup(t.config, target);
    expect(manifest.database).toBe(testDbKind());
    expect(Object.keys(manifest.files).length).toBeGreaterThan(0);
    const entries = modesUnder(target);
    expect(entries.some((e) => !e.dir && e.path.endsWith('manifest.json'))).toBe(true);
    expect(entries.filter((e) => !e.dir).length).toBeGreaterThan(2);
    for (const entry of entries)
      expect(`${entry.path} ${entry.mode.toString(8)}`).toBe(
        `${entry.path} ${(entry.dir ? 0o700 : 0o600).toString(8)}`,
      );
  });
});
