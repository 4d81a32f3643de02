// Preloaded into the API by `bench:scale --detail` (`node --import`): appends to the file BENCH_GC_LOG
// names one line per stall of the API's own, so the report can tell a slow request that was out
// during one (ADR 036):
//   `<start, ms since the epoch> <pause ms>`       a major collection (mark-compact);
//   `<start, ms since the epoch> <late ms> lag`    the event loop was busy that long (a timer due
//                                                  every 10 ms ran more than 30 ms late): JavaScript
//                                                  that ran long, or the process not scheduled.
// Nothing else changes.
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { watchEventLoop } from './loop-watch.ts';

const file = process.env.BENCH_GC_LOG;

if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .filter((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      .map((entry) => `${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(1)}\n`);
    if (lines.length > 0) appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });

  watchEventLoop((due, late) =>
    appendFileSync(file, `${(performance.timeOrigin + due).toFixed(1)} ${late.toFixed(1)} lag\n`),
  );
}
