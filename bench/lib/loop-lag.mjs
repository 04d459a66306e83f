// Preloaded into the app process by benchmarks (`node --import <this file>`): measures the event
// loop's delay. On SIGUSR2 it writes the figures since the last signal (ms) to BENCH_LAG_FILE and
// starts over. Not part of the app.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LAG_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const figures = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      mean: ms(histogram.mean),
    };
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
    histogram.reset();
  });
}
