import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../../../server/src/db/database.js';
import { PG_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './database.js';

/**
 * Vitest global setup of the integration projects: the current migrations applied once, to a
 * template database of this project's kind, which every app the test kit starts copies
 * (`startTestApp`, `startTestCluster`, `createPostgresDatabase({ migrated: true })`) instead of
 * migrating a fresh database again. The schema is the same as the app's own boot makes (the same
 * `migrateToLatest`); each test still gets a database of its own. Tests that need an empty
 * database (boot migrations, backups, the process tests' own) create one as before.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.NEURA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-template-'));
    const file = path.join(dir, 'neura.db');
    const db = createDb({ kind: 'sqlite', file });
    await migrateToLatest(db);
    await db.destroy(); // the last connection closed: the WAL is checkpointed into the file
    process.env[SQLITE_TEMPLATE_ENV] = file;
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return async () => {};
  const name = `neura_template_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = createDb({ kind: 'postgres', url: url.toString() });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy(); // no one may be connected to a template while it is copied
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
