// Budget (issue 5): GET /api/campaigns for a creator with 10,000 campaigns on real PostgreSQL,
// p99 ≤ 25 ms at 500 requests/s. Needs PostgreSQL (BENCH_DATABASE_URL, default the local server's
// `postgres` user): it creates and drops its own database.
import { createDb, migrate } from '@kollab/db';
import { campaigns, sessions, users } from '@kollab/db/schema';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { hashToken } from '../api/src/lib/tokens.ts';
import { freePort, startProcess, stopProcess, waitFor200 } from './lib.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rate = Number(process.argv[2] ?? 500);
const seconds = Number(process.argv[3] ?? 10);
const name = `kollab_bench_${Date.now()}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const server = { child: undefined as ReturnType<typeof startProcess> | undefined };
try {
  const handle = await createDb({ url: url.toString() });
  await migrate(handle);
  const [brand] = await handle.db
    .insert(users)
    .values({ email: 'bench-brand@example.se', role: 'brand', fullName: 'Bench Brand', emailVerifiedAt: new Date() })
    .returning();
  const [creator] = await handle.db
    .insert(users)
    .values({
      email: 'bench-creator@example.se',
      role: 'creator',
      fullName: 'Bench Creator',
      emailVerifiedAt: new Date(),
    })
    .returning();
  if (!brand || !creator) throw new Error('seed failed');
  const day = 24 * 60 * 60 * 1000;
  const categories = ['food', 'fashion', 'beauty', 'travel', 'fitness', 'tech'];
  for (let batch = 0; batch < 10; batch++) {
    await handle.db.insert(campaigns).values(
      Array.from({ length: 1000 }, (_, index) => {
        const n = batch * 1000 + index;
        return {
          brandId: brand.id,
          title: `Kampanj ${n}`,
          description: 'Benchmark campaign',
          objectives: ['awareness'],
          categories: [categories[n % categories.length] ?? 'food'],
          platforms: n % 2 ? ['instagram'] : ['tiktok'],
          creatorTiers: ['nano'],
          hashtags: [`tag${n % 50}`],
          budgetOre: 1_000_000,
          payoutOre: 100_000,
          slots: 10,
          startsAt: new Date(Date.now() - (n % 30) * day),
          endsAt: new Date(Date.now() + (30 + (n % 30)) * day),
          status: n % 10 === 0 ? ('draft' as const) : ('published' as const),
        };
      }),
    );
  }
  await handle.db.execute('analyze');
  await handle.db.insert(sessions).values({
    id: 'benchsession000000000000',
    secretHash: hashToken('benchsecret'),
    userId: creator.id,
    expiresAt: new Date(Date.now() + 30 * day),
  });
  await handle.close();

  const port = await freePort();
  server.child = startProcess([new URL('../api/src/server.ts', import.meta.url).pathname], {
    PORT: String(port),
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api/health`, performance.now());
  const cookie = 'kollab_session=benchsession000000000000.benchsecret';
  // Mostly browsing pages, some filtering, a little searching.
  const paths = [
    '/api/campaigns',
    '/api/campaigns?page=2',
    '/api/campaigns?page=3',
    '/api/campaigns?category=food',
    '/api/campaigns?platform=instagram',
    '/api/campaigns',
    '/api/campaigns?page=2',
    '/api/campaigns?q=kampanj%2012',
  ];
  for (let warm = 0; warm < 200; warm++)
    await (await fetch(`${base}${paths[warm % paths.length]}`, { headers: { cookie } })).arrayBuffer();

  // Fixed-rate load with autocannon (latencies corrected for coordinated omission).
  const result = await autocannon({
    url: base,
    connections: 50,
    overallRate: rate,
    duration: seconds,
    headers: { cookie, 'accept-encoding': 'gzip' },
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  const p99 = result.latency.p99;
  console.log(`GET /api/campaigns as a creator, 10,000 campaigns, PostgreSQL, ${seconds} s at ${rate} req/s target`);
  console.log(
    `  achieved ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
  console.log(`  p50 ${result.latency.p50} ms  p99 ${p99} ms  max ${result.latency.max} ms`);
  console.log(`  budget p99 ≤ 25 ms: ${p99 <= 25 ? 'met' : 'MISSED'}`);
} finally {
  if (server.child) await stopProcess(server.child);
  if (process.env.BENCH_KEEP) console.log(`kept ${url}`);
  else await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
