// Budget (issue 8): the built-in sample provider answers POST /{platform}/search over its 21,000
// synthetic profiles with p99 ≤ 50 ms. Starts the standalone sample provider on a free port, sends a
// fixed-rate mix of realistic search bodies for all three platforms (open loop) and prints the
// latencies next to a bare Hono baseline under the same load (the machine is shared); also times
// generating the dataset and the search itself in this process (targets < 300 ms and ~1 ms).
// Usage: node bench/provider-search.ts [rate=200] [seconds=10]
import { loadavg } from 'node:os';
import { generateDataset } from '@kollab/stand-ins/provider/dataset';
import { parseSearchBody, runSearch } from '@kollab/stand-ins/provider/search';
import { fixedRateLoad, percentileOfSorted } from './campaigns-load.ts';
import { freePort, median, percentile, startProcess, stopProcess, waitFor200 } from './lib.ts';

const rate = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 10);
const key = 'bench-key';

const searches: [string, unknown][] = [
  ['instagram', { filter: { influencer: { location: [1001], followers: { min: 5000, max: 50000 } } } }],
  [
    'instagram',
    {
      sort: { field: 'engagementRate', direction: 'desc' },
      filter: { influencer: { interests: [4, 15], engagementRate: 0.03, gender: 'KNOWN' } },
    },
  ],
  [
    'instagram',
    {
      page: 2,
      sort: { field: 'audienceGeo', value: 1001 },
      filter: { audience: { location: [{ id: 1001, weight: 0.3 }], age: [{ id: '25-34' }], gender: { id: 'FEMALE' } } },
    },
  ],
  [
    'instagram',
    {
      filter: {
        influencer: {
          bio: 'fika',
          hasContactDetails: [{ contactType: 'email', filterAction: 'must' }],
          accountTypes: [2, 3],
          lastposted: 30,
        },
        audience: { credibility: 0.75 },
      },
    },
  ],
  ['instagram', { sort: { field: 'relevance' }, filter: { influencer: { relevance: ['#fika', '@cleo.creates'] } } }],
  [
    'tiktok',
    {
      sort: { field: 'views' },
      filter: { influencer: { location: [1001, 1002], views: { min: 5000 }, language: 'sv' } },
    },
  ],
  [
    'tiktok',
    {
      sort: { field: 'likesGrowth' },
      filter: {
        influencer: { likesGrowthRate: { interval: 'i3months', value: 0.02, operator: 'gte' }, keywords: 'recept' },
        audience: { ageRange: { min: '18', max: '34', weight: 0.5 } },
      },
    },
  ],
  [
    'youtube',
    {
      filter: {
        influencer: {
          followers: { min: 10000 },
          gender: 'FEMALE',
          language: 'en',
          filterOperations: [
            { operator: 'or', filter: 'gender' },
            { operator: 'or', filter: 'language' },
          ],
        },
      },
    },
  ],
  ['youtube', { page: 5, sort: { field: 'engagements', direction: 'asc' }, filter: {} }],
];

/**
 * Dataset generation and the search itself, in this process without HTTP. Run after the load test
 * so the load generator's heap stays small while it measures.
 */
function measureInProcess() {
  const generation: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    generateDataset();
    generation.push(performance.now() - started);
  }
  const dataset = generateDataset();
  const searchTimes: number[] = [];
  for (let run = 0; run < 60; run++)
    for (const [platform, body] of searches) {
      const started = performance.now();
      runSearch(dataset, platform as 'instagram', parseSearchBody(platform as 'instagram', body));
      // The first runs build lookup columns and warm the JIT.
      if (run >= 10) searchTimes.push(performance.now() - started);
    }
  return { generation: median(generation), search: searchTimes };
}

const port = await freePort();
const started = performance.now();
const server = startProcess([new URL('../stand-ins/provider/server.ts', import.meta.url).pathname], {
  PORT: String(port),
});
try {
  const base = `http://127.0.0.1:${port}`;
  const ready = await waitFor200(`${base}/user/info?access_token=${key}`, started);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const requests = searches.map(([platform, body]) => ({
    method: 'POST' as const,
    path: `/${platform}/search`,
    body: JSON.stringify(body),
  }));
  for (let warm = 0; warm < 500; warm++) {
    const request = requests[warm % requests.length];
    const res = await fetch(`${base}${request?.path}`, { method: 'POST', headers, body: request?.body ?? '{}' });
    if (res.status !== 200) throw new Error(`${request?.path} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
  // Open-loop fixed rate (campaigns-load.ts; autocannon's overallRate sends a burst every second).
  const load = (base: string, paths: string[], bodies?: string[], duration = seconds) =>
    fixedRateLoad({ base, paths, ...(bodies ? { bodies } : {}), headers, rate, seconds: duration, connections: 20 });
  const result = await load(
    base,
    requests.map((request) => request.path),
    requests.map((request) => request.body),
  );
  // The same load on a bare Hono "hello" app shows what this machine adds by itself.
  const barePort = await freePort();
  const bare = startProcess([new URL('./bare-hono.ts', import.meta.url).pathname, String(barePort)], {});
  const baseline = await (async () => {
    try {
      await waitFor200(`http://127.0.0.1:${barePort}/hello`, performance.now());
      return await load(`http://127.0.0.1:${barePort}`, ['/hello'], undefined, Math.min(seconds, 5));
    } finally {
      await stopProcess(bare);
    }
  })();
  const p99 = percentileOfSorted(result.latencies, 99);
  const inProcess = measureInProcess();
  console.log(
    `Sample provider search mix (${searches.length} bodies, 3 platforms), ${seconds} s at ${rate} req/s target`,
  );
  console.log(`  dataset generation (21,000 profiles): median ${inProcess.generation.toFixed(0)} ms of 5 runs`);
  console.log(`  process start to first answer: ${ready.toFixed(0)} ms`);
  console.log(
    `  in-process search (validation + filter + sort + page): p50 ${percentile(inProcess.search, 50).toFixed(2)} ms  p99 ${percentile(inProcess.search, 99).toFixed(2)} ms`,
  );
  console.log(
    `  load average during the run: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} (2 cores)`,
  );
  console.log(
    `  achieved ${(result.sent / result.elapsed).toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(
    `  p50 ${percentileOfSorted(result.latencies, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${(result.latencies.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `  baseline, bare Hono "hello" at the same rate: p50 ${percentileOfSorted(baseline.latencies, 50).toFixed(1)} ms  p99 ${percentileOfSorted(baseline.latencies, 99).toFixed(1)} ms`,
  );
  console.log(`  budget p99 ≤ 50 ms: ${p99 <= 50 ? 'met' : 'MISSED'}`);
} finally {
  await stopProcess(server);
}
