// Budget (issue 5): GET /api/campaigns for a creator with 10,000 campaigns on real PostgreSQL,
// p99 ≤ 25 ms at 500 requests/s. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server's
// `postgres` user): it creates and drops its own database (seed.ts).
//
//   node bench/campaign-list.ts [rates=500] [seconds=10]     e.g. `node bench/campaign-list.ts 300,400,500,600`
//
// BENCH_PATHS=1 adds percentiles per request path, BENCH_LOG_LEVEL=info runs the server with request
// logging on (default silent), BENCH_CONNECTIONS sets the client's keep-alive sockets (64),
// BENCH_KEEP=1 keeps the database, BENCH_PROFILE=<dir> writes a CPU profile of the server.
//
// Each rate is an open-loop fixed-rate run (campaigns-load.ts). Besides latency it prints the CPU each side spent per
// request (API server, this database's PostgreSQL backends, the load generator itself), because the
// three share the same cores and the budget is only meaningful with that accounting in view.
import { fixedRateLoad, percentileOfSorted } from './campaigns-load.ts';
import { cpuSnapshot, cpuSpent } from './cpu.ts';
import { freePort, percentile, startApi, stopProcess, waitFor200 } from './lib.ts';
import { CAMPAIGN_LIST_PATHS, createBenchDatabase, listingHeaderSets } from './seed.ts';

const rates = (process.argv[2] ?? '500').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const bench = await createBenchDatabase('kollab_bench');
const server = { child: undefined as ReturnType<typeof startApi> | undefined };

try {
  const port = await freePort();
  server.child = startApi(port, bench.url, { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' });
  const serverPid = server.child.pid ?? 0;
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api/health`, performance.now());
  const paths = CAMPAIGN_LIST_PATHS;
  const headers = { cookie: bench.creatorCookie, 'accept-encoding': 'gzip' };
  const headerSets = listingHeaderSets(bench);
  const timed = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  for (let warm = 0; warm < 400; warm++) await timed(paths[warm % paths.length] ?? '/api/campaigns');

  // One request at a time: what a single user waits, without any queueing.
  const single = async (path: (n: number) => string) => {
    const times: number[] = [];
    for (let n = 0; n < 400; n++) times.push(await timed(path(n)));
    return `p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`;
  };
  console.log('one request at a time, 400 requests');
  console.log(`  GET /api/auth/session  ${await single(() => '/api/auth/session')}`);
  console.log(`  GET /api/campaigns mix ${await single((n) => paths[n % paths.length] ?? '/api/campaigns')}`);

  const load = (rate: number, duration: number) =>
    fixedRateLoad({
      base,
      paths,
      headers: { 'accept-encoding': 'gzip' },
      headerSets,
      rate,
      seconds: duration,
      connections,
    });
  // Opens the server's whole database pool so the measured runs see no connection set-up.
  await load(200, 2);

  let allMet = true;
  for (const rate of rates) {
    const before = await cpuSnapshot(bench.sql, [serverPid]);
    const result = await load(rate, seconds);
    const cpu = cpuSpent(before, await cpuSnapshot(bench.sql, [serverPid]));
    const done = result.latencies.length;
    const perRequest = (ms: number) => (done ? (ms / done).toFixed(2) : '-');
    const at = (p: number) => percentileOfSorted(result.latencies, p).toFixed(1);
    const p99 = percentileOfSorted(result.latencies, 99);
    const met = p99 <= 25 && result.non2xx === 0 && result.errors === 0;
    allMet &&= met;
    console.log(`GET /api/campaigns as a creator, 10,000 campaigns, PostgreSQL, ${seconds} s at ${rate} req/s`);
    console.log(
      `  ${done} requests in ${result.elapsed.toFixed(1)} s (${(done / result.elapsed).toFixed(0)} req/s), non-2xx ${result.non2xx}, errors ${result.errors}, ≤ ${connections} connections`,
    );
    console.log(`  p50 ${at(50)} ms  p90 ${at(90)} ms  p99 ${at(99)} ms  max ${at(100)} ms`);
    if (process.env.BENCH_PATHS) {
      for (const [path, values] of result.byPath) {
        const ofPath = (p: number) => percentileOfSorted(values, p).toFixed(1);
        console.log(`    ${path.padEnd(36)} p50 ${ofPath(50)} ms  p99 ${ofPath(99)} ms`);
      }
    }
    console.log(
      `  CPU ms per request: API ${perRequest(cpu.servers)}  PostgreSQL ${perRequest(cpu.postgres)}  load generator ${perRequest(cpu.client)}; machine ${(cpu.busy * 100).toFixed(0)}% busy`,
    );
    console.log(`  budget p99 ≤ 25 ms: ${met ? 'met' : 'MISSED'}`);
  }
  if (!allMet) process.exitCode = 1;
} finally {
  if (server.child) await stopProcess(server.child);
  await bench.drop();
}
