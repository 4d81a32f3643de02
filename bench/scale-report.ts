// What `npm run bench:scale` prints (scale.ts): each scenario's slowest requests with `--detail`,
// and the table of both sizes side by side with each budget's verdict.
import { readFile } from 'node:fs/promises';
import type { LoadResult } from './campaigns-load.ts';
import { LATE_MS } from './loop-watch.ts';

export interface Measured {
  p50: number;
  p99: number;
  max: number;
  achieved: number;
  failed: number;
  budget: number;
}

export type Results = Map<string, Map<string, Measured>>;

/**
 * One of the API's own stalls as gc-observer.ts logs it: its start (ms since the epoch), how long it
 * took, and whether it was a major collection or the event loop busy (`lag`).
 */
export interface ApiStall {
  at: number;
  duration: number;
  kind: 'mark-compact' | 'lag';
}

/** The API's stalls logged so far in `file` (none when it does not exist yet). */
export async function readApiStalls(file: string): Promise<ApiStall[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [at = '0', duration = '0', kind] = line.split(' ');
      return { at: Number(at), duration: Number(duration), kind: kind === 'lag' ? 'lag' : 'mark-compact' };
    });
}

/**
 * A slow request is put down to the API's major collection when its pause began while the request
 * was out or up to this long after it ended: the concurrent marking before the pause (40–66 ms at
 * 200 req/s) already slows the requests (ADR 036).
 */
const MARKING_MS = 100;

/** The milliseconds `collections` paused the process for, in all. */
function pausedMs(collections: LoadResult['ownCollections']): number {
  return collections.reduce((sum, gc) => sum + gc.duration, 0);
}

/** The run's slowest requests: when they were due (ms into the run), their path and latency, and the latency per 100 ms. */
export function printTail(run: LoadResult, paths: string[], rate: number, api: ApiStall[] = []): void {
  const epoch = (at: number) => performance.timeOrigin + at;
  const inRun = api.filter(
    (stall) => stall.at >= epoch(run.started) && stall.at <= epoch(run.started) + run.elapsed * 1000,
  );
  const majors = inRun.filter((stall) => stall.kind === 'mark-compact');
  const lags = inRun.filter((stall) => stall.kind === 'lag');
  const slowest = run.inOrder
    .map((latency, index) => ({ latency, index }))
    .sort((a, b) => b.latency - a.latency)
    .slice(0, Math.max(5, Math.ceil(run.inOrder.length / 100)));
  for (const { latency, index } of slowest) {
    const path = paths[index % paths.length] ?? '';
    const dueAt = run.started + (index * 1000) / rate;
    // The wall-clock time it was due, to match a stall with the server's log and the API's jobs.
    const due = new Date(epoch(dueAt)).toISOString().slice(11, 23);
    // The load generator's own collections while the request was out: they delay its timing too.
    const overlaps = (stall: { start: number; duration: number }) =>
      stall.start < dueAt + latency && stall.start + stall.duration > dueAt;
    const own = pausedMs(run.ownCollections.filter(overlaps));
    // The load generator's event loop busy while it was out: it was sent, or its answer read, late.
    const ownLag = run.ownLags.find(overlaps);
    // The API's major collection while it was out (or its marking, up to MARKING_MS before the pause).
    const major = majors.find((gc) => gc.at >= epoch(dueAt) && gc.at <= epoch(dueAt) + latency + MARKING_MS);
    // The API's event loop busy while it was out.
    const lag = lags.find((stall) => stall.at < epoch(dueAt) + latency && stall.at + stall.duration > epoch(dueAt));
    const marks = [
      own >= 1 ? `load generator's GC ${own.toFixed(0)} ms` : '',
      ownLag
        ? `load generator's event loop busy from +${(ownLag.start - dueAt).toFixed(0)} ms, ${ownLag.duration.toFixed(0)} ms`
        : '',
      major ? `API's mark-compact at +${(major.at - epoch(dueAt)).toFixed(0)} ms, ${major.duration.toFixed(0)} ms` : '',
      lag ? `API's event loop busy from +${(lag.at - epoch(dueAt)).toFixed(0)} ms, ${lag.duration.toFixed(0)} ms` : '',
    ].filter(Boolean);
    console.log(
      `    #${index} at ${(dueAt - run.started).toFixed(0)} ms (${due}): ${latency.toFixed(1)} ms  ${path.slice(0, 90)}${marks.map((mark) => `  [${mark}]`).join('')}`,
    );
  }
  const own = run.ownCollections;
  console.log(
    `    load generator's own GC: ${own.length} collections, ${pausedMs(own).toFixed(0)} ms, longest ${Math.max(0, ...own.map((gc) => gc.duration)).toFixed(1)} ms; its event loop busy over ${LATE_MS} ms: ${run.ownLags.map((stall) => stall.duration.toFixed(0)).join(', ') || 'never'}`,
  );
  if (api.length > 0) {
    console.log(
      `    the API's mark-compacts: ${majors.length}, paused ${majors.map((gc) => gc.duration.toFixed(0)).join(', ') || '-'} ms; its event loop busy over ${LATE_MS} ms: ${lags.map((stall) => stall.duration.toFixed(0)).join(', ') || 'never'}`,
    );
  }
  const per100ms: string[] = [];
  for (let from = 0; from < run.inOrder.length; from += rate / 10) {
    per100ms.push(Math.max(...run.inOrder.slice(from, from + rate / 10)).toFixed(0));
  }
  console.log(`    max per 100 ms: ${per100ms.join(' ')}`);
}

/** The table of every size's p50 / p99 by scenario and each budget's verdict; false when one is missed. */
export function printTable(results: Results): boolean {
  const labels = [...results.keys()];
  const names = [...new Set(labels.flatMap((label) => [...(results.get(label)?.keys() ?? [])]))];
  let missed = false;
  const head = ['scenario'.padEnd(32), ...labels.map((l) => `${l} p50 / p99`.padStart(18)), '  budget'];
  console.log(`\n${head.join(' ')}`);
  for (const name of names) {
    const cells = labels.map((label) => {
      const m = results.get(label)?.get(name);
      return m ? `${m.p50.toFixed(1)} / ${m.p99.toFixed(1)}`.padStart(18) : '-'.padStart(18);
    });
    const all = labels.map((label) => results.get(label)?.get(name)).filter((m): m is Measured => !!m);
    const budget = all[0]?.budget ?? 0;
    const met = all.every((m) => m.p99 <= m.budget && m.failed === 0);
    if (!met) missed = true;
    console.log(`${name.padEnd(32)} ${cells.join(' ')}   p99 ≤ ${budget} ms: ${met ? 'met' : 'MISSED'}`);
  }
  console.log('(latencies in ms; the matching row gives median / max of its runs)');
  return !missed;
}
