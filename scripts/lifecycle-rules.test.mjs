// Modules with a lifecycle, background work as jobs (docs/ARCHITECTURE.md "Lifecycle" and "Jobs"):
// 1. In server/src a repeating timer (`setInterval`) lives only in the job registry (jobs/) or in
//    the few files named below with their reason; periodic work is a job (`every`), started and
//    stopped by the queue, not a loop of its own.
// 2. The composition (app.ts, modules.ts) starts and stops nothing by hand: each start/stop/close/
//    shutdown call sits in a lifecycle part (`start:` / `stop:`), whose order lib/lifecycle.ts
//    derives; only the lifecycle itself is started and stopped.
// Each case runs the same scan; planted violations show that it fails.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plantedTrees } from './lib/planted-tree.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Files of server/src that may hold a repeating timer, and why. */
const TIMERS_ALLOWED = {
  'replies/reply.ts': "a live reply's progress saves, bound to the reply and cleared when it ends",
  'takeout/service.ts': "a running archive build's heartbeat, bound to the build and cleared when it ends",
  'db/checkpointer.ts': "the checkpoint worker thread's own loop, on its own connection, every 100 ms",
};
const COMPOSITION = ['app.ts', 'modules.ts'];
const HAND_CALL = /\.(start|stop|close|shutdown|startSweeper|stopSweeper)\s*\(/g;
const IN_PART = /\b(start|stop)\s*:/;
const LIFECYCLE_CALL = /\blifecycle\.(start|stop)\s*\(/;

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(file);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield file;
  }
}

/** Every rule broken under `base` (a tree with server/src), as `file:line what`. */
function violations(base) {
  const src = path.join(base, 'server/src');
  const found = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/\bsetInterval\s*\(/.test(line) && !rel.startsWith('jobs/') && !(rel in TIMERS_ALLOWED))
        found.push(`server/src/${rel}:${i + 1} setInterval`);
      if (!COMPOSITION.includes(rel) || IN_PART.test(line) || LIFECYCLE_CALL.test(line)) return;
      for (const m of line.matchAll(HAND_CALL)) found.push(`server/src/${rel}:${i + 1} ${m[0].replace(/\s*\($/, '')}`);
    });
  }
  return found.sort();
}

const tree = plantedTrees('lifecycle-rules', 'server/src');

describe('lifecycle and jobs rules', () => {
  it('should pass timers in the job registry and starts and stops inside lifecycle parts', () => {
    const dir = tree({
      'jobs/queue.ts': 'const t = setInterval(() => undefined, 1000);\n',
      'app.ts':
        "const parts = [{ name: 'http', start: () => app.ready(), stop: () => app.close() }];\n" +
        'await lifecycle.start();\nawait lifecycle.stop();\n',
    });
    expect(violations(dir)).toEqual([]);
  });

  it('should fail a background loop of its own outside jobs/ (a planted violation)', () => {
    const dir = tree({ 'files/sweeper.ts': 'export const start = () => setInterval(sweep, 60_000);\n' });
    expect(violations(dir)).toEqual(['server/src/files/sweeper.ts:1 setInterval']);
  });

  it('should fail a start or stop written by hand in the composition (a planted violation)', () => {
    const dir = tree({
      'app.ts': 'modules.conversation.startSweeper();\nawait modules.archives.stop();\n',
      'modules.ts': 'dashboardDays.start();\n',
    });
    expect(violations(dir)).toEqual([
      'server/src/app.ts:1 .startSweeper',
      'server/src/app.ts:2 .stop',
      'server/src/modules.ts:1 .start',
    ]);
  });

  it('should name only allowed files that exist, each with its reason', () => {
    for (const [entry, reason] of Object.entries(TIMERS_ALLOWED)) {
      expect(fs.existsSync(path.join(root, 'server/src', entry)), entry).toBe(true);
      expect(reason.length, entry).toBeGreaterThan(20);
    }
  });

  it("should pass the repository's own server/src", () => {
    expect(violations(root)).toEqual([]);
  });
});
