// `npm start`: installs what is missing, builds what is missing or stale, runs ONE process
// serving the web app and the API on PORT (default 3000), SQLite under DATA_DIR (default ./data).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureAppBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureAppBuilt();

const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
