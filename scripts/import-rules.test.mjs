// The import rules (.dependency-cruiser.cjs) fail the build on a planted violation: each case copies
// the rules into a temp tree under the OS temp dir, plants files there and runs depcruise as
// `npm test` does.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const made = [];

/** Runs the repo's rules over `files` ({ relative path: source }) in a fresh temp tree. */
function cruise(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-import-rules-'));
  made.push(dir);
  fs.copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const roots = ['server/src', 'web/src', 'contract/src'].filter((r) => fs.existsSync(path.join(dir, r)));
  const result = spawnSync(process.execPath, [depcruise, ...roots, '--config', '.dependency-cruiser.cjs'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import rules (dependency-cruiser)', { timeout: 60_000 }, () => {
  it('should pass imports that run down the layers', () => {
    const result = cruise({
      'server/src/conversation/service.ts': "import { x } from '../lib/x.js';\nexport const y = x;\n",
      'server/src/lib/x.ts': "import { z } from '../db/z.js';\nexport const x = z;\n",
      'server/src/db/z.ts': 'export const z = 1;\n',
      'web/src/chat/page.tsx': "import { t } from '../texts/texts';\nexport const p = t;\n",
      'web/src/texts/texts.ts': "export const t = 'hi';\n",
    });
    expect(result.out).toContain('no dependency violations found');
    expect(result.code).toBe(0);
  });

  it('should fail an import back up a layer on the server', () => {
    const result = cruise({
      'server/src/lib/x.ts': "import { s } from '../conversation/service.js';\nexport const x = s;\n",
      'server/src/conversation/service.ts': 'export const s = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('server-no-import-up:lib/');
    expect(result.out).toContain('server/src/lib/x.ts → server/src/conversation/service.ts');
  });

  it('should fail an import back up a layer in the web app', () => {
    const result = cruise({
      'web/src/ui/button.tsx': "import { page } from '../chat/page';\nexport const b = page;\n",
      'web/src/chat/page.tsx': 'export const page = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('web-no-import-up:ui/');
  });

  it('should fail a circle, even inside one folder', () => {
    const result = cruise({
      'server/src/chats/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'server/src/chats/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('no-circular');
  });

  it("should fail an import of accounts' repository outside accounts/", () => {
    const result = cruise({
      'server/src/chats/service.ts':
        "import type { UserRepository } from '../accounts/user-repository.js';\nexport type U = UserRepository;\n",
      'server/src/accounts/user-repository.ts': 'export class UserRepository {}\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('accounts-repositories-stay-in-accounts');
  });

  it('should fail a feature importing the console (a feature at the same layer included)', () => {
    const result = cruise({
      'server/src/creator/routes.ts':
        "import { requireAdmin } from '../console/guard.js';\nexport const r = requireAdmin;\n",
      'server/src/console/guard.ts': 'export const requireAdmin = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('nothing-imports-the-console');
    expect(result.out).toContain('server/src/creator/routes.ts → server/src/console/guard.ts');
  });

  it('should fail the server importing the web app, and an import that does not resolve', () => {
    const result = cruise({
      'server/src/lib/x.ts':
        "import { t } from '../../../web/src/texts/texts';\nimport { m } from './missing.js';\nexport const x = [t, m];\n",
      'web/src/texts/texts.ts': "export const t = 'hi';\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('server-not-web');
    expect(result.out).toContain('not-to-unresolvable');
  });

  it("should pass the repository's own tree", () => {
    const result = spawnSync(
      process.execPath,
      [depcruise, 'server/src', 'web/src', 'contract/src', '--config', '.dependency-cruiser.cjs'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(`${result.stdout}${result.stderr}`).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });
});
