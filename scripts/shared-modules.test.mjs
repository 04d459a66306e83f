// The unit and integration projects load a module once per worker for all their files
// (`isolate: false` in vitest.config.ts: a process per file cost ~2.8× the CPU). A module mock
// (`vi.mock`, `vi.doMock`) does not hold there: a file that ran earlier in the worker may have
// loaded the real module already. So their test files take what they fake as a parameter instead.
// The web projects run each file in a fresh VM context and may mock.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const SHARED = ['contract/src', 'server/src', 'server/test', 'test-kit/src', 'scripts'];
const MOCK = /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock)\s*\(/;

function* testFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(file);
    else if (/\.test\.(ts|mts|mjs)$/.test(entry.name)) yield file;
  }
}

/** The test files under `trees` (relative to `base`) that mock a module. */
function mockingFiles(base, trees = SHARED) {
  const found = [];
  for (const tree of trees) {
    for (const file of testFiles(path.join(base, tree))) {
      if (file === import.meta.filename) continue;
      if (MOCK.test(fs.readFileSync(file, 'utf8'))) found.push(path.relative(base, file));
    }
  }
  return found;
}

describe('tests that share modules between files', () => {
  it('should mock no module in the unit and integration projects', () => {
    expect(mockingFiles(root)).toEqual([]);
  });

  it('should find a planted module mock', () => {
    const base = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'shared-modules-'));
    try {
      fs.mkdirSync(path.join(base, 'server/src/x'), { recursive: true });
      fs.writeFileSync(path.join(base, 'server/src/x/a.test.ts'), "vi.mock('./b.js', () => ({}));\n");
      fs.writeFileSync(path.join(base, 'server/src/x/c.test.ts'), 'vi.fn();\n');
      expect(mockingFiles(base)).toEqual(['server/src/x/a.test.ts']);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
