// A/B of the cached report's server CPU (issue 21, ADR 035 "One response step"): the same GET as
// `npm run bench`'s "cached report at bare's rate", at a fixed rate, against several API trees (a
// checkout of another commit, say) and Node flags, one after the other in rounds against one
// database, so that the machine's drift falls on every variant alike. Needs PostgreSQL as load.ts.
//
//   node bench/report-ab.ts <rate> <seconds> <rounds> <variant>...
// A variant is a tree with `scripts/start.ts` (e.g. `.` or `/tmp/base`), optionally followed by `|`
// and Node flags (`.|--single-threaded-gc`). BENCH_TRACE='<command> -p' runs a tracer on the API
// process during each measured run ({tag} in it becomes round-variant), e.g.
// BENCH_NODE_FLAGS=--perf-basic-prof BENCH_TRACE='exec perf record -g -o /tmp/ab-{tag}.data'.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fixedRateLoad } from './campaigns-load.ts';
import { processCpuMs } from './cpu.ts';
import { freePort, median, startProcess, startSampleProvider, stopProcess, waitFor200 } from './lib.ts';
import { createBenchDatabase } from './seed.ts';

const [rateArg = '500', secondsArg = '8', roundsArg = '3', ...variants] = process.argv.slice(2);
const [rate, seconds, rounds] = [Number(rateArg), Number(secondsArg), Number(roundsArg)];
if (variants.length === 0)
  throw new Error('usage: node bench/report-ab.ts <rate> <seconds> <rounds> <tree[|flags]>...');
const path = '/api/discovery/instagram/reports/cleo.creates';
const bench = await createBenchDatabase('kollab_bench_report_ab');
const provider = await startSampleProvider();
const measured = new Map<string, number[]>(variants.map((variant) => [variant, []]));

/** Starts the API of `variant`, opens the report (1 credit) and warms it up at the rate for 5 s. */
async function startVariant(variant: string) {
  const [tree = '.', flags = ''] = variant.split('|');
  const port = await freePort();
  const child = startProcess([...flags.split(' ').filter(Boolean), resolve(tree, 'scripts/start.ts')], {
    PORT: String(port),
    DATABASE_URL: bench.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...provider.env,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api/health`, performance.now(), 60_000);
  const cookie = bench.brandCookie;
  const opened = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  await opened.arrayBuffer();
  if (opened.status !== 200) throw new Error(`${variant}: opening the report answered ${opened.status}`);
  const load = { base, paths: [path], headers: { cookie, 'accept-encoding': 'gzip' }, connections: 64, rate };
  await fixedRateLoad({ ...load, seconds: 5 });
  return { child, load };
}

try {
  for (let round = 0; round < rounds; round++) {
    for (const [index, variant] of variants.entries()) {
      const { child, load } = await startVariant(variant);
      try {
        const trace = process.env.BENCH_TRACE?.replaceAll('{tag}', `${round}-${index}`);
        const tracer = trace ? spawn('sh', ['-c', `${trace} -p ${child.pid}`], { stdio: 'inherit' }) : undefined;
        if (tracer) await new Promise((done) => setTimeout(done, 500));
        const before = processCpuMs(child.pid ?? 0);
        const result = await fixedRateLoad({ ...load, seconds });
        const cpu = processCpuMs(child.pid ?? 0) - before;
        if (tracer) {
          tracer.kill('SIGINT');
          await new Promise((done) => tracer.once('exit', done));
        }
        measured.get(variant)?.push(cpu / result.sent);
        console.log(
          `round ${round + 1} ${variant}: ${(cpu / result.sent).toFixed(3)} ms CPU per request (non-2xx ${result.non2xx}, errors ${result.errors})`,
        );
      } finally {
        await stopProcess(child);
      }
    }
  }
  console.log(`\nserver CPU ms per request at ${rate} req/s, ${seconds} s a run:`);
  for (const [variant, values] of measured) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`  ${variant}: median ${median(values).toFixed(3)}  (${sorted.map((v) => v.toFixed(3)).join(' ')})`);
  }
} finally {
  await stopProcess(provider.child);
  await bench.drop();
}
