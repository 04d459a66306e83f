// The import rules (.dependency-cruiser.cjs) fail the build on a planted violation: each case plants
// files in a temp tree under the OS temp dir and cruises it with the repo's rules, in this process
// through dependency-cruiser's API (its `cruise`, the engine and `err` report `depcruise` prints;
// loaded once, not a process per case). The repository's own tree is checked by the very command
// `npm test` runs (`npm run lint:imports`, with its cache: a hit when that step already passed on
// the same files and rules, a full cruise otherwise).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise as depcruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const rules = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
const made = [];

/** Runs the repo's rules over `files` ({ relative path: source }) in a fresh temp tree. */
async function cruise(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-import-rules-'));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const roots = ['server/src', 'web/src', 'contract/src'].filter((r) => fs.existsSync(path.join(dir, r)));
  const result = await depcruise(roots, { ...rules, baseDir: dir, outputType: 'err' });
  return { code: result.exitCode, out: String(result.output) };
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import rules (dependency-cruiser)', { timeout: 60_000 }, () => {
  it('should pass imports that run down the layers', async () => {
    const result = await cruise({
      'server/src/conversation/service.ts': "import { x } from '../lib/x.js';\nexport const y = x;\n",
      'server/src/lib/x.ts': "import { z } from '../db/z.js';\nexport const x = z;\n",
      'server/src/db/z.ts': 'export const z = 1;\n',
      'web/src/chat/page.tsx': "import { t } from '../texts/texts';\nexport const p = t;\n",
      'web/src/texts/texts.ts': "export const t = 'hi';\n",
    });
    expect(result.out).toContain('no dependency violations found');
    expect(result.code).toBe(0);
  });

  it('should fail an import back up a layer on the server', async () => {
    const result = await cruise({
      'server/src/lib/x.ts': "import { s } from '../conversation/service.js';\nexport const x = s;\n",
      'server/src/conversation/service.ts': 'export const s = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('server-no-import-up:lib/');
    expect(result.out).toContain('server/src/lib/x.ts → server/src/conversation/service.ts');
  });

  it('should fail an import back up a layer in the web app', async () => {
    const result = await cruise({
      'web/src/ui/button.tsx': "import { page } from '../chat/page';\nexport const b = page;\n",
      'web/src/chat/page.tsx': 'export const page = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('web-no-import-up:ui/');
  });

  it('should fail a circle, even inside one folder', async () => {
    const result = await cruise({
      'server/src/chats/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'server/src/chats/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('no-circular');
  });

  it("should fail an import of accounts' repository outside accounts/", async () => {
    const result = await cruise({
      'server/src/chats/service.ts':
        "import type { UserRepository } from '../accounts/user-repository.js';\nexport type U = UserRepository;\n",
      'server/src/accounts/user-repository.ts': 'export class UserRepository {}\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('accounts-repositories-stay-in-accounts');
  });

  it('should fail a feature importing the console (a feature at the same layer included)', async () => {
    const result = await cruise({
      'server/src/creator/routes.ts':
        "import { requireAdmin } from '../console/guard.js';\nexport const r = requireAdmin;\n",
      'server/src/console/guard.ts': 'export const requireAdmin = 1;\n',
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('nothing-imports-the-console');
    expect(result.out).toContain('server/src/creator/routes.ts → server/src/console/guard.ts');
  });

  it('should fail the server importing the web app, and an import that does not resolve', async () => {
    const result = await cruise({
      'server/src/lib/x.ts':
        "import { t } from '../../../web/src/texts/texts';\nimport { m } from './missing.js';\nexport const x = [t, m];\n",
      'web/src/texts/texts.ts': "export const t = 'hi';\n",
    });
    expect(result.code).not.toBe(0);
    expect(result.out).toContain('server-not-web');
    expect(result.out).toContain('not-to-unresolvable');
  });

  it("should pass the repository's own tree (npm run lint:imports, as npm test runs it)", () => {
    const script = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['lint:imports'];
    const [command, ...args] = script.split(' ');
    expect(command).toBe('depcruise');
    const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  });
});
