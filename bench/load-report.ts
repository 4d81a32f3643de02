// What `npm run bench` prints (load.ts): one row per scenario, read against bare Hono and its floor.
import { percentileOfSorted } from './campaigns-load.ts';

export interface Row {
  name: string;
  target: string;
  achieved: number;
  latencies: number[];
  non2xx: number;
  errors: number;
  saturation?: number;
  /** The server's CPU milliseconds per request in the fixed-rate run. */
  serverCpu?: number;
  /** The floor this row is read against (its saturation as the denominator of ×floor). */
  floor?: Row;
  budget?: { text: string; met: boolean };
}

const at = (sorted: number[], p: number) => percentileOfSorted(sorted, p);

/** The table of every row: latencies, CPU, closed-loop throughput, its ratios and each budget's verdict. */
export function printTable(rows: Row[], bare: Row): void {
  const cells = (values: string[]) =>
    values.map((value, i) => (i === 0 ? value.padEnd(30) : value.padStart(i === values.length - 1 ? 0 : 9))).join(' ');
  console.log(
    `\n${cells(['scenario', 'target', 'achieved', 'p50', 'p99', 'max', 'non-2xx', 'errors', 'max/s', '×bare', '×floor', ' budget'])}`,
  );
  for (const row of rows) {
    const saturation = row.saturation === undefined ? '-' : row.saturation.toFixed(0);
    const ratio =
      row.saturation === undefined || !bare.saturation ? '-' : (row.saturation / bare.saturation).toFixed(3);
    const budget = row.budget ? ` ${row.budget.text}: ${row.budget.met ? 'met' : 'MISSED'}` : ' -';
    const floorRatio =
      row.saturation === undefined || !row.floor?.saturation ? '-' : (row.saturation / row.floor.saturation).toFixed(3);
    console.log(
      cells([
        row.name,
        row.target,
        `${row.achieved.toFixed(0)}/s`,
        at(row.latencies, 50).toFixed(1),
        at(row.latencies, 99).toFixed(1),
        at(row.latencies, 100).toFixed(1),
        String(row.non2xx),
        String(row.errors),
        row.serverCpu === undefined ? '-' : row.serverCpu.toFixed(2),
        saturation,
        ratio,
        floorRatio,
        budget,
      ]),
    );
  }
  console.log('(latencies in ms; CPU ms: the server process, per request, in the fixed-rate run)');
}
