/**
 * `npm run bench`: runs every benchmark listed in bench/benches.ts, each in its own process (the
 * app under test runs in yet another process for those that start it), and writes their figures
 * into docs/PERFORMANCE.md between `<!-- bench:results:start -->` and `<!-- bench:results:end -->`,
 * with the machine's load average before and after each one. This is the only writer of that file's
 * results. `npm run bench -- relay rest` runs a subset (ids from benches.ts); `--no-write` prints only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benches } from './benches.js';
import { loadAverage } from './lib/report.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const doc = path.join(root, 'docs/PERFORMANCE.md');
const args = process.argv.slice(2);
const write = !args.includes('--no-write');
const wanted = args.filter((a) => !a.startsWith('--'));
const selected = wanted.length ? benches.filter((b) => wanted.includes(b.id)) : benches;
if (selected.length === 0) {
  console.error(`no benchmark named ${wanted.join(', ')}; known: ${benches.map((b) => b.id).join(', ')}`);
  process.exit(2);
}

if (selected.some((b) => b.needsBuild)) {
  console.log('building the app (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}

const sections: string[] = [];
let failed = 0;
for (const bench of selected) {
  console.log(`\n=== ${bench.id} (${bench.file})`);
  const reportFile = path.join(os.tmpdir(), `neura-bench-${process.pid}-${bench.id}.md`);
  fs.rmSync(reportFile, { force: true });
  const loadBefore = loadAverage();
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, bench.file)], {
    cwd: here,
    // stdout is kept: a benchmark that hands no markdown to report() is quoted as it printed.
    stdio: ['inherit', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...bench.env, BENCH_REPORT: reportFile },
  });
  const printed = result.stdout?.toString() ?? '';
  process.stdout.write(printed);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const reported = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8').trim() : '';
  const body = reported || (printed.trim() ? `\`\`\`\n${printed.trim()}\n\`\`\`` : '');
  fs.rmSync(reportFile, { force: true });
  const ok = result.status === 0;
  if (!ok) failed++;
  sections.push(
    [
      `### ${bench.title} (\`bench/${bench.file}\`)`,
      '',
      `Load average (1 / 5 / 15 min) before ${loadBefore}, after ${loadAverage()}; ${seconds} s.` +
        (ok ? '' : ` **The run failed (exit ${result.status ?? result.signal}).**`),
      '',
      body || '_(no figures reported)_',
    ].join('\n'),
  );
}

if (write) {
  const cpu = os.cpus();
  const header = `Latest \`npm run bench\`: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}${wanted.length ? ` (only: ${selected.map((b) => b.id).join(', ')})` : ''}.`;
  const block = ['<!-- bench:results:start -->', header, '', sections.join('\n\n'), '<!-- bench:results:end -->'].join(
    '\n',
  );
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, 'utf8') : '# Performance\n';
  const next = current.includes('<!-- bench:results:start -->')
    ? current.replace(/<!-- bench:results:start -->[\s\S]*<!-- bench:results:end -->/, () => block)
    : `${current.trimEnd()}\n\n## Latest run of every benchmark\n\n${block}\n`;
  fs.writeFileSync(doc, next);
  console.log(`\nfigures written to ${path.relative(root, doc)}`);
}
process.exit(failed === 0 ? 0 : 1);
