import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.js';
import { createDb, type Db, knownMigrations, migrateToLatest } from '../db/database.js';
import {
  copyPrivateFile,
  keepPrivate,
  makePrivateDir,
  makePrivateFile,
  PRIVATE_DIR_MODE,
  writePrivateFile,
} from '../db/private-files.js';

/**
 * `npm run admin -- backup PATH` and `restore PATH` (docs/DEPLOYMENT.md "Backups").
 *
 * A backup is a folder: `manifest.json`, the database, and `files/` (the disk file store's files
 * that the database refers to, plus its url secret). SQLite is copied with SQLite's online backup
 * in one step, so it is one consistent snapshot taken while the app serves; PostgreSQL is exported
 * table by table (`tables/<name>.jsonl`) inside one read-only REPEATABLE READ transaction, the same
 * snapshot for every table. File bytes are written before their row, and never changed, so the
 * files the snapshot refers to are all there when they are copied after it.
 */

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'database.sqlite';
const TABLES_DIR = 'tables';
const FILES_DIR = 'files';
/** Kysely's own bookkeeping: a restore runs the migrations instead. */
const isOwnTable = (name: string) => name.startsWith('kysely_');

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The migrations the backed-up database had run. */
  migrations: string[];
  /** Rows per table at the snapshot. */
  tables: Record<string, number>;
  /** The files copied (storage keys), with their sizes. */
  files: Record<string, number>;
  /** Storage keys the snapshot refers to that were gone by the time they were copied. */
  missingFiles: string[];
  /** Set when the file bytes live in S3: they are not in this backup. */
  fileStore: 'disk' | 's3';
}

export class BackupError extends Error {}

const filesDir = (config: Config) => path.join(config.DATA_DIR, 'files');

/** A backup holds every password hash and chat: its folders are 0700 and its files 0600 (L4). */
function prepareTarget(target: string): void {
  if (fs.existsSync(target)) {
    if (!fs.statSync(target).isDirectory() || fs.readdirSync(target).length > 0)
      throw new BackupError(`${target} already exists and is not an empty folder; name a new one`);
  }
  makePrivateDir(target);
}

/** Takes a backup into `target` (a new or empty folder) while the app may be serving. */
export async function backup(config: Config, target: string): Promise<Manifest> {
  const dir = path.resolve(target);
  prepareTarget(dir);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: config.database.kind,
    migrations: [],
    tables: {},
    files: {},
    missingFiles: [],
    fileStore: config.S3_BUCKET ? 's3' : 'disk',
  };
  let keys: string[];
  if (config.database.kind === 'sqlite') {
    if (!fs.existsSync(config.database.file)) throw new BackupError(`There is no database at ${config.database.file}`);
    const source = new SQLite(config.database.file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      // Made 0600 before SQLite writes a page into it.
      makePrivateFile(path.join(dir, SQLITE_FILE));
      // Every remaining page in one step: the copy is one read transaction, never restarted by writes.
      await source.backup(path.join(dir, SQLITE_FILE), { progress: () => 0x7fffffff });
      keepPrivate(path.join(dir, SQLITE_FILE));
    } finally {
      source.close();
    }
    const copy = new SQLite(path.join(dir, SQLITE_FILE), { readonly: true });
    try {
      const tables = copy
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as Array<{ name: string }>;
      for (const { name } of tables) {
        if (isOwnTable(name)) continue;
        manifest.tables[name] = (copy.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
      }
      manifest.migrations = (
        copy.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>
      ).map((r) => r.name);
      keys = (copy.prepare('SELECT storage_key FROM files').all() as Array<{ storage_key: string }>).map(
        (r) => r.storage_key,
      );
    } finally {
      copy.close();
    }
  } else {
    const db = createDb(config.database);
    try {
      keys = await exportPostgres(db, dir, manifest);
    } finally {
      await db.destroy();
    }
  }
  if (manifest.fileStore === 'disk') copyFiles(filesDir(config), path.join(dir, FILES_DIR), keys, manifest);
  writePrivateFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function userTables(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  return rows.rows.map((r) => r.table_name).filter((name) => !isOwnTable(name));
}

async function exportPostgres(db: Db, dir: string, manifest: Manifest): Promise<string[]> {
  makePrivateDir(path.join(dir, TABLES_DIR));
  let keys: string[] = [];
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const raw = trx as unknown as Kysely<unknown>;
      for (const name of await userTables(raw)) {
        const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`.execute(raw);
        writePrivateFile(
          path.join(dir, TABLES_DIR, `${name}.jsonl`),
          rows.rows.map((row) => `${JSON.stringify(row)}\n`).join(''),
        );
        manifest.tables[name] = rows.rows.length;
        if (name === 'files') keys = rows.rows.map((row) => String(row.storage_key));
      }
      const migrations = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(raw);
      manifest.migrations = migrations.rows.map((r) => r.name);
    });
  return keys;
}

/** The referenced files and the store's own dotfiles (the url secret), byte for byte. */
function copyFiles(from: string, to: string, keys: string[], manifest: Manifest): void {
  makePrivateDir(to);
  if (fs.existsSync(from)) {
    for (const entry of fs.readdirSync(from)) {
      if (entry.startsWith('.') && fs.statSync(path.join(from, entry)).isFile())
        copyPrivateFile(path.join(from, entry), path.join(to, entry));
    }
  }
  for (const key of keys) {
    const source = path.join(from, key);
    if (!fs.existsSync(source)) {
      manifest.missingFiles.push(key);
      continue;
    }
    makePrivateDirs(to, path.dirname(key));
    copyPrivateFile(source, path.join(to, key));
    manifest.files[key] = fs.statSync(source).size;
  }
}

/** Makes each folder of `relative` under `root` private (not only the last one). */
function makePrivateDirs(root: string, relative: string): void {
  let dir = root;
  for (const part of relative.split(path.sep).filter((p) => p && p !== '.')) {
    dir = path.join(dir, part);
    makePrivateDir(dir);
  }
}

export function readManifest(source: string): Manifest {
  const file = path.join(path.resolve(source), MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${source} is not a Neura backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new BackupError(`${source} has backup format ${manifest.format}, not 1`);
  return manifest;
}

/**
 * Restores a backup into the configured database and DATA_DIR, with the app stopped. The
 * database must be new (no SQLite file; an empty PostgreSQL database) and the file store empty.
 */
export async function restore(config: Config, source: string): Promise<Manifest> {
  const dir = path.resolve(source);
  const manifest = readManifest(dir);
  const unknown = manifest.migrations.filter((m) => !knownMigrations().includes(m));
  if (unknown.length > 0)
    throw new BackupError(`The backup is newer than this Neura (migrations ${unknown.join(', ')})`);
  if (fs.existsSync(path.join(config.DATA_DIR, 'admin-channel.json')))
    throw new BackupError('The app seems to be running on this DATA_DIR (admin-channel.json is there): stop it first');
  const store = filesDir(config);
  const storeHasFiles = fs.existsSync(store) && fs.readdirSync(store).some((e) => !e.startsWith('.'));
  if (storeHasFiles) throw new BackupError(`${store} already holds files: restore into a new DATA_DIR`);
  if (config.database.kind === 'sqlite') {
    if (manifest.database !== 'sqlite')
      throw new BackupError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database',
      );
    if (fs.existsSync(config.database.file))
      throw new BackupError(`${config.database.file} already exists: restore into a new DATA_DIR (or move it away)`);
    makePrivateDir(config.DATA_DIR);
    fs.mkdirSync(path.dirname(config.database.file), { recursive: true, mode: PRIVATE_DIR_MODE });
    copyPrivateFile(path.join(dir, SQLITE_FILE), config.database.file);
  } else {
    if (manifest.database !== 'postgres')
      throw new BackupError('This backup is of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR');
    await importPostgres(config, dir);
  }
  const from = path.join(dir, FILES_DIR);
  makePrivateDir(config.DATA_DIR);
  if (fs.existsSync(from)) fs.cpSync(from, store, { recursive: true });
  return manifest;
}

/**
 * Tables the database keeps itself from other tables by triggers (the message search index, 0010):
 * restoring `messages` fills them again, so their backed-up rows are not inserted a second time.
 */
const TRIGGER_MAINTAINED = new Set(['message_search']);

async function importPostgres(config: Config, dir: string): Promise<void> {
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const raw = db as unknown as Kysely<unknown>;
    const tables = await userTables(raw);
    for (const name of tables) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(name)}`.execute(raw);
      if ((rows[0]?.n ?? 0) > 0)
        throw new BackupError(`The database is not empty (table ${name} has rows): restore into a new one`);
    }
    const order = await dependencyOrder(raw, tables);
    await db.transaction().execute(async (trx) => {
      for (const name of order) {
        const file = path.join(dir, TABLES_DIR, `${name}.jsonl`);
        if (TRIGGER_MAINTAINED.has(name) || !fs.existsSync(file)) continue;
        const rows = fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Record<string, unknown>);
        for (let i = 0; i < rows.length; i += 500) {
          await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
            .insertInto(name)
            .values(rows.slice(i, i + 500))
            .execute();
        }
      }
    });
  } finally {
    await db.destroy();
  }
}

/** Tables ordered so a table comes after those its foreign keys point to. */
async function dependencyOrder(db: Kysely<unknown>, tables: string[]): Promise<string[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT tc.table_name AS child, ccu.table_name AS parent
    FROM information_schema.table_constraints tc
    JOIN information_schema.constraint_column_usage ccu
      ON tc.constraint_name = ccu.constraint_name AND tc.table_schema = ccu.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`.execute(db);
  const order: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (order.includes(name) || path.has(name)) return;
    path.add(name);
    for (const edge of rows) if (edge.child === name && edge.parent !== name) visit(edge.parent, path);
    order.push(name);
  };
  for (const name of tables) visit(name, new Set());
  return order.filter((name) => tables.includes(name));
}
