// `npm run bench:scale` (issue 21, item 3): the API's reads with the data of a marketplace a few
// years on. For each size, 10k (1/100) and then 1M campaigns, it creates a throwaway PostgreSQL
// database, migrates it, seeds it server-side (scale-seed.ts: 1,000,000 campaigns, 100,000 creators,
// 20,000 brands, 2,000,000 claims, 5,000,000 ledger entries, 2,000,000 messages at 1M), starts the
// API on it (as load.ts does) and measures each read open loop at 200 req/s for 10 s (2,000
// requests, so a p99 is the 20th slowest) after a 1 s warm-up. Over 3 s (600 requests) one major
// collection of the API's heap (a 30–50 ms stall every 3–10 s at this rate, ADR 036) decided the p99
// by whether it fell in the window; over 10 s the p99 is the tail a user meets (docs/quality.md):
//
//   the creator's campaign list at page 1, its deepest numbered pages and deep pages by
//   cursor, search in Swedish and English                                                 p99 ≤ 25 ms
//   each admin table (sorted and filtered) at page 1, its deepest page by number (the one
//   after it checked refused) and page 1,000 by cursor                                    p99 ≤ 50 ms
//   a conversation's history, a creator's earnings                                         p99 ≤ 25 ms
//   matching for one new campaign over every creator (publishing a draft, rolled back)     ≤ 300 ms
//
// Then one more API instance on a connection with auto_explain (log_analyze, log_buffers) answers
// each scenario's first path once, and the plans of its statements are read back from the server's
// log (BENCH_PG_LOG, default Debian's /var/log/postgresql/postgresql-15-main.log) into
// BENCH_EXPLAIN_OUT (default <tmpdir>/kollab-scale-explain-<size>.txt).
//
//   node bench/scale.ts [seconds=10] [--only=10k|1m] [--seed-only] [--scenarios=admin,search] [--detail]
//
// --scenarios: only the scenarios whose name contains one of the words (matching is a scenario too).
//
// --detail prints each scenario's slowest requests (when in the run, which path, and what was under
// way: a collection of the load generator's or the API's, or the API's event loop busy; the API then
// runs with gc-observer.ts preloaded) and its worst latency per 100 ms, to tell a cold start from a
// steady cost.
// BENCH_DATABASE_URL (the server's postgres:// URL) and BENCH_KEEP=1 as in seed.ts. Prints the seed's
// times and one table of both sizes side by side, exits 1 when a budget is missed at either size, and
// always stops the API and drops the database (also on Ctrl-C).
import type { ChildProcess } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, migrate } from '@kollab/db';
import { users } from '@kollab/db/schema';
import postgres from 'postgres';
import { publishInTransaction } from '../api/src/modules/campaigns/publishing.service.ts';
import { fixedRateLoad, percentileOfSorted } from './campaigns-load.ts';
import { freePort, startApi, startSampleProvider, stopProcess, waitFor200 } from './lib.ts';
import { type Measured, printTable, printTail, type Results, readApiStalls } from './scale-report.ts';
import { cursorPages, md5id, type Scenario, scenarios } from './scale-scenarios.ts';
import { seedScale } from './scale-seed.ts';
import { type ScaleSizes, sizesFor } from './scale-seed-sql.ts';
import { addSession } from './seed.ts';

const args = process.argv.slice(2);
const seconds = Number(args.find((arg) => !arg.startsWith('--')) ?? 10);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
/** Seeds, prints the database's URL and the sessions' cookies, and keeps it (to look at plans by hand). */
const seedOnly = args.includes('--seed-only');
const chosen = args
  .find((arg) => arg.startsWith('--scenarios='))
  ?.slice('--scenarios='.length)
  .split(',')
  .filter(Boolean);
const isChosen = (name: string) => !chosen || chosen.some((word) => name.includes(word));
/** `--detail`: where each scenario's tail came from (its slowest requests, by position in the run and path). */
const detail = args.includes('--detail');
const RATE = 200;
const SIZES = [
  { label: '10k', scale: 0.01 },
  { label: '1M', scale: 1 },
].filter((size) => !only || size.label.toLowerCase() === only.toLowerCase());
const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const GC_OBSERVER = fileURLToPath(new URL('./gc-observer.ts', import.meta.url));

let active: { drop: () => Promise<void>; api?: ChildProcess; provider?: ChildProcess } | undefined;
process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping the API and dropping the database');
  void (async () => {
    if (active?.api) await stopProcess(active.api);
    if (active?.provider) await stopProcess(active.provider);
    await active?.drop();
  })().finally(() => process.exit(130));
});

async function createDatabase(label: string, reuse?: string) {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = reuse ?? `kollab_bench_scale_${label.toLowerCase()}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (!reuse) await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Index builds (the seed's last step) sort in memory rather than on disk.
  const sql = postgres(url.toString(), {
    max: 2,
    onnotice: () => {},
    connection: { maintenance_work_mem: '512MB' },
  });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await sql.end();
    if (process.env.BENCH_KEEP || reuse) console.log(`kept ${url}`);
    else await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { name, url: url.toString(), sql, drop, admin };
}

/** Matching: publishes draft campaign 0 (ranking every creator, inviting the best) and rolls it back. */
async function measureMatching(url: string, draftId: string, runs: number): Promise<number[]> {
  const handle = await createDb({ url });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await handle.db
        .transaction(async (tx) => {
          const invited = await publishInTransaction(tx, draftId);
          if (invited.length === 0) throw new Error('matching invited nobody');
          times.push(performance.now() - started);
          tx.rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error) || error.constructor.name !== 'TransactionRollbackError') throw error;
        });
    }
  } finally {
    await handle.close();
  }
  return times;
}

/** The statements' plans (auto_explain output) logged for database `name` since byte `from`. */
async function plansSince(name: string, from: number): Promise<string> {
  const text = (await readFile(PG_LOG)).subarray(from).toString('utf8');
  const out: string[] = [];
  let keep = false;
  for (const line of text.split('\n')) {
    const start = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(line);
    if (start) keep = line.includes(`@${name} `) && line.includes('duration:');
    if (keep) out.push(start ? line.replace(/^.*?LOG:\s+/, '') : line);
  }
  return out.join('\n');
}

async function explainEach(
  db: Awaited<ReturnType<typeof createDatabase>>,
  list: Scenario[],
  cookies: Record<string, string>,
  label: string,
  apiEnv: Record<string, string>,
) {
  const settings = {
    session_preload_libraries: 'auto_explain',
    'auto_explain.log_min_duration': '0',
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
    'auto_explain.log_timing': 'on',
  };
  for (const [key, value] of Object.entries(settings)) {
    await db.admin.unsafe(`alter database ${db.name} set ${key} = '${value}'`);
  }
  const port = await freePort();
  const api = startApi(port, db.url, apiEnv);
  const base = `http://127.0.0.1:${port}`;
  const sections: string[] = [];
  try {
    await waitFor200(`${base}/api/health`, performance.now());
    for (const scenario of list) {
      const headers = { cookie: cookies[scenario.cookie] ?? '' };
      // The first path once to prepare the statements and fill the API's caches as in the measured
      // run, then the next path (a page not answered yet, where the scenario has one) logged.
      await (await fetch(`${base}${scenario.paths[0] ?? '/'}`, { headers })).arrayBuffer();
      const path = scenario.paths[1] ?? scenario.paths[0] ?? '/';
      await new Promise((resolve) => setTimeout(resolve, 200));
      const from = (await stat(PG_LOG)).size;
      await (await fetch(`${base}${path}`, { headers })).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 500));
      sections.push(`=== ${scenario.name}: GET ${path}\n${await plansSince(db.name, from)}`);
    }
  } finally {
    await stopProcess(api);
    await db.admin.unsafe(`alter database ${db.name} reset all`);
  }
  const file = process.env.BENCH_EXPLAIN_OUT ?? join(tmpdir(), `kollab-scale-explain-${label.toLowerCase()}.txt`);
  await writeFile(file, `${sections.join('\n\n')}\n`);
  console.log(`  EXPLAIN (ANALYZE, BUFFERS) of each scenario's statements: ${file}`);
}

/** Migrates and seeds the new database and signs a creator (creator 0) and an admin in. */
async function prepare(db: Awaited<ReturnType<typeof createDatabase>>, label: string, sizes: ScaleSizes) {
  const migrateStarted = performance.now();
  const handle = await createDb({ url: db.url });
  try {
    await migrate(handle);
    const migrated = (performance.now() - migrateStarted) / 1000;
    const seedStarted = performance.now();
    const times = await seedScale(db.sql, sizes);
    const seeded = (performance.now() - seedStarted) / 1000;
    console.log(
      `${label}: migrated in ${migrated.toFixed(1)} s, seeded in ${seeded.toFixed(1)} s (${Object.entries(times)
        .map(([step, s]) => `${step} ${s.toFixed(1)}`)
        .join(', ')})`,
    );
    const [admin] = await handle.db
      .insert(users)
      .values({
        email: 'scale-admin@bench.example.se',
        role: 'admin',
        fullName: 'Scale Admin',
        emailVerifiedAt: new Date(),
        // Admins act only with two-factor sign-in on (ADR 024).
        twoFactorEnabledAt: new Date(),
      })
      .returning();
    if (!admin) throw new Error('no admin');
    await addSession(handle.db, await md5id(db.sql, 'creator', 0), CREATOR_SESSION);
    await addSession(handle.db, admin.id, ADMIN_SESSION);
    return seeded;
  } finally {
    await handle.close();
  }
}

const CREATOR_SESSION = 'scalecreatorsession00000';
const ADMIN_SESSION = 'scaleadminsession0000000';

async function runSize(label: string, sizes: ScaleSizes, results: Results): Promise<void> {
  // BENCH_SCALE_REUSE=<database name>: measure a database kept by an earlier --seed-only run.
  const reuse = process.env.BENCH_SCALE_REUSE;
  const db = await createDatabase(label, reuse);
  active = { drop: db.drop };
  try {
    if (!reuse) await prepare(db, label, sizes);
    const claimId = await md5id(db.sql, 'claim', 0);
    const cookies = {
      creator: `kollab_session=${CREATOR_SESSION}.benchsecret`,
      admin: `kollab_session=${ADMIN_SESSION}.benchsecret`,
    };
    // The same depth in the list at either size: pages 1,000 and 9,000 of 1M are pages 10 and 90 of 10k.
    const ratio = Math.min(1, sizes.campaigns / 1_000_000);
    const pagesAt = (from: number) =>
      cursorPages(db.sql, Math.max(1, Math.round(from * ratio)), Math.max(2, Math.round(1000 * ratio)));
    const all = scenarios(
      claimId,
      { deep: await pagesAt(1000), deeper: await pagesAt(9000) },
      Math.max(2, Math.round(1000 * ratio)),
    );
    const list = all.filter((scenario) => isChosen(scenario.name));
    if (seedOnly) {
      console.log(`  kept ${db.url}\n  creator: ${cookies.creator}\n  admin: ${cookies.admin}\n  claim 0: ${claimId}`);
      process.env.BENCH_KEEP = '1';
      return;
    }

    // The provider in a process of its own, as the real one is (lib.ts, startSampleProvider): embedded,
    // its generated profiles would sit in the API's heap and lengthen every major collection.
    const provider = await startSampleProvider();
    active.provider = provider.child;
    const apiEnv = { RATE_LIMIT_MULTIPLIER: '1000000', ...provider.env };
    const port = await freePort();
    // --detail: the API logs its major collections and busy event loop (gc-observer.ts) to tell its stalls apart.
    const gcLog = join(tmpdir(), `kollab-scale-gc-${label.toLowerCase()}-${process.pid}.log`);
    const api = detail
      ? startApi(port, db.url, { ...apiEnv, BENCH_GC_LOG: gcLog }, [`--import=${GC_OBSERVER}`])
      : startApi(port, db.url, apiEnv);
    active.api = api;
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/health`, performance.now());
    const byName = new Map<string, Measured>();
    results.set(label, byName);
    const refusals = new Map<string, boolean>();
    for (const scenario of list) {
      if (!scenario.refused) continue;
      // Past the numbered pages the API must refuse before any SQL, naming `page` (ADR 036).
      const res = await fetch(`${base}${scenario.refused}`, { headers: { cookie: cookies.admin } });
      const body = (await res.json()) as { error?: { fields?: Record<string, unknown> } };
      const refused = res.status === 422 && Object.keys(body.error?.fields ?? {}).join() === 'page';
      refusals.set(scenario.name, refused);
      console.log(
        `  ${scenario.name}: the next page by number ${refused ? 'refused (422, page)' : `NOT refused (${res.status})`}`,
      );
    }
    for (const scenario of list) {
      if (!scenario.cursorAfter) continue;
      const { path, page, from } = scenario.cursorAfter;
      // Pages past the numbered ones are served only after the previous page's cursor: walk there.
      let nextCursor: string | null | undefined;
      for (let at = from; at <= page && (at === from || nextCursor); at += 1) {
        const cursor = at === from ? '' : `&cursor=${nextCursor}`;
        const res = await fetch(`${base}${path}&page=${at}${cursor}`, { headers: { cookie: cookies.admin } });
        ({ nextCursor } = (await res.json()) as { nextCursor?: string | null });
      }
      if (nextCursor) scenario.paths = [`${path}&page=${page + 1}&cursor=${nextCursor}`];
      else console.log(`  ${scenario.name}: page ${page} has no next page, not measured`);
    }
    for (const scenario of list) {
      if (scenario.paths.length === 0) continue;
      const options = {
        base,
        paths: scenario.paths,
        headers: { cookie: cookies[scenario.cookie], 'accept-encoding': 'gzip' },
        rate: RATE,
        connections: 32,
      };
      const warm = await fixedRateLoad({ ...options, paths: scenario.warmUp ?? scenario.paths, seconds: 1 });
      // A scenario far over budget would queue minutes of requests at this rate: its warm-up is its figure.
      const run = percentileOfSorted(warm.latencies, 50) > 1000 ? warm : await fixedRateLoad({ ...options, seconds });
      const measured = {
        p50: percentileOfSorted(run.latencies, 50),
        p99: percentileOfSorted(run.latencies, 99),
        max: percentileOfSorted(run.latencies, 100),
        achieved: run.latencies.length / run.elapsed,
        // A deepest numbered page whose next page was not refused counts as a failure.
        failed: run.non2xx + run.errors + (refusals.get(scenario.name) === false ? 1 : 0),
        budget: scenario.budget,
      };
      byName.set(scenario.name, measured);
      console.log(
        `  ${scenario.name.padEnd(32)} p50 ${measured.p50.toFixed(1).padStart(6)}  p99 ${measured.p99.toFixed(1).padStart(6)}  max ${measured.max.toFixed(1).padStart(6)} ms  ${measured.achieved.toFixed(0)} req/s  failed ${measured.failed}${run.non2xx ? ` (${run.non2xx} not 2xx)` : ''}${run.errors ? ` (${run.errors} connection errors: ${[...run.errorCodes].map(([code, n]) => `${n} ${code}`).join(', ')})` : ''}`,
      );
      if (detail) printTail(run, scenario.paths, RATE, await readApiStalls(gcLog));
    }
    await stopProcess(api);
    active.api = undefined;
    await rm(gcLog, { force: true });

    const measuredList = list.filter((scenario) => scenario.paths.length > 0);
    if (isChosen('matching')) {
      const matching = await measureMatching(db.url, await md5id(db.sql, 'campaign', 0), 5);
      const sorted = [...matching].sort((a, b) => a - b);
      byName.set('matching (publish, 5 runs)', {
        p50: percentileOfSorted(sorted, 50),
        p99: percentileOfSorted(sorted, 100),
        max: percentileOfSorted(sorted, 100),
        achieved: 0,
        failed: 0,
        budget: 300,
      });
      console.log(`  matching over ${sizes.creators} creators: ${matching.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    }
    await explainEach(db, measuredList, cookies, label, apiEnv);
  } finally {
    if (active?.provider) await stopProcess(active.provider);
    await db.drop();
    active = undefined;
  }
}

const results: Results = new Map();
for (const size of SIZES) await runSize(size.label, sizesFor(size.scale), results);
if (!seedOnly && !printTable(results)) process.exitCode = 1;
