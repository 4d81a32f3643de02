import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kollab-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
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

function startServer(settings: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...inherited, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server start-up', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT: expected a whole number between 1 and 65535'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL: expected a postgres:// or postgresql:// URL'],
  ])('stops with a message naming the bad setting %j', async (settings, message) => {
    const server = startServer(settings);
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain(message);
  });

  it('stops when DATABASE_URL points at a server that does not answer', async () => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`, PORT: String(port) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('could not reach or migrate the database at DATABASE_URL');
  });

  it('serves /api/health on PGlite, then shuts down cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port) });
    let health: Response | undefined;
    // Generous: a loaded CI machine can take many seconds to boot PGlite and migrate.
    const deadline = Date.now() + 60_000;
    while (!health && Date.now() < deadline) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health?.status).toBe(200);
    expect(await health?.json()).toEqual({ status: 'ok', db: 'pglite', version: '0.1.0' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });
});
