// Budget: server start to the first 200 on /api/health with PGlite, migrated and seeded, ≤ 5 s.
// "cold" starts on an empty data folder (creates the database, migrates, seeds); "warm" restarts on it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, median, startProcess, stopProcess, waitFor200 } from './lib.ts';

const server = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const cold: number[] = [];
const warm: number[] = [];

for (let run = 0; run < runs; run++) {
  const dataDir = await mkdtemp(join(tmpdir(), 'kollab-bench-'));
  for (const bucket of [cold, warm]) {
    const port = await freePort();
    const started = performance.now();
    const child = startProcess([server], {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    });
    bucket.push(await waitFor200(`http://127.0.0.1:${port}/api/health`, started));
    await stopProcess(child);
  }
  await rm(dataDir, { recursive: true, force: true });
}

const format = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
console.log(`start → first 200 on /api/health, PGlite, ${runs} runs`);
console.log(`  cold (empty data folder: create, migrate, seed): ${format(cold)}`);
console.log(`  warm (existing data folder):                     ${format(warm)}`);
console.log(`  budget 5000 ms: ${Math.max(...cold, ...warm) <= 5000 ? 'met' : 'MISSED'}`);
