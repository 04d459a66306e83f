// Bundles the server (and the admin CLI) into dist/ with the contract inlined; npm packages stay
// external, except INLINED below.
// `node build.mjs --test-run <name>`: dist/<name>.js and dist/<name>-admin.js (the integration tests'
// bundles of a run, test-kit/src/server/bundle-setup.ts), next to main.js so they find what it finds.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Inlined too: pure ES-module packages of many small files, which Node loads file by file (kysely:
// ~300 modules, ~0.2 s of every process's start on a 2.1 GHz core; ~25 ms as part of the bundle).
// Not CommonJS packages, nor those other packages import as well (two copies would not share state).
const INLINED = new Set(['kysely']);
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@neura/') && !INLINED.has(name));
const testRun = process.argv[process.argv.indexOf('--test-run') + 1];
const entryPoints = process.argv.includes('--test-run')
  ? { [testRun]: 'src/main.ts', [`${testRun}-admin`]: 'src/admin/main.ts' }
  : { main: 'src/main.ts', admin: 'src/admin/main.ts' };

await build({
  entryPoints,
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log(
  `server built: ${Object.keys(entryPoints)
    .map((name) => `dist/${name}.js`)
    .join(', ')}`,
);
