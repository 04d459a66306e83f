import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type KyselyConfig,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { BACKSTOP_CHECKPOINT_PAGES, startCheckpointer } from './checkpointer.js';
import * as m0001 from './migrations/0001-initial.js';
import * as m0003 from './migrations/0003-billing.js';
import * as m0004 from './migrations/0004-hardening.js';
import * as m0005 from './migrations/0005-files.js';
import * as m0006 from './migrations/0006-message-versions.js';
import * as m0007 from './migrations/0007-streaming-index.js';
import * as m0008 from './migrations/0008-reply-usage.js';
import * as m0009 from './migrations/0009-hardening-iii.js';
import * as m0010 from './migrations/0010-search-share.js';
import * as m0012 from './migrations/0012-reply-prompt.js';
import * as m0013 from './migrations/0013-admin-console.js';
import * as m0014 from './migrations/0014-persona-profile.js';
import * as m0015 from './migrations/0015-drop-attempts.js';
import * as m0016 from './migrations/0016-dashboard-days.js';
import * as m0017 from './migrations/0017-custom-persona-prices.js';
import * as m0018 from './migrations/0018-data-archives.js';
import * as m0019 from './migrations/0019-hardening-iv.js';
import * as m0020 from './migrations/0020-jobs.js';
import * as m0021 from './migrations/0021-memory.js';
import * as m0022 from './migrations/0022-locale.js';
import * as m0023 from './migrations/0023-documents.js';
import * as m0024 from './migrations/0024-group-chats.js';
import * as m0025 from './migrations/0025-passkeys-2fa-sessions.js';
import * as m0026 from './migrations/0026-oidc-identities.js';
import * as m0027 from './migrations/0027-notifications.js';
import * as m0028 from './migrations/0028-folders-temporary.js';
import * as m0029 from './migrations/0029-fork-cards-limits.js';
import * as m0032 from './migrations/0032-session-place-reauth.js';
import * as m0033 from './migrations/0033-push-deliveries.js';
import * as m0034 from './migrations/0034-memory-index-time-zone.js';
import * as m0035 from './migrations/0035-memory-fts-owner.js';
import { createPool } from './postgres-pool.js';
import { keepPrivate, makePrivateFile, PRIVATE_DIR_MODE } from './private-files.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
/** What a repository method runs on: the database, or a transaction it is part of. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Migrations are listed in code, so a bundled server carries them (no directory scanning). */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0003-billing': m0003,
  '0004-hardening': m0004,
  '0005-files': m0005,
  '0006-message-versions': m0006,
  '0007-streaming-index': m0007,
  '0008-reply-usage': m0008,
  '0009-hardening-iii': m0009,
  '0010-search-share': m0010,
  '0012-reply-prompt': m0012,
  '0013-admin-console': m0013,
  '0014-persona-profile': m0014,
  '0015-drop-attempts': m0015,
  '0016-dashboard-days': m0016,
  '0017-custom-persona-prices': m0017,
  '0018-data-archives': m0018,
  '0019-hardening-iv': m0019,
  '0020-jobs': m0020,
  '0021-memory': m0021,
  '0022-locale': m0022,
  '0023-documents': m0023,
  '0024-group-chats': m0024,
  '0025-passkeys-2fa-sessions': m0025,
  '0026-oidc-identities': m0026,
  '0027-notifications': m0027,
  '0028-folders-temporary': m0028,
  '0029-fork-cards-limits': m0029,
  '0032-session-place-reauth': m0032,
  '0033-push-deliveries': m0033,
  '0034-memory-index-time-zone': m0034,
  '0035-memory-fts-owner': m0035,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this build knows (a backup made by a newer build is refused on restore). */
export const knownMigrations = (): string[] => Object.keys(migrations);

export interface DbOptions extends Pick<KyselyConfig, 'log'> {
  /**
   * SQLite: checkpoint the write-ahead log on a worker thread (db/checkpointer.ts) instead of in
   * the commits of the app's thread; called with what went wrong when a checkpoint fails. The
   * server sets it; one-off processes (admin CLI, backups, seeding) keep SQLite's own checkpoints.
   */
  backgroundCheckpoints?: (message: string) => void;
}

/** `log`: Kysely's query log (benchmarks count and time the statements with it). */
export function createDb(database: Config['database'], options: DbOptions = {}): Db {
  const { backgroundCheckpoints, ...kysely } = options;
  if (database.kind === 'postgres') {
    // Integers of COUNT()/SUM() come back as strings by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: createPool(database.url) }),
      ...kysely,
    });
  }
  // Private whatever the umask (finding L4): the file is made 0600 before SQLite opens it, and
  // SQLite makes its -wal and -shm with the database file's mode.
  const onDisk = database.file !== ':memory:' && database.file !== '' && !database.file.startsWith('file:');
  if (onDisk) {
    fs.mkdirSync(path.dirname(database.file), { recursive: true, mode: PRIVATE_DIR_MODE });
    makePrivateFile(database.file);
    for (const suffix of ['-wal', '-shm', '-journal']) keepPrivate(`${database.file}${suffix}`);
  }
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  let stopCheckpoints: (() => void) | undefined;
  if (backgroundCheckpoints) {
    sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
    const checkpointer = startCheckpointer(database.file, backgroundCheckpoints);
    stopCheckpoints = () => void checkpointer.stop();
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, stopCheckpoints) }),
    ...kysely,
  });
}

/** How many distinct SQL texts keep their prepared statement (the app has a few hundred queries). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely's SQLite driver prepares every query anew; better-sqlite3 statements are reusable, so
 * each SQL text is prepared once (Kysely runs one query at a time on its single connection, so a
 * cached statement is never in use twice). Oldest entries go first when the cache is full.
 */
function withStatementCache(sqlite: SQLite.Database, beforeClose?: () => void): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose?.();
      sqlite.close();
    },
    prepare: (sql: string) => {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

declare const opened: unique symbol;
/**
 * A transaction opened by `inTransaction`: repositories run on it (it is an `Executor`), and it
 * carries the after-commit queue (`afterCommit`). Methods that change state inside a caller's
 * transaction and have something to announce (`CreditService.chargeInTransaction`, …) take a `Tx`,
 * so they can only be called inside `inTransaction`.
 */
export type Tx = Transaction<Database> & { readonly [opened]: true };

/** Work to do once a transaction has committed (announce a change); see `afterCommit`. */
type Effect = () => unknown;

/** The after-commit queue of each open transaction (the outermost: nested calls get the same `trx`). */
interface Queue {
  effects: Effect[];
  /** Effects queued with `{ last: true }`, run after all the others. */
  last: Effect[];
}
const queues = new WeakMap<Transaction<Database>, Queue>();

/**
 * Runs fn in one transaction; repositories accept `trx` as their executor. Effects queued on `trx`
 * with `afterCommit` — by fn or by any method it passes `trx` to, however deep — run once the
 * transaction has committed, in the order queued, before `inTransaction` returns; a rollback (fn
 * throws) drops them. An effect that fails is reported and the others still run: what committed
 * stays committed, the caller gets its result.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Tx) => Promise<T>): Promise<T> {
  const queue: Queue = { effects: [], last: [] };
  const result = await db.transaction().execute(async (trx) => {
    queues.set(trx, queue);
    try {
      return await fn(trx as Tx);
    } finally {
      // Closed: an effect queued from now on (a leaked `trx`) is a mistake, refused by afterCommit.
      queues.delete(trx);
    }
  });
  for (const effect of [...queue.effects, ...queue.last]) {
    try {
      await effect();
    } catch (error) {
      // Effects are announcements (`EventBus.emitAfterCommit` logs its own listeners' failures);
      // this is the last resort for one that throws anyway.
      console.error('an after-commit effect failed', error);
    }
  }
  return result;
}

/**
 * Queues `effect` to run after `trx` commits (never if it rolls back). The way to announce a
 * change made in a transaction: devices must not hear of a balance or a message that is then
 * rolled back. Domain events go through `EventBus.emitAfterCommit`, which uses this. With
 * `{ last: true }` it runs after every effect queued without it (a balance follows the messages it
 * paid for, whatever the order of the writes).
 */
export function afterCommit(trx: Tx, effect: Effect, options: { last?: boolean } = {}): void {
  const queue = queues.get(trx);
  if (!queue) throw new Error('afterCommit: the transaction is not open (inTransaction has ended)');
  (options.last ? queue.last : queue.effects).push(effect);
}

/** JSON text columns. */
export const toJson = (value: unknown): string => JSON.stringify(value);
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
export const toBool = (value: number | boolean | null | undefined): boolean => value === 1 || value === true;
export const fromBool = (value: boolean): number => (value ? 1 : 0);
