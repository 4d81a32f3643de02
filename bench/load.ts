// `npm run bench` (issue 10): the load benchmark. One throwaway PostgreSQL database with 10,000
// campaigns (seed.ts), a bare Hono app as the baseline and two API instances, A and B, in one run:
//
//   bare Hono GET /hello                        500 req/s   the baseline
//   GET /api/campaigns as a creator             500 req/s   budget p99 ≤ 25 ms (DESIGN §6)
//   cached provider report as a brand           200 req/s   budget p99 ≤ 10 ms, 0 credits per cached answer
//   the same report at bare Hono's rate         500 req/s   budget server CPU ≤ bare Hono's / 0.40 (issue 21), over 3 × the seconds
//   sign-in: POST /api/auth/callback/credentials  10 req/s   argon2id verified for real; no budget
//   chat: post to A, event streams on B          50 msg/s   budget p99 ≤ 250 ms from post to delivery
//   campaign results (50 posts × 30 readings)    200 req/s   budget p99 ≤ 25 ms (issue 18)
//
// Two floors (issue 21) answer the same requests with only the work their answers need, so each API
// row is also read against them (×floor): the campaign list's per-request SQL (session row, kept
// page's check) through postgres.js in bare node:http (floor-list.ts), and the cached report's
// bytes from a Map in bare Hono (floor-report.ts).
//
// Sign-in runs at 10 req/s because each attempt costs one argon2id verification (~40 ms of CPU): a
// 2-core machine shared with PostgreSQL, a second instance and the load generator sustains about 30.
// Both instances run with RATE_LIMIT_MULTIPLIER raised, so the bench measures sign-in and chat, not
// the limiter.
//
// Each HTTP scenario is an open-loop fixed-rate run (campaigns-load.ts) after a 1 s warm-up, then a
// closed-loop saturation run (32 connections, 3 s) gives the most each can answer, against bare Hono.
// Everything shares the machine's cores with this load generator and PostgreSQL.
//
//   node bench/load.ts [seconds=5]
//
// BENCH_SIGNIN_RATE (10), BENCH_CHAT_RATE (50), BENCH_CHAT_CONVERSATIONS (20) change those loads;
// BENCH_DATABASE_URL and BENCH_KEEP=1 as in seed.ts. Exits with 1 when a budget is missed.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fixedRateLoad, type LoadOptions, percentileOfSorted, saturate } from './campaigns-load.ts';
import { type Conversation, chatFanOut, seedConversations } from './chat-fanout.ts';
import { cpuSnapshot, cpuSpent } from './cpu.ts';
import { freePort, startApi, startProcess, startSampleProvider, stopProcess, waitFor200 } from './lib.ts';
import { printTable, type Row } from './load-report.ts';
import { seedResults } from './results.ts';
import { CAMPAIGN_LIST_PATHS, createBenchDatabase, listingHeaderSets, readProviderUsage } from './seed.ts';
import { countSignInSessions, seedSignInUsers, signInRequests } from './sign-in.ts';

const seconds = Number(process.argv[2] ?? 5);
/**
 * The CPU rows (bare Hono and the cached report at 500 req/s, and the report's floor) run three
 * times as long: at that rate the API has a mark-compact about every 10 s (70 ms of CPU between its
 * two threads), so a 5 s window held none or one and the same code read 0.14–0.24 ms a request
 * (docs/quality.md, 2026-11-28). Over 15 s the collections count at about their average rate.
 */
const CPU_SECONDS = seconds * 3;
const signInRate = Number(process.env.BENCH_SIGNIN_RATE ?? 10);
const chatRate = Number(process.env.BENCH_CHAT_RATE ?? 50);
const chatConversations = Number(process.env.BENCH_CHAT_CONVERSATIONS ?? 20);
const SATURATION = { connections: 32, seconds: 3 };
const REPORT_PATH = '/api/discovery/instagram/reports/cleo.creates';

const children: ChildProcess[] = [];
let conversations: Conversation[] = [];
let resultsPath = '';
const benchReady = createBenchDatabase('kollab_bench_load', async (db, seeded) => {
  await seedSignInUsers(db);
  conversations = await seedConversations(db, seeded, chatConversations);
  resultsPath = await seedResults(db, seeded);
});

let cleaned: Promise<void> | undefined;
const cleanUp = () => {
  cleaned ??= (async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
    const bench = await benchReady.catch(() => undefined);
    await bench?.drop();
  })();
  return cleaned;
};
process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping the servers and dropping the database');
  void cleanUp().finally(() => process.exit(130));
});

const ms = (value: number) => `${value.toFixed(1)} ms`;
const at = (sorted: number[], p: number) => percentileOfSorted(sorted, p);

/** Runs `work` and prints the CPU the servers `pids`, PostgreSQL and this process spent per request. */
async function withCpu<T>(
  pids: number[],
  count: (result: T) => number,
  work: () => Promise<T>,
): Promise<T & { serverCpu: number }> {
  const { sql } = await benchReady;
  const before = await cpuSnapshot(sql, pids);
  const result = await work();
  const cpu = cpuSpent(before, await cpuSnapshot(sql, pids));
  const per = (total: number) => (total / Math.max(1, count(result))).toFixed(2);
  console.log(
    `  CPU ms per request: server ${per(cpu.servers)}  PostgreSQL ${per(cpu.postgres)}  load generator ${per(cpu.client)}; machine ${(cpu.busy * 100).toFixed(0)}% busy`,
  );
  return { ...result, serverCpu: cpu.servers / Math.max(1, count(result)) };
}

/** A 1 s warm-up, then the measured fixed-rate run against the server `pid`; prints and returns its row. */
async function measure(
  name: string,
  pid: number,
  { seconds: runSeconds = seconds, ...options }: Omit<LoadOptions, 'seconds'> & { seconds?: number },
  afterWarmUp?: () => Promise<void>,
): Promise<Row> {
  await fixedRateLoad({ ...options, seconds: 1 });
  await afterWarmUp?.();
  console.log(`${name}: ${runSeconds} s at ${options.rate} req/s`);
  const result = await withCpu(
    [pid],
    (r) => r.latencies.length,
    () => fixedRateLoad({ ...options, seconds: runSeconds }),
  );
  const achieved = result.latencies.length / result.elapsed;
  console.log(
    `  ${achieved.toFixed(0)} req/s achieved  p50 ${ms(at(result.latencies, 50))}  p99 ${ms(at(result.latencies, 99))}  max ${ms(at(result.latencies, 100))}  non-2xx ${result.non2xx}  errors ${result.errors}`,
  );
  return { name, target: `${options.rate}/s`, achieved, ...result };
}

/** The closed-loop saturation run for a row; prints and stores its throughput. */
async function saturateRow(row: Row, options: Omit<LoadOptions, 'seconds' | 'rate' | 'connections'>, bare?: Row) {
  const result = await saturate({ ...options, ...SATURATION });
  row.saturation = result.throughput;
  const ratio = `${bare?.saturation ? `  ${(result.throughput / bare.saturation).toFixed(3)} × bare Hono` : ''}${
    row.floor?.saturation ? `  ${(result.throughput / row.floor.saturation).toFixed(3)} × floor` : ''
  }`;
  console.log(
    `  ${row.name.padEnd(30)} ${result.throughput.toFixed(0).padStart(6)} req/s  p50 ${ms(at(result.latencies, 50))}  p99 ${ms(at(result.latencies, 99))}  non-2xx ${result.non2xx}  errors ${result.errors}${ratio}`,
  );
}

try {
  const bench = await benchReady;
  const [barePort, portA, portB] = [await freePort(), await freePort(), await freePort()];
  // Every stream of the fan-out comes from 127.0.0.1: lift the per-address stream cap too.
  // The provider runs in a process of its own, as the real one does (lib.ts, startSampleProvider).
  const provider = await startSampleProvider();
  children.push(provider.child);
  const api = { RATE_LIMIT_MULTIPLIER: '1000000', CHAT_STREAMS_PER_IP: '100000', ...provider.env };
  const bareHono = startProcess([fileURLToPath(new URL('./bare-hono.ts', import.meta.url)), String(barePort)], {});
  const [apiA, apiB] = [startApi(portA, bench.url, api), startApi(portB, bench.url, api)];
  children.push(bareHono, apiA, apiB);
  const [barePid, pidA, pidB] = [bareHono, apiA, apiB].map((child) => child.pid ?? 0) as [number, number, number];
  const [bareBase, baseA, baseB] = [barePort, portA, portB].map((port) => `http://127.0.0.1:${port}`) as [
    string,
    string,
    string,
  ];
  await Promise.all([
    waitFor200(`${bareBase}/hello`, performance.now()),
    waitFor200(`${baseA}/api/health`, performance.now()),
    waitFor200(`${baseB}/api/health`, performance.now()),
  ]);
  console.log(
    `10,000 campaigns on PostgreSQL, bare Hono + API instances A and B, ${seconds} s per scenario; load average before start ${loadavg()[0]?.toFixed(2)} on this machine\n`,
  );
  const gzip = { 'accept-encoding': 'gzip' };

  const bareOptions = { base: bareBase, paths: ['/hello'], headers: gzip };
  const bare = await measure('bare Hono GET /hello', barePid, {
    ...bareOptions,
    rate: 500,
    connections: 64,
    seconds: CPU_SECONDS,
  });

  const listOptions = { base: baseA, paths: CAMPAIGN_LIST_PATHS, headers: gzip, headerSets: listingHeaderSets(bench) };
  const list = await measure('GET /api/campaigns (creator)', pidA, { ...listOptions, rate: 500, connections: 64 });
  list.budget = { text: 'p99 ≤ 25 ms', met: at(list.latencies, 99) <= 25 && list.non2xx + list.errors === 0 };

  const reportOptions = { base: baseA, paths: [REPORT_PATH], headers: { ...gzip, cookie: bench.brandCookie } };
  // Opened once (POST, 1 credit); the measured GETs read the cache.
  const first = await fetch(`${baseA}${REPORT_PATH}`, {
    method: 'POST',
    headers: { cookie: bench.brandCookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const firstBody = (await first.json()) as { meta?: { credits: number } };
  if (first.status !== 200 || firstBody.meta?.credits !== 1) throw new Error(`first report fetch: ${first.status}`);
  const report = await measure('cached report (brand)', pidA, { ...reportOptions, rate: 200, connections: 20 });
  // Issue 21's CPU goal is its throughput goal in CPU: ≤ 0.20 ms a request was bare Hono's 0.08 ms
  // (measured at 500 req/s on the issue's machine) over 0.40, so it is read as that ratio to bare
  // Hono's CPU at the same rate in the same run — the issue's goals are "each measured as a ratio in
  // one run", and a machine half as fast doubles both. The milliseconds are printed as measured. At
  // 200 req/s every request wakes an idle process (even the report's floor pays 0.19 ms there), so
  // the goal is read at bare Hono's own rate; the 200/s row above keeps its p99 budget.
  const reportCpu = await measure("cached report at bare's rate", pidA, {
    ...reportOptions,
    rate: 500,
    connections: 64,
    seconds: CPU_SECONDS,
  });
  const cpuLimit = (bare.serverCpu ?? 0) / 0.4;
  reportCpu.budget = {
    text: `server CPU ≤ bare's / 0.40 (${cpuLimit.toFixed(2)} ms)`,
    met: (reportCpu.serverCpu ?? Number.POSITIVE_INFINITY) <= cpuLimit && reportCpu.non2xx + reportCpu.errors === 0,
  };

  const resultsOptions = { base: baseA, paths: [resultsPath], headers: { ...gzip, cookie: bench.brandCookie } };
  const results = await measure('campaign results (brand)', pidA, { ...resultsOptions, rate: 200, connections: 20 });
  results.budget = {
    text: 'p99 ≤ 25 ms',
    met: at(results.latencies, 99) <= 25 && results.non2xx + results.errors === 0,
  };

  // The floors, fed what the API answered: each list path's page (as the creator without claims
  // sees it) and the report, gzipped once.
  const floorDir = await mkdtemp(join(tmpdir(), 'kollab-bench-floor-'));
  const pages: Record<string, { ids: string[]; brandIds: string[]; gzip: string }> = {};
  for (const path of new Set(CAMPAIGN_LIST_PATHS)) {
    const text = await (await fetch(`${baseA}${path}`, { headers: { cookie: bench.creatorCookie } })).text();
    const { data } = JSON.parse(text) as { data: { id: string; brand: { id: string } }[] };
    const ids = data.map((campaign) => campaign.id);
    const brandIds = [...new Set(data.map((campaign) => campaign.brand.id))];
    pages[path] = { ids, brandIds, gzip: gzipSync(text).toString('base64') };
  }
  const reportText = await (await fetch(`${baseA}${REPORT_PATH}`, { headers: { cookie: bench.brandCookie } })).text();
  await writeFile(join(floorDir, 'pages.json'), JSON.stringify(pages));
  await writeFile(
    join(floorDir, 'report.json'),
    JSON.stringify({ [REPORT_PATH]: gzipSync(reportText).toString('base64') }),
  );
  const [listFloorPort, reportFloorPort] = [await freePort(), await freePort()];
  const listFloor = startProcess(
    [
      fileURLToPath(new URL('./floor-list.ts', import.meta.url)),
      String(listFloorPort),
      bench.url,
      join(floorDir, 'pages.json'),
    ],
    {},
  );
  const reportFloor = startProcess(
    [
      fileURLToPath(new URL('./floor-report.ts', import.meta.url)),
      String(reportFloorPort),
      join(floorDir, 'report.json'),
    ],
    {},
  );
  children.push(listFloor, reportFloor);
  const [listFloorBase, reportFloorBase] = [listFloorPort, reportFloorPort].map(
    (port) => `http://127.0.0.1:${port}`,
  ) as [string, string];
  await waitFor200(`${reportFloorBase}${REPORT_PATH}`, performance.now());
  await rm(floorDir, { recursive: true, force: true }).catch(() => {});
  const listFloorOptions = { ...listOptions, base: listFloorBase };
  const listFloorRow = await measure('floor: list SQL, node:http', listFloor.pid ?? 0, {
    ...listFloorOptions,
    rate: 500,
    connections: 64,
  });
  const reportFloorOptions = { ...reportOptions, base: reportFloorBase };
  const reportFloorRow = await measure('floor: report bytes, Hono', reportFloor.pid ?? 0, {
    ...reportFloorOptions,
    rate: 200,
    connections: 20,
  });
  const reportFloorCpu = await measure("floor: report at bare's rate", reportFloor.pid ?? 0, {
    ...reportFloorOptions,
    rate: 500,
    connections: 64,
    seconds: CPU_SECONDS,
  });
  list.floor = listFloorRow;
  report.floor = reportFloorRow;

  const signInOptions = await signInRequests(baseA);
  let sessionsBefore = 0;
  const signIn = await measure(
    'sign-in (argon2id)',
    pidA,
    { ...signInOptions, rate: signInRate, connections: 32 },
    async () => {
      sessionsBefore = await countSignInSessions(bench.sql);
    },
  );
  // Answers that made no session (a refused password is a 200 too) count as errors.
  const signedIn = (await countSignInSessions(bench.sql)) - sessionsBefore;
  console.log(`  sessions created: ${signedIn} for ${signIn.latencies.length} requests`);
  signIn.errors += Math.max(0, signIn.latencies.length - signIn.non2xx - signIn.errors - signedIn);

  console.log(
    `chat fan-out: ${seconds} s at ${chatRate} messages/s posted to A, event streams on B (CPU per message, A + B)`,
  );
  const fanOut = await withCpu(
    [pidA, pidB],
    (result) => result.postedWithWarmUp,
    () =>
      chatFanOut({
        postBase: baseA,
        streamBase: baseB,
        conversations,
        brandCookie: bench.brandCookie,
        rate: chatRate,
        seconds,
      }),
  );
  const lost = fanOut.lost.brand + fanOut.lost.creators;
  console.log(
    `  ${fanOut.streams} streams, ${fanOut.latencies.length} of ${fanOut.expected} deliveries  p50 ${ms(at(fanOut.latencies, 50))}  p99 ${ms(at(fanOut.latencies, 99))}  max ${ms(at(fanOut.latencies, 100))}  posts non-2xx ${fanOut.non2xx}  errors ${fanOut.errors}`,
  );
  if (lost + fanOut.duplicates > 0) {
    console.log(
      `  never delivered: ${fanOut.lost.brand} on the brand's stream, ${fanOut.lost.creators} on the creators'; ${fanOut.duplicates} delivered twice`,
    );
  }
  const chat: Row = {
    name: 'chat post A → stream B',
    target: `${chatRate}/s`,
    achieved: fanOut.postsPerSecond,
    latencies: fanOut.latencies,
    non2xx: fanOut.non2xx,
    errors: fanOut.errors + lost + fanOut.duplicates,
  };
  chat.budget = { text: 'p99 ≤ 250 ms', met: at(chat.latencies, 99) <= 250 && chat.non2xx + chat.errors === 0 };

  console.log(`\nsaturation: closed loop, ${SATURATION.connections} connections, ${SATURATION.seconds} s each`);
  await saturateRow(bare, bareOptions);
  await saturateRow(listFloorRow, listFloorOptions, bare);
  await saturateRow(list, listOptions, bare);
  await saturateRow(reportFloorRow, reportFloorOptions, bare);
  await saturateRow(report, reportOptions, bare);
  await saturateRow(results, resultsOptions, bare);
  await saturateRow(signIn, signInOptions, bare);

  const usage = await readProviderUsage(bench.sql);
  console.log(
    `\nprovider credits spent in total: ${usage.credits} (1 for the first fetch); cache hits ${usage.cacheHits}`,
  );
  report.budget = {
    text: 'p99 ≤ 10 ms, 0 credits',
    met: at(report.latencies, 99) <= 10 && report.non2xx + report.errors === 0 && usage.credits === 1,
  };

  // Issue 21's lean-path goals, as ratios of one run's saturation throughputs.
  const ratio = (row: Row, to: Row | undefined) => (row.saturation ?? 0) / (to?.saturation || Number.POSITIVE_INFINITY);
  list.budget = {
    text: `${list.budget?.text}, ≥ 0.60 × floor, ≥ 0.15 × bare`,
    met: !!list.budget?.met && ratio(list, listFloorRow) >= 0.6 && ratio(list, bare) >= 0.15,
  };
  report.budget = {
    text: `${report.budget.text}, ≥ 0.40 × bare`,
    met: report.budget.met && ratio(report, bare) >= 0.4,
  };

  const rows = [bare, listFloorRow, list, reportFloorRow, report, reportFloorCpu, reportCpu, results, signIn, chat];
  printTable(rows, bare);
  if (rows.some((row) => row.budget && !row.budget.met)) process.exitCode = 1;
} finally {
  await cleanUp();
}
