// Preloaded into the API by `bench:scale --detail` (`node --import`): appends each of the process's
// major collections, and any other collection of 5 ms or more, to the file BENCH_GC_LOG names, one
// line `<start, ms since the epoch> <pause ms> <major|minor|incremental|weak>`, so the report can
// tell a slow request that was out during the API's collection (ADR 036). Nothing else changes.
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.BENCH_GC_LOG;
const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};

if (file) {
  new PerformanceObserver((list) => {
    const lines = list
      .getEntries()
      .map((entry) => ({ entry, kind: KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other' }))
      .filter(({ entry, kind }) => kind === 'major' || entry.duration >= 5)
      .map(
        ({ entry, kind }) =>
          `${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(1)} ${kind}\n`,
      );
    if (lines.length > 0) appendFileSync(file, lines.join(''));
  }).observe({ entryTypes: ['gc'] });
}
