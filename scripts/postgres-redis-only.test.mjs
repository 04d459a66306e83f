// The files run only in the PostgreSQL project (postgres-redis-only.mjs) must not depend on the
// project's database: each describe needs the services, and none starts an app on NEURA_TEST_DB's
// database (`startTestApp`) or asks which it is (`testDbKind`). Planted files show the check fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_AND_REDIS_ONLY } from './postgres-redis-only.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Why `source` would differ between the SQLite and the PostgreSQL project (empty: it would not). */
function projectDependence(source) {
  const found = [];
  if (/\bstartTestApp\s*\(/.test(source)) found.push('startTestApp (the project’s database)');
  if (/\btestDbKind\b|NEURA_TEST_DB/.test(source)) found.push('reads the project’s database kind');
  if (/(^|[^\w.])describe(\.\w+)?\s*\(/m.test(source)) found.push('a describe that does not need the services');
  if (!/\bdescribeWithServices\s*\(/.test(source)) found.push('no describeWithServices');
  return found;
}

describe('integration files run only in the PostgreSQL project', () => {
  it.each(POSTGRES_AND_REDIS_ONLY)('should keep %s independent of the project’s database', (file) => {
    expect(projectDependence(fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('should catch a file that starts a test app or has a plain describe', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-only-'));
    try {
      const planted = path.join(dir, 'planted.test.ts');
      fs.writeFileSync(planted, "describe('x', () => { beforeAll(() => startTestApp()); });\n");
      expect(projectDependence(fs.readFileSync(planted, 'utf8'))).toEqual([
        'startTestApp (the project’s database)',
        'a describe that does not need the services',
        'no describeWithServices',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
