// Every file the docs name in backticks exists: docs/*.md and README.md may name a file by its repo
// path (`server/src/config.ts`) or, as they often do inside a section about one side, relative to
// a source root (`conversation/recovery.ts` under server/src, `ui/highlight.ts` under web/src).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const BASES = [
  '',
  'server/src',
  'server',
  'web/src',
  'web',
  'contract/src',
  'test-kit/src',
  'server/test',
  'e2e',
  'bench',
];
const FILE = /\.(ts|tsx|mjs|cjs|js|json|md|css|yaml|yml|sh|html)$/;

/** Backticked tokens that name a file of the repo (an extension, no placeholder, no URL). */
function fileReferences(markdown) {
  const refs = new Set();
  for (const [, token] of markdown.matchAll(/`([^`\s]+)`/g)) {
    // Not a repo file: a placeholder, a URL or URL path, an assignment, a variable's folder, a build output.
    if (!FILE.test(token) || /[*<>{}$=]|:\/\/|^\.\.?\/|^\/|^[A-Z_]+\//.test(token)) continue;
    if (/(^|\/)(dist|node_modules)\//.test(token)) continue;
    // A bare file name counts only for files of the repo's root (package.json, README.md, …).
    if (!token.includes('/') && !fs.existsSync(path.join(root, token)) && !/^[A-Z]+[A-Z_]*\.md$/.test(token)) continue;
    refs.add(token);
  }
  return [...refs];
}

function exists(ref) {
  return BASES.some((base) => fs.existsSync(path.join(root, base, ref)));
}

const docs = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('file references in the docs', () => {
  it('should find the references of a text, and tell a dead one', () => {
    const refs = fileReferences(
      'See `server/src/config.ts`, `ui/highlight.ts`, `gone/nowhere.ts`, `npm test` and `x.ts`.',
    );
    expect(refs).toEqual(['server/src/config.ts', 'ui/highlight.ts', 'gone/nowhere.ts']);
    expect(refs.filter((r) => !exists(r))).toEqual(['gone/nowhere.ts']);
  });

  it.each(docs)('should name only files that exist in %s', (doc) => {
    const dead = fileReferences(fs.readFileSync(path.join(root, doc), 'utf8')).filter((ref) => !exists(ref));
    expect(dead).toEqual([]);
  });
});
