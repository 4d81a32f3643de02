// Budget (issue 8, DESIGN §6): a cached provider report is served in ≤ 10 ms p99 and costs 0
// credits. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server's `postgres` user): it
// creates and drops its own database (seed.ts). Usage: node bench/cached-report.ts [rate] [seconds]
import { fixedRateLoad, percentileOfSorted } from './campaigns-load.ts';
import { freePort, startApi, startSampleProvider, stopProcess, waitFor200 } from './lib.ts';
import { createBenchDatabase, readProviderUsage } from './seed.ts';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 10);
const bench = await createBenchDatabase('kollab_bench_report');
const server = {
  child: undefined as ReturnType<typeof startApi> | undefined,
  provider: undefined as ReturnType<typeof startApi> | undefined,
};
try {
  const port = await freePort();
  // The provider in a process of its own, as the real one is (lib.ts, startSampleProvider).
  const provider = await startSampleProvider();
  server.provider = provider.child;
  server.child = startApi(port, bench.url, provider.env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api/health`, performance.now());
  const cookie = bench.brandCookie;
  const path = '/api/discovery/instagram/reports/cleo.creates';
  // Opening it (POST) fetches the report from the (sample) provider and caches it: 1 credit. The
  // GETs measured below only read the cache (ADR 011).
  const first = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const firstBody = (await first.json()) as { meta?: { cached: boolean; credits: number } };
  if (first.status !== 200 || firstBody.meta?.credits !== 1) throw new Error(`first fetch failed: ${first.status}`);
  for (let warm = 0; warm < 200; warm++) await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();

  // Open-loop fixed rate (see campaigns-load.ts: autocannon's overallRate sends bursts).
  const result = await fixedRateLoad({
    base,
    paths: [path],
    headers: { cookie, 'accept-encoding': 'gzip' },
    rate,
    seconds,
    connections: 20,
  });
  const usage = await readProviderUsage(bench.sql);
  const p50 = percentileOfSorted(result.latencies, 50);
  const p99 = percentileOfSorted(result.latencies, 99);
  const max = result.latencies.at(-1) ?? 0;
  const credits = usage.credits;
  console.log(`GET ${path} (cached report), PostgreSQL, ${seconds} s at ${rate} req/s target`);
  console.log(
    `  achieved ${(result.sent / result.elapsed).toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(`  p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${max.toFixed(1)} ms`);
  console.log(`  credits spent in total: ${credits} (the first fetch only); cache hits counted: ${usage.cacheHits}`);
  console.log(`  budget p99 ≤ 10 ms and 0 credits per cached answer: ${p99 <= 10 && credits === 1 ? 'met' : 'MISSED'}`);
} finally {
  if (server.child) await stopProcess(server.child);
  if (server.provider) await stopProcess(server.provider);
  await bench.drop();
}
