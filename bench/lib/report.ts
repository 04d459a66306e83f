/**
 * How a benchmark hands its figures to `bench/run-all.ts`: markdown written to the file named by
 * BENCH_REPORT (run-all sets it), and always printed. A benchmark never edits docs itself:
 * run-all is the one writer of docs/PERFORMANCE.md.
 */
import fs from 'node:fs';
import os from 'node:os';

export function report(markdown: string): void {
  console.log(markdown);
  const file = process.env.BENCH_REPORT;
  if (file) fs.appendFileSync(file, `${markdown}\n`);
}

/** The machine's load average, as printed next to every figure. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

/** CPU time (user + system, ms) of another process so far, from /proc; undefined off Linux. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** The process ids of a process and all its descendants (a cluster primary and its workers), from /proc. */
export function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const out = [pid];
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) out.push(...processTree(Number(child)));
    }
  } catch {
    // Not Linux, or the process is gone: what was found so far.
  }
  return out;
}

/** CPU time (ms) of a process and its descendants: with a cluster, the primary and every worker. */
export function treeCpuMsOf(pid: number | undefined): number | undefined {
  const pids = processTree(pid);
  return pids.length === 0 ? undefined : sumCpuMsOf(pids);
}

/** CPU time (ms) of all these processes together; undefined when one of them cannot be read. */
export function sumCpuMsOf(pids: Array<number | undefined>): number | undefined {
  let total = 0;
  for (const p of pids) {
    const ms = cpuMsOf(p);
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
}

/** Resident memory (bytes) of another process, from /proc; undefined off Linux. */
export function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
