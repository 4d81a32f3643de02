import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const API_SERVER = fileURLToPath(new URL('../scripts/start.ts', import.meta.url));

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

/** Starts a Node process; with BENCH_PROFILE=<dir> it writes a CPU profile there on exit. */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  return spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts `scripts/start.ts` (the API, and the sample provider without PROVIDER_API_KEY) on PostgreSQL
 * without demo accounts; `env` adds or overrides settings.
 */
export function startApi(port: number, databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return startProcess([API_SERVER], {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
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
