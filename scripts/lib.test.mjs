import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `mustAll` (scripts/lib.mjs), as scripts/test.mjs runs its checks and the build: at most N steps
 * at once, each step's output printed whole under its title, and the run stopped with the first
 * failure's code. Each case runs in a node process of its own (mustAll exits it on a failure).
 */
const lib = new URL('./lib.mjs', import.meta.url).href;
const temps = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A step that prints `start n` and `end n`, and appends `+n` / `-n` to a shared journal. With
 * `partner`, it ends only once that step has started too (exit 9 when it never does): "these two ran
 * at once" does not hang on process start-up times of a loaded machine.
 */
const step = (journal, n, ms, code = 0, partner = undefined) => ({
  title: `step ${n}`,
  cmd: process.execPath,
  args: [
    '-e',
    `const fs = require('node:fs'); const journal = ${JSON.stringify(journal)};
     fs.appendFileSync(journal, '+${n} ');
     console.log('start ${n}');
     const end = () => setTimeout(() => { fs.appendFileSync(journal, '-${n} '); console.log('end ${n}'); process.exit(${code}); }, ${ms});
     const partner = ${JSON.stringify(partner ?? null)};
     if (partner === null) end();
     else {
       const began = Date.now();
       const check = () => fs.readFileSync(journal, 'utf8').includes('+' + partner + ' ') ? end()
         : Date.now() - began > 30000 ? process.exit(9) : setTimeout(check, 20);
       check();
     }`,
  ],
});

function runSteps(makeSteps, concurrency) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neura-mustall-'));
  temps.push(dir);
  const journal = path.join(dir, 'journal');
  fs.writeFileSync(journal, '');
  const script = `const { mustAll } = await import(${JSON.stringify(lib)});
    await mustAll(${JSON.stringify(makeSteps(journal))}, ${concurrency});
    console.log('all done');`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { ...result, journal: fs.readFileSync(journal, 'utf8').trim().split(' ') };
}

/** The most steps running at once, from the journal's starts and ends. */
const mostAtOnce = (journal) => {
  let running = 0;
  let most = 0;
  for (const event of journal) {
    running += event.startsWith('+') ? 1 : -1;
    most = Math.max(most, running);
  }
  return most;
};

describe('mustAll', () => {
  it('should run two steps at once, never three, and print each one whole under its title', () => {
    const result = runSteps((j) => [step(j, 1, 50, 0, 2), step(j, 2, 50, 0, 1), step(j, 3, 50), step(j, 4, 50)], 2);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('all done');
    for (const n of [1, 2, 3, 4])
      expect(result.stdout).toMatch(new RegExp(`› step ${n} \\(\\d+ s\\)\\nstart ${n}\\nend ${n}\\n`));
    expect(mostAtOnce(result.journal)).toBe(2);
    // Steps 1 and 2 started together; 3 only once one of them had ended.
    expect(result.journal.slice(0, 2).sort()).toEqual(['+1', '+2']);
    expect(result.journal.indexOf('+3')).toBeGreaterThan(
      Math.min(result.journal.indexOf('-1'), result.journal.indexOf('-2')),
    );
  }, 60_000);

  it("should exit with the first failure's code, start nothing after it, and name the failed step", () => {
    const result = runSteps((j) => [step(j, 1, 50, 3), step(j, 2, 50), step(j, 3, 50)], 1);
    expect(result.status).toBe(3);
    expect(result.journal).toEqual(['+1', '-1']);
    expect(result.stdout).toContain('end 1');
    expect(result.stdout).not.toContain('all done');
    expect(result.stderr).toContain('✖ step 1');
  }, 60_000);
});
