import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which database the integration suite runs on: SQLite by default, PostgreSQL when the
 * "integration-pg" project sets NEURA_TEST_DB=postgres (it needs TEST_DATABASE_URL).
 */
export const testDbKind = (): 'sqlite' | 'postgres' =>
  process.env.NEURA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** Makes a fresh PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  const name = `neura_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
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
