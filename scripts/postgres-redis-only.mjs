// Integration files whose every test makes its own PostgreSQL database and Redis link
// (`startTestCluster`, `createPostgresDatabase`, server processes on them), whatever the vitest
// project's NEURA_TEST_DB: the SQLite project (`integration`) would run the very same tests again.
// With TEST_DATABASE_URL they run once, in `integration-pg` (vitest.config.ts); without it they stay
// in `integration`, reported skipped for want of the services. postgres-redis-only.test.mjs checks
// that each file still fits (no test app on the project's database).
export const POSTGRES_AND_REDIS_ONLY = [
  'server/test/chats-cluster.test.ts',
  'server/test/db-prepared-statements.test.ts',
  'server/test/load-balanced.test.ts',
  'server/test/multi-process.test.ts',
  'server/test/notifications-cluster.test.ts',
  'server/test/organise-cluster.test.ts',
  'server/test/rate-limit-redis.test.ts',
  'server/test/sign-in-cluster.test.ts',
  'server/test/spending-limits-cluster.test.ts',
  'server/test/security/database-outage.test.ts',
  'server/test/security/redis-outage.test.ts',
  'server/test/security/reply-db-cut.test.ts',
];
