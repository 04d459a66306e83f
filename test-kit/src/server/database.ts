import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

/**
 * Which database the integration suite runs on: SQLite by default, PostgreSQL when the
 * "integration-pg" project sets NEURA_TEST_DB=postgres (it needs TEST_DATABASE_URL).
 */
export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.NEURA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * Set by template-setup.ts (vitest global setup): a database migrated once for the run, which a
 * test's fresh database copies instead of running every migration again (PostgreSQL: the name of
 * a database to use as TEMPLATE; SQLite: the path of a migrated file).
 */
export const PG_TEMPLATE_ENV = 'NEURA_TEST_PG_TEMPLATE';
export const SQLITE_TEMPLATE_ENV = 'NEURA_TEST_SQLITE_TEMPLATE';

export interface CreateDatabaseOptions {
  /**
   * Start from the run's migrated template when there is one (the app's boot then finds every
   * migration applied); otherwise, and by default, an empty database the app migrates itself.
   */
  migrated?: boolean;
}

/** Makes a fresh PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createPostgresDatabase(
  options: CreateDatabaseOptions = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  const name = `neura_t_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? process.env[PG_TEMPLATE_ENV] : undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Puts the run's migrated SQLite template at `file` when there is one and `file` does not exist yet. */
export function copyMigratedSqlite(file: string): void {
  const template = process.env[SQLITE_TEMPLATE_ENV];
  if (template && !fs.existsSync(file)) fs.copyFileSync(template, file);
}
