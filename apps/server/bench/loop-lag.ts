import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// Loaded into the chat and export benches' server processes (`--import`): the event loop's delay since the last
// reading. On SIGUSR2 the process writes { p50, p95, p99, max } in ms to BENCH_LOOP_FILE and starts over
// (each figure includes the 10 ms the timer waits by design: 10 ms is no delay).

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  const file = process.env.BENCH_LOOP_FILE;
  if (file) fs.writeFileSync(file, JSON.stringify({ p50: ms(histogram.percentile(50)), p95: ms(histogram.percentile(95)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) }));
  histogram.reset();
});
