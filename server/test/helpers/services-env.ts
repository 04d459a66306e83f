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

/** Tests that need Redis only (any database): the same rules with TEST_REDIS_URL. */
export function redisAvailable(): string | undefined {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) return redisUrl;
  if (process.env.REQUIRE_SERVICES === '1') throw new Error('REQUIRE_SERVICES=1 but TEST_REDIS_URL is not set');
  return undefined;
}

export const describeWithRedis = (name: string, fn: () => void) =>
  redisAvailable() ? describe(name, fn) : describe.skipIf(true)(`${name} (needs TEST_REDIS_URL)`, fn);
