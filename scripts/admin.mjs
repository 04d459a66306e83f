// `npm run admin -- <command>`: the admin CLI, on the same DATA_DIR / DATABASE_URL as the app.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt('server', 'server/dist/main.js', ['server/src', 'server/build.mjs', 'contract/src']);
const result = spawnSync(process.execPath, [path.join(root, 'server/dist/admin.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
