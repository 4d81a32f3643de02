import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, serverEnv } from './server-env.ts';

const serverPath = new URL('../../scripts/start.ts', import.meta.url).pathname;

/** An API server a spec started itself, with everything it printed. */
export interface ApiProcess {
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** True until the process exits. */
  isRunning: () => boolean;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with the exit code (null when killed). */
  stop: (graceMs?: number) => Promise<number | null>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API server exited (${child.exitCode ?? child.signalCode}) before answering`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

/**
 * Starts `node scripts/start.ts` (the API and the sample provider, as `npm start` does) on a free port
 * with the browser suite's settings (support/server-env.ts)
 * on `dataDir`, embedded PGlite and the built site and portal, plus `env`; resolves once /api/health
 * answers. Its stdout and stderr are kept for the spec to read.
 */
export async function startApiProcess(
  dataDir: string,
  env: Record<string, string> = {},
  /** Another composition root to run instead of scripts/start.ts (e.g. scripts/time-travel.ts). */
  entry = serverPath,
): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      ...serverEnv(url, dataDir),
      PORT: String(port),
      DATABASE_URL: '',
      PROVIDER_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const stop = async (graceMs = 15_000): Promise<number | null> => {
    if (!isRunning()) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  try {
    await waitForHealth(url, child, 60_000);
  } catch (error) {
    await stop(1_000);
    throw new Error(`${(error as Error).message}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`);
  }
  return { url, stdout: () => stdout, stderr: () => stderr, isRunning, stop };
}
