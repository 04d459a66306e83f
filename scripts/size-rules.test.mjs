// Sizes a newcomer can read (docs/ARCHITECTURE.md "Rules as tests"): no source file over 300 lines in
// server/src, web/src, contract and test-kit, except the kinds named in EXEMPT with their reason; and
// docs/ARCHITECTURE.md and docs/PERFORMANCE.md under 400 lines each (their history lives in
// docs/history/). Functions over 80 lines are reported, not failed. Each case runs the same scan;
// some plant a violation and show that it fails.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { plantedTrees } from './lib/planted-tree.mjs';

const root = path.resolve(import.meta.dirname, '..');

const MAX_FILE_LINES = 300;
const MAX_DOC_LINES = 400;
const MAX_FUNCTION_LINES = 80;
const TREES = ['server/src', 'web/src', 'contract', 'test-kit'];
const DOCS = ['docs/ARCHITECTURE.md', 'docs/PERFORMANCE.md'];

/** Kinds of source file that may be longer, each a path pattern (relative to the repository) and its reason. */
const EXEMPT = [
  [/\.test\.tsx?$/, '*.test.ts(x): tests read top to bottom as a list of cases'],
  [/(^|\/)seed-data\.ts$/, 'seed-data.ts: seed data is a table of rows, not logic'],
  [/(^|\/)seed-translations\.[a-z-]+\.ts$/, "seed-translations.<locales>.ts: the seed data's texts in other languages"],
  [
    /^server\/src\/i18n\/locales\//,
    "server/src/i18n/locales/**: the server's catalog of user-facing texts, one string a line",
  ],
  [/^web\/src\/texts\//, 'web/src/texts/**: the catalog of user-facing texts is data, one string a line'],
  [/^server\/src\/db\/migrations\//, 'server/src/db/migrations/**: a migration is written once and never edited'],
];

function* sources(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield file;
  }
}

const linesOf = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
const relative = (base, file) => path.relative(base, file).split(path.sep).join('/');

/** Every source file under `base` over MAX_FILE_LINES and not exempt, as `path: N lines`. */
function longFiles(base) {
  const found = [];
  for (const tree of TREES) {
    for (const file of sources(path.join(base, tree))) {
      const rel = relative(base, file);
      if (EXEMPT.some(([pattern]) => pattern.test(rel))) continue;
      const lines = linesOf(fs.readFileSync(file, 'utf8'));
      if (lines > MAX_FILE_LINES) found.push(`${rel}: ${lines} lines`);
    }
  }
  return found.sort();
}

/** The docs under `base` over MAX_DOC_LINES, as `path: N lines`. */
function longDocs(base) {
  return DOCS.map((doc) => [doc, linesOf(fs.readFileSync(path.join(base, doc), 'utf8'))])
    .filter(([, lines]) => lines > MAX_DOC_LINES)
    .map(([doc, lines]) => `${doc}: ${lines} lines`);
}

/** Every function (declaration, method, arrow, expression) under `base` over MAX_FUNCTION_LINES, as `path:line name: N lines`. */
function longFunctions(base) {
  const found = [];
  for (const tree of TREES) {
    for (const file of sources(path.join(base, tree))) {
      const rel = relative(base, file);
      if (EXEMPT.some(([pattern]) => pattern.test(rel))) continue;
      const text = fs.readFileSync(file, 'utf8');
      const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > MAX_FUNCTION_LINES) {
            const name = node.name?.getText(source) ?? node.parent?.name?.getText?.(source) ?? '(anonymous)';
            found.push(`${rel}:${start + 1} ${name}: ${lines} lines`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort();
}

const tree = plantedTrees('size-rules');
const lines = (n, line = 'export const x = 1;') => `${Array.from({ length: n }, () => line).join('\n')}\n`;

describe('source files of at most 300 lines', () => {
  it('should pass a file of 300 lines and the exempt kinds of any length', () => {
    const dir = tree({
      'server/src/chats/service.ts': lines(300),
      'server/src/chats/service.test.ts': lines(900),
      'web/src/chat/composer.test.tsx': lines(900),
      'server/src/personas/seed-data.ts': lines(900),
      'web/src/texts/texts.ts': lines(900),
      'server/src/db/migrations/0001-initial.ts': lines(900),
      'server/src/chats/notes.md': lines(900),
    });
    expect(longFiles(dir)).toEqual([]);
  });

  it('should fail a source file over 300 lines in any of the trees (a planted violation)', () => {
    const dir = tree({
      'server/src/console/service.ts': lines(301),
      'web/src/admin/sections.tsx': lines(400),
      'contract/src/events.ts': lines(301),
      'test-kit/src/fakes/stripe.ts': lines(301),
      'web/src/texts-helpers/format.ts': lines(301),
    });
    expect(longFiles(dir)).toEqual([
      'contract/src/events.ts: 301 lines',
      'server/src/console/service.ts: 301 lines',
      'test-kit/src/fakes/stripe.ts: 301 lines',
      'web/src/admin/sections.tsx: 400 lines',
      'web/src/texts-helpers/format.ts: 301 lines',
    ]);
  });

  it('should name each exempt kind with its reason', () => {
    for (const [pattern, reason] of EXEMPT) expect(reason.length, String(pattern)).toBeGreaterThan(30);
  });

  it("should pass the repository's own trees", () => {
    expect(longFiles(root)).toEqual([]);
  });
});

describe('docs of at most 400 lines', () => {
  it('should fail a doc over 400 lines (a planted violation)', () => {
    const dir = tree({ 'docs/ARCHITECTURE.md': lines(400, '# x'), 'docs/PERFORMANCE.md': lines(401, '# x') });
    expect(longDocs(dir)).toEqual(['docs/PERFORMANCE.md: 401 lines']);
  });

  it("should pass the repository's own docs/ARCHITECTURE.md and docs/PERFORMANCE.md", () => {
    expect(longDocs(root)).toEqual([]);
  });
});

describe('functions over 80 lines (reported)', () => {
  it('should find a function, a method and an arrow over 80 lines (a planted one)', () => {
    const body = lines(80, '  x += 1;');
    const dir = tree({
      'server/src/chats/service.ts':
        `export function long() {\n${body}}\n` +
        `export class S {\n  method() {\n${body}  }\n}\n` +
        `export const arrow = () => {\n${body}};\n` +
        `export function short() {\n${lines(78, '  x += 1;')}}\n`,
    });
    expect(longFunctions(dir)).toEqual([
      'server/src/chats/service.ts:1 long: 82 lines',
      'server/src/chats/service.ts:167 arrow: 82 lines',
      'server/src/chats/service.ts:84 method: 82 lines',
    ]);
  });

  it("should report the repository's own (a list to shrink, not a failure)", () => {
    const found = longFunctions(root);
    if (found.length > 0)
      console.info(`Functions over ${MAX_FUNCTION_LINES} lines (${found.length}):\n${found.join('\n')}`);
    expect(Array.isArray(found)).toBe(true);
  }, 60_000);
});
