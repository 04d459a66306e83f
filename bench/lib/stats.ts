/** Percentiles and formatting for benchmark figures. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

export function summarize(samples: number[]): { n: number; p50: number; p99: number; mean: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
