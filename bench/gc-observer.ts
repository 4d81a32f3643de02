// Preloaded into the API by `bench:scale --detail` (`node --import`): appends each of the process's
// major collections to the file BENCH_GC_LOG names, one line `<start, ms since the epoch> <pause ms>`,
// so the report can tell a slow request that was out during the API's mark-compact (ADR 036).
// Nothing else changes.
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_GC_LOG;

if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .filter((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      .map((entry) => `${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(1)}\n`);
    if (lines.length > 0) appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });
}
