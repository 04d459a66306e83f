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
