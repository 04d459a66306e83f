import { configDefaults, defineConfig } from 'vitest/config';
import { POSTGRES_AND_REDIS_ONLY } from './scripts/postgres-redis-only.mjs';

/**
 * Unit (contract, server rules, web components) and integration (real Fastify + DB + sockets).
 * The integration suite runs again on PostgreSQL when TEST_DATABASE_URL is set.
 */
const integration = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    include: ['server/test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    environment: 'node' as const,
    // One worker process runs many files (the server's modules and npm packages loaded once per
    // worker, not once per file: 2.4× less CPU on the same files). Every file builds its own app on
    // a fresh database; nothing of the server is kept in module state between apps.
    isolate: false,
    // The server bundled once from the sources for the tests that start it as a process, and the
    // migrations applied once to a template each test's fresh database copies.
    globalSetup: ['test-kit/src/server/bundle-setup.ts', 'test-kit/src/server/template-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env,
  },
});

/** Web test files that stub a global jsdom makes unforgeable in a VM context (vi.stubGlobal('location')). */
const WEB_OWN_PROCESS = ['web/src/platform/native-startup.test.tsx'];

/** The web app's tests (jsdom): `pool` and which files. */
const web = (name: string, options: { pool?: 'vmThreads'; include?: string[]; exclude?: string[] }) => ({
  test: {
    name,
    include: ['web/src/**/*.test.{ts,tsx}'],
    environment: 'jsdom' as const,
    setupFiles: ['web/src/test/setup.ts'],
    ...options,
  },
});

/** The PostgreSQL project runs; files that make their own PostgreSQL + Redis run there only (scripts/postgres-redis-only.mjs). */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'contract/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'test-kit/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'web/pwa/**/*.test.ts',
          ],
          environment: 'node',
          // As the integration projects: modules loaded once per worker, not once per file (a new
          // process per file cost 2.8× the CPU). No unit test keeps state in a module between files.
          isolate: false,
        },
      },
      // Each web test file in a fresh VM context of a long-lived worker thread (its own jsdom window
      // and modules; 2.8× less CPU than a new process per file). The files that must replace one of
      // jsdom's unforgeable globals (window.location) keep a process of their own.
      web('web', { pool: 'vmThreads', exclude: [...configDefaults.exclude, ...WEB_OWN_PROCESS] }),
      web('web-own-process', { include: WEB_OWN_PROCESS }),
      integration('integration', { NEURA_TEST_DB: 'sqlite' }, withPostgres ? POSTGRES_AND_REDIS_ONLY : []),
      ...(withPostgres ? [integration('integration-pg', { NEURA_TEST_DB: 'postgres' })] : []),
    ],
  },
});
