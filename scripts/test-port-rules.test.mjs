// Tests reach the app through the test port, not the bag (issue #42; docs/ARCHITECTURE.md "Tests"):
// a test, a test helper, an e2e spec or a benchmark arranges with `t.seed`, asserts on `t.db` and
// `t.read`, and calls the few service entry points named in `t.drive`, all built by `testPort`
// (test-kit/src/server/test-port.ts). Reaching the composed modules themselves (`x.services`,
// `['services']`, `{ services } = x`) fails here, outside the port and the short list below.
// Each case runs the same scan; planted violations show that it fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantedTrees } from './lib/planted-tree.mjs';

const root = path.resolve(import.meta.dirname, '..');

const SCANNED = ['server/test', 'e2e', 'bench', 'test-kit/src'];

/** Files whose subject is the composition itself, and why. */
const BAG_ALLOWED = {
  'test-kit/src/server/test-port.ts': 'the port itself: built from the composed modules',
  'server/test/admin-audit-transaction.test.ts':
    "composes each admin service on the app's own modules with an audit log that fails, to prove the change rolls back",
  'bench/memory.ts': "measures the reply's memory hook composed on the app's own memory service",
};

const BAG = [/\.services\b/g, /\[\s*['"]services['"]\s*\]/g, /\{[^{}]*\bservices\b[^{}]*\}\s*=(?![=>])/g];

function* sources(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield file;
  }
}

/** Every reach into the bag under `base`, as `file:line what`. */
function violations(base) {
  const found = [];
  for (const top of SCANNED) {
    for (const file of sources(path.join(base, top))) {
      const rel = path.relative(base, file).split(path.sep).join('/');
      if (rel in BAG_ALLOWED) continue;
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const pattern of BAG) for (const m of line.matchAll(pattern)) found.push(`${rel}:${i + 1} ${m[0]}`);
      });
    }
  }
  return found.sort();
}

const tree = plantedTrees('test-port-rules');

describe('test port rules', () => {
  it('should pass tests that seed, read and drive through the port', () => {
    const dir = tree({
      'server/test/x.test.ts':
        'const user = await t.seed.user({ credits: 5 });\n' +
        "const row = await t.db.selectFrom('users').selectAll().executeTakeFirst();\n" +
        'await t.drive.credits.charge(user.id, 1);\n' +
        'describeWithServices("pg", () => undefined);\n' +
        'const url = services.redisUrl;\n',
    });
    expect(violations(dir)).toEqual([]);
  });

  it('should fail a test, a helper or a benchmark that reaches into the bag (planted violations)', () => {
    const dir = tree({
      'server/test/x.test.ts': 'await t.services.credits.grant(grant);\n',
      'server/test/helpers/h.ts': "const db = app['services'].db;\n",
      'bench/b.ts': 'const { services } = app;\n',
      'e2e/tests/e.spec.ts': 'await createTestUser(app.services);\n',
    });
    expect(violations(dir)).toEqual([
      'bench/b.ts:1 { services } =',
      'e2e/tests/e.spec.ts:1 .services',
      "server/test/helpers/h.ts:1 ['services']",
      'server/test/x.test.ts:1 .services',
    ]);
  });

  it('should name only allowed files that exist, each with its reason', () => {
    for (const [entry, reason] of Object.entries(BAG_ALLOWED)) {
      expect(fs.existsSync(path.join(root, entry)), entry).toBe(true);
      expect(reason.length, entry).toBeGreaterThan(20);
    }
  });

  it("should pass the repository's own tests, e2e specs and benchmarks", () => {
    expect(violations(root)).toEqual([]);
  });
});
