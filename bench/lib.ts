import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_SERVER = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));

/**
 * The Node options `npm run serve` starts the API with (package.json's serve script, e.g.
 * `--v8-pool-size=1`, ADR 036), so a bench measures the API as production runs it; the env file is
 * the bench's own business.
 */
export const SERVE_NODE_OPTIONS: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const words: string[] = scripts.serve.split(/\s+/);
  const script = words.indexOf('scripts/start.ts');
  if (script < 0) throw new Error(`package.json's serve script does not start scripts/start.ts: ${scripts.serve}`);
  return words.slice(1, script).filter((word) => !word.startsWith('--env-file'));
})();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a Node process; with BENCH_PROFILE=<dir> it writes a CPU profile there on exit, and
 * BENCH_NODE_FLAGS (space-separated, e.g. `--perf-basic-prof` for `perf record`) are passed to Node:
 * V8's flags are refused in NODE_OPTIONS.
 */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  return spawn(process.execPath, [...flags, ...profile, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', process.env.BENCH_CHILD_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
}

/**
 * Starts `scripts/start.ts` (the API, and the sample provider without PROVIDER_API_KEY) with the
 * serve script's Node options on PostgreSQL without demo accounts; `env` adds or overrides settings,
 * `nodeOptions` are Node options besides the serve script's (a bench's preload, say).
 */
export function startApi(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): ChildProcess {
  return startProcess([...SERVE_NODE_OPTIONS, ...nodeOptions, API_SERVER], {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
}

const SAMPLE_PROVIDER = fileURLToPath(new URL('../stand-ins/provider/server.ts', import.meta.url));

/**
 * The sample provider in a process of its own, for a bench that measures the API's CPU: embedded
 * (as `npm start` runs it), its 21,000 generated profiles (~115 MB) would live in the API's heap, and
 * the API's major collections would mark them on every cycle — CPU that production, talking to the
 * real provider, never spends. Returns the process and the settings that point an API at it.
 */
export async function startSampleProvider(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const port = await freePort();
  const apiKey = `bench-${process.pid}`;
  const child = startProcess([SAMPLE_PROVIDER], { PORT: String(port), SAMPLE_PROVIDER_KEYS: apiKey });
  const url = `http://127.0.0.1:${port}`;
  const since = performance.now();
  // Any answer means it listens (it generates its dataset first); without a key it answers 401.
  while (!(await fetch(`${url}/user/info`).catch(() => undefined))) {
    if (performance.now() - since > 60_000) throw new Error('the sample provider did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, env: { PROVIDER_API_KEY: apiKey, PROVIDER_BASE_URL: url } };
}

/** Polls until the URL answers 200; returns the milliseconds since `since`. */
export async function waitFor200(url: string, since: number, timeoutMs = 30_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === 200) {
      await res.arrayBuffer();
      return performance.now() - since;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  // A child ended by a signal (Ctrl-C reaches the whole process group) has no exit code, only a signal code.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
