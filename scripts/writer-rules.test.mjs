// One writer per table (docs/ARCHITECTURE.md "Seams"): in server/src, rows are written only by
// repositories, files named `repository.ts` or `*-repository.ts`. A write is a Kysely
// `insertInto`/`updateTable`/`deleteFrom`/`replaceInto`/`mergeInto` call, or raw `sql` that starts
// with a statement that changes data or schema. The few files that must write outside a repository
// are named below with their reason. Each case of the test runs the same scan; one plants a
// violation and shows that it fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantedTrees } from './lib/planted-tree.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Files (or folders, ending in /) of server/src that may write outside a repository, and why. */
const ALLOWED = {
  'db/migrations/': 'migrations change the schema and backfill rows of every table, once, before the app runs',
  'admin/backup.ts': 'restore writes back every table of a backup as it was; no feature owns a whole copy',
};

const WRITER = /(^|\/)([a-z0-9-]+-)?repository\.ts$/;
const KYSELY_WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(/g;
const WRITE_STATEMENT = '(INSERT|UPDATE|DELETE|REPLACE|MERGE|UPSERT|TRUNCATE|CREATE|DROP|ALTER)\\b';
const RAW_WRITE = new RegExp(`\\bsql(<[^>]*>)?\\s*\`\\s*(WITH\\b[\\s\\S]*?\\b)?${WRITE_STATEMENT}`, 'gi');
const RAW_CALL_WRITE = new RegExp(`\\bsql\\.raw\\s*\\(\\s*['"\`]\\s*${WRITE_STATEMENT}`, 'gi');

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield file;
  }
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** Every write outside a repository and the allow-list under `base` (a tree with server/src), as `file:line what`. */
function writesOutsideRepositories(base) {
  const src = path.join(base, 'server/src');
  const found = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (WRITER.test(rel)) continue;
    if (Object.keys(ALLOWED).some((a) => (a.endsWith('/') ? rel.startsWith(a) : rel === a))) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const re of [KYSELY_WRITE, RAW_WRITE, RAW_CALL_WRITE]) {
      for (const m of text.matchAll(re)) found.push(`server/src/${rel}:${lineOf(text, m.index)} ${m[0].trim()}`);
    }
  }
  return found.sort();
}

const tree = plantedTrees('writer-rules', 'server/src');

describe('one writer per table (writes only in repositories)', () => {
  it('should pass writes in repositories and reads anywhere', () => {
    const dir = tree({
      'chats/repository.ts': "export const w = (db) => db.insertInto('chats').values({}).execute();\n",
      'accounts/user-repository.ts': "export const w = (db) => db.updateTable('users').set({}).execute();\n",
      'chats/service.ts': "export const r = (db) => db.selectFrom('chats').selectAll().execute();\n",
      'system/health.ts': 'export const h = (db) => sql`SELECT 1`.execute(db);\n',
      'db/migrations/0001-initial.ts': 'export const up = (db) => sql`CREATE TABLE x (id text)`.execute(db);\n',
    });
    expect(writesOutsideRepositories(dir)).toEqual([]);
  });

  it('should fail a Kysely write outside a repository (a planted violation)', () => {
    const dir = tree({
      'console/service.ts':
        "export const a = (db) =>\n  db.updateTable('personas').set({ published: 1 }).execute();\n" +
        "export const b = (trx) => trx.deleteFrom('feedback').execute();\n" +
        "export const c = (db) => db\n  .insertInto('model_prices').values({}).execute();\n",
    });
    expect(writesOutsideRepositories(dir)).toEqual([
      'server/src/console/service.ts:2 .updateTable(',
      'server/src/console/service.ts:3 .deleteFrom(',
      'server/src/console/service.ts:5 .insertInto(',
    ]);
  });

  it('should fail a raw SQL write outside a repository (a planted violation)', () => {
    const dir = tree({
      'entitlements/pro.ts':
        'export const a = (db) => sql`\n  UPDATE users SET pro_expiry = NULL`.execute(db);\n' +
        "export const b = (db) => sql<{ id: string }>`insert into feedback (id) values ('x')`.execute(db);\n" +
        "export const c = (db) => sql.raw('DELETE FROM chats').execute(db);\n",
    });
    const found = writesOutsideRepositories(dir);
    expect(found).toHaveLength(3);
    expect(found.map((f) => f.split(' ')[0])).toEqual([
      'server/src/entitlements/pro.ts:1',
      'server/src/entitlements/pro.ts:3',
      'server/src/entitlements/pro.ts:4',
    ]);
  });

  it('should not take a file that only mentions "repository" for a repository', () => {
    const dir = tree({
      'console/repository-helpers.ts': "export const a = (db) => db.deleteFrom('feedback').execute();\n",
      'console/not-a-repository.tsx.ts': "export const a = (db) => db.deleteFrom('feedback').execute();\n",
    });
    expect(writesOutsideRepositories(dir)).toHaveLength(2);
  });

  it('should name only allowed files that exist, each with its reason', () => {
    for (const [entry, reason] of Object.entries(ALLOWED)) {
      expect(fs.existsSync(path.join(root, 'server/src', entry)), entry).toBe(true);
      expect(reason.length, entry).toBeGreaterThan(20);
    }
  });

  it("should pass the repository's own server/src", () => {
    expect(writesOutsideRepositories(root)).toEqual([]);
  });
});
