// Reads an app CPU profile taken by `RELAY_PROFILE=<dir> node --import tsx relay.ts` over one
// level's clock window (relay.ts prints it: "level ran on the clock from A to B ms"; V8's sample
// times are the same CLOCK_MONOTONIC, in µs, on Linux) and prints the time by kind of work, the
// top functions (self and inclusive), the longest stretches without an idle sample and the loop's
// busy share per 50 ms. Usage: node bench/lib/profile-window.mjs <file.cpuprofile> <A> <B>
import fs from 'node:fs';

const [file, fromMs, toMs] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime;
const from = Number(fromMs) * 1000,
  to = Number(toMs) * 1000;
console.log('profile', p.startTime, p.endTime, 'window', from, to);
const name = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
const self = new Map(),
  incl = new Map(),
  cat = new Map();
const samples = [];
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  if (t < from || t > to) continue;
  const id = p.samples[i];
  const n = nodes.get(id);
  samples.push({ t, id });
  const nm = name(n);
  self.set(nm, (self.get(nm) ?? 0) + 1);
  const seen = new Set();
  let c = id;
  const stack = [];
  while (c !== undefined) {
    const nn = nodes.get(c);
    const k = name(nn);
    stack.push(nn);
    if (!seen.has(k)) {
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + 1);
    }
    c = parent.get(c);
  }
  const urls = stack.map((s) => `${s.callFrame.url} ${s.callFrame.functionName}`).join('|');
  const fn = n.callFrame.functionName;
  const k =
    fn === '(idle)'
      ? 'idle'
      : fn === '(garbage collector)'
        ? 'gc'
        : fn === '(program)'
          ? 'program'
          : /better-sqlite3|kysely|Statement|\.run|\.all/.test(urls) && /sqlite|kysely/i.test(urls)
            ? 'db (kysely+sqlite)'
            : /engine\.io|socket\.io|ws\/|websocket/i.test(urls)
              ? 'socket.io/ws'
              : /undici|http|sse|fetch/i.test(urls)
                ? 'http/undici (model)'
                : 'other js';
  cat.set(k, (cat.get(k) ?? 0) + 1);
}
const total = samples.length;
console.log('samples in window', total);
console.log(
  'categories:',
  [...cat]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${((100 * v) / total).toFixed(1)}%`)
    .join(', '),
);
console.log('\nself top 25');
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((100 * v) / total).toFixed(1)}%  ${k}`);
console.log('\ninclusive top 40');
for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((100 * v) / total).toFixed(1)}%  ${k}`);
// busy runs: contiguous non-idle samples
const runs = [];
let start = null,
  last = null,
  ids = [];
for (const s of samples) {
  const idle = nodes.get(s.id).callFrame.functionName === '(idle)';
  if (!idle) {
    if (start === null) {
      start = s.t;
      ids = [];
    }
    ids.push(s.id);
    last = s.t;
  } else if (start !== null) {
    runs.push({ start, end: last, ids });
    start = null;
  }
}
if (start !== null) runs.push({ start, end: last, ids });
runs.sort((a, b) => b.end - b.start - (a.end - a.start));
console.log('\nbusy stretches (no idle sample) count', runs.length, 'longest:');
for (const r of runs.slice(0, 8)) {
  const c = new Map();
  for (const id of r.ids) {
    let x = id;
    const seen = new Set();
    while (x !== undefined) {
      const k = name(nodes.get(x));
      if (!seen.has(k)) {
        seen.add(k);
        c.set(k, (c.get(k) ?? 0) + 1);
      }
      x = parent.get(x);
    }
  }
  const top = [...c]
    .filter(([k]) => !/^\(root\)|^\(anon\) :-1/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
  console.log(
    `${((r.end - r.start) / 1000).toFixed(1)} ms at +${((r.start - from) / 1000).toFixed(0)} ms (${r.ids.length} samples): ${top}`,
  );
}
// busy per 50ms bucket
const buckets = [];
for (const s of samples) {
  const b = Math.floor((s.t - from) / 50000);
  buckets[b] ??= [0, 0];
  buckets[b][1]++;
  if (nodes.get(s.id).callFrame.functionName !== '(idle)') buckets[b][0]++;
}
console.log('\nbusy % per 50 ms:', buckets.map((b) => (b ? Math.round((100 * b[0]) / b[1]) : '-')).join(' '));
