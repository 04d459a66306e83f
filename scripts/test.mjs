// `npm test`: installs what is missing, then lint, import rules, dead code, type check, build, unit + integration (vitest),
// and e2e (Playwright + Debian's Chromium). Ends with one "N passed, N failed" line.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, must, mustAll, npm, root, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // The lighter headless shell runs most e2e specs (e2e/support/browser.ts); without it they use the full browser.
  if (isRoot && !process.env.CHROMIUM_PATH && !fs.existsSync('/usr/bin/chromium-headless-shell')) {
    console.log('› Installing Debian’s chromium-headless-shell (lighter e2e runs)…');
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell']);
  }
  if (fs.existsSync(CHROMIUM)) return;
  if (isRoot) {
    console.log('› Chromium is missing: installing Debian’s chromium…');
    run('apt-get', ['update', '-qq']);
    if (run('apt-get', ['install', '-y', '-qq', 'chromium']) === 0 && fs.existsSync(CHROMIUM)) return;
  }
  console.error(
    `✖ The e2e tests need Chromium at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

/** Debian packages of the offline speech engines the tests drive (flite, pocketsphinx + its English model). */
function ensureSpeechEngines() {
  const wanted = [
    ['flite', '/usr/bin/flite'],
    ['pocketsphinx', '/usr/bin/pocketsphinx_continuous'],
    ['pocketsphinx-en-us', '/usr/share/pocketsphinx/model/en-us'],
    ['espeak-ng', '/usr/bin/espeak-ng'],
  ];
  const missing = wanted.filter(([, file]) => !fs.existsSync(file)).map(([pkg]) => pkg);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log(`› Speech engines are missing: installing ${missing.join(', ')} (Debian)…`);
    run('apt-get', ['update', '-qq']);
    if (run('apt-get', ['install', '-y', '-qq', ...missing]) === 0) return;
  }
  console.error(`✖ The speech tests need Debian's ${missing.join(', ')}: apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}

if (process.env.REQUIRE_SERVICES === '1') {
  for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL']) {
    if (!process.env[name]) {
      console.error(`✖ REQUIRE_SERVICES=1 but ${name} is not set.`);
      process.exit(1);
    }
  }
}

ensureInstalled();
// Checks and the build at once, two at a time on a 2-core machine (each step's output printed as it ends).
console.log('› Lint, import rules, dead code, type check and build, at once');
await mustAll(
  [
    { title: 'Type check (TypeScript 7, npm run typecheck)', cmd: npm, args: ['run', 'typecheck', '--silent'] },
    {
      title: 'Build (web and server, when older than their sources)',
      cmd: process.execPath,
      args: ['--input-type=module', '-e', "(await import('./scripts/lib.mjs')).ensureAppBuilt()"],
    },
    { title: 'Dead code (knip, knip.json)', cmd: npm, args: ['run', 'lint:dead-code', '--silent'] },
    {
      title: 'Import rules (dependency-cruiser, .dependency-cruiser.cjs)',
      cmd: npm,
      args: ['run', 'lint:imports', '--silent'],
    },
    { title: 'Lint and format (biome)', cmd: npm, args: ['run', 'lint', '--silent'] },
  ],
  Math.max(2, os.availableParallelism()),
);
console.log('› Bundle budget (first-route JS of web/dist/index.html, gzip)');
must(process.execPath, [path.join(root, 'scripts/bundle-budget.mjs')]);
console.log('› Native shell (cap sync offline on the built web app; assets, config, settings)');
must(process.execPath, [path.join(root, 'scripts/check-native.mjs')]);
ensureChromium();
ensureSpeechEngines();

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-test-report-'));
const vitestJson = path.join(reports, 'vitest.json');
const e2eJson = path.join(reports, 'e2e.json');

console.log('› Unit and integration tests (vitest)');
const vitestCode = run(process.execPath, [
  path.join(root, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

console.log('› End-to-end tests (Playwright, Chromium)');
const e2eCode = run(npm, ['test', '-w', 'e2e', '--silent', '--', '--reporter=list,json'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson },
});

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1;
}
try {
  const e = JSON.parse(fs.readFileSync(e2eJson, 'utf8'));
  passed += e.stats.expected;
  // A test that passed only on a retry is a failure: nothing flaky is let through.
  failed += e.stats.unexpected + e.stats.flaky;
  skipped += e.stats.skipped;
} catch {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(vitestCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0);
