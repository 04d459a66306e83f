import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** Where npm would find `name` from the package at `at` (its own node_modules, then each parent's). */
function resolve(at, name) {
  let base = at;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return undefined;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

/** `npm ci` installs exactly the lock: it must be complete for every platform, not just this one. */
describe('package-lock.json', () => {
  it('should list every optional (per-platform) dependency of every package', () => {
    const missing = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(at, name)) missing.push(`${at || '(root)'} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("should hold every workspace's dependencies at the versions its package.json pins", () => {
    const wrong = [];
    for (const workspace of lock.packages[''].workspaces) {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
      for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (version.startsWith('file:') || name.startsWith('@neura/')) continue;
        const found = resolve(workspace, name);
        if (!found || lock.packages[found].version !== version)
          wrong.push(`${workspace}: ${name}@${version} (lock: ${found ? lock.packages[found].version : 'none'})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
