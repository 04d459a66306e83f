import { describe } from 'vitest';

/**
 * Tests that need PostgreSQL and Redis. With both URLs set they run; with REQUIRE_SERVICES=1 and
 * one missing they fail loudly (CI); otherwise they are reported as skipped with the reason in
 * their name — never silently.
 */
export function servicesAvailable(): { databaseUrl: string; redisUrl: string } | undefined {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (databaseUrl && redisUrl) return { databaseUrl, redisUrl };
  if (process.env.REQUIRE_SERVICES === '1') {
    throw new Error('REQUIRE_SERVICES=1 but TEST_DATABASE_URL and TEST_REDIS_URL are not both set');
  }
  return undefined;
}

export const describeWithServices = (name: string, fn: () => void) =>
  servicesAvailable()
    ? describe(name, fn)
    : describe.skipIf(true)(`${name} (needs TEST_DATABASE_URL and TEST_REDIS_URL)`, fn);

/**
 * A block that makes its own PostgreSQL database and Redis link whatever the project's database
 * (`startTestCluster`, `createPostgresDatabase`, server processes on them): with TEST_DATABASE_URL
 * it runs once, in the PostgreSQL project, since the SQLite project would repeat it unchanged (the
 * file's other tests still run in both); without the services, as `describeWithServices`. Whole
 * files of such blocks are left out of the SQLite project instead (scripts/postgres-redis-only.mjs).
 */
export function describeOnceWithServices(name: string, fn: () => void): void {
  if (process.env.NEURA_TEST_DB === 'sqlite' && process.env.TEST_DATABASE_URL) return;
  describeWithServices(name, fn);
}

/** Tests that need Redis only (any database): the same rules with TEST_REDIS_URL. */
export function redisAvailable(): string | undefined {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) return redisUrl;
  if (process.env.REQUIRE_SERVICES === '1') throw new Error('REQUIRE_SERVICES=1 but TEST_REDIS_URL is not set');
  return undefined;
}

export const describeWithRedis = (name: string, fn: () => void) =>
  redisAvailable() ? describe(name, fn) : describe.skipIf(true)(`${name} (needs TEST_REDIS_URL)`, fn);
