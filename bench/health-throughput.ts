// GET /api/health throughput (full middleware chain + a database round trip on PGlite) against a
// bare Hono "hello" app, in the same run on the same machine: the ratio is what to compare.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, percentile, startProcess, stopProcess, waitFor200 } from './lib.ts';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 32);

async function load(url: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(url).catch(() => undefined);
        if (res?.status === 200) await res.arrayBuffer();
        else errors++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
}

const dataDir = await mkdtemp(join(tmpdir(), 'kollab-bench-'));
const kollabPort = await freePort();
const barePort = await freePort();
const kollab = startProcess([fileURLToPath(new URL('../scripts/start.ts', import.meta.url))], {
  PORT: String(kollabPort),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
});
const bare = startProcess([fileURLToPath(new URL('./bare-hono.ts', import.meta.url)), String(barePort)], {});
try {
  await waitFor200(`http://127.0.0.1:${kollabPort}/api/health`, performance.now());
  await waitFor200(`http://127.0.0.1:${barePort}/hello`, performance.now());
  await load(`http://127.0.0.1:${barePort}/hello`); // warm-up
  const baseline = await load(`http://127.0.0.1:${barePort}/hello`);
  await load(`http://127.0.0.1:${kollabPort}/api/health`); // warm-up
  const health = await load(`http://127.0.0.1:${kollabPort}/api/health`);
  const row = (name: string, r: typeof health) =>
    `  ${name.padEnd(22)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`;
  console.log(`${seconds} s per target, ${concurrency} concurrent connections, client on the same 2 cores`);
  console.log(row('bare Hono /hello', baseline));
  console.log(row('Kollab /api/health', health));
  console.log(`  ratio health/bare: ${(health.rps / baseline.rps).toFixed(2)}`);
} finally {
  await stopProcess(kollab);
  await stopProcess(bare);
  await rm(dataDir, { recursive: true, force: true });
}
