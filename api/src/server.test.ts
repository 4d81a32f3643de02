import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
/** What `npm start` runs: the sample provider when PROVIDER_API_KEY is not set, then this API. */
const compositionRoot = fileURLToPath(new URL('../../scripts/start.ts', import.meta.url));
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

function startServer(settings: Record<string, string>, entry = compositionRoot) {
  const { DATABASE_URL: _ignored, PROVIDER_API_KEY: _key, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
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
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET: required in production, given from outside the data folder'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://kollab.se' }, 'PUBLIC_URL: must be an https URL in production'],
  ])('stops with a message naming the bad setting %j', async (settings, message) => {
    const server = startServer(settings);
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain(message);
  });

  it('stops without PROVIDER_API_KEY when the API runs on its own (only the composition root starts stand-ins)', async () => {
    const server = startServer({ PORT: String(await freePort()) }, serverEntry);
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('PROVIDER_API_KEY: required when the API runs on its own');
  });

  it('stops with a message naming a bad SAMPLE_PROVIDER_FAULTS (the stand-in checks its own settings)', async () => {
    const server = startServer({ SAMPLE_PROVIDER_FAULTS: 'explode' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('SAMPLE_PROVIDER_FAULTS: Unknown fault "explode".');
  });

  it('stops when DATABASE_URL points at a server that does not answer', async () => {
    const port = await freePort();
    const server = startServer({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`, PORT: String(port) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('could not reach or migrate the database at DATABASE_URL');
  });

  it('serves /api/health on PGlite, then shuts down cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    // A data folder anyone can enter, as a careless copy would leave it: the server makes it private.
    await chmod(dataDir, 0o777);
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

    // A sign-up writes a mail with a verification token to the data folder, never to the log.
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://localhost:${port}` },
      body: JSON.stringify({
        fullName: 'Filip Filsson',
        email: 'filip@example.se',
        password: 'vattenmelon-cykel-7',
        role: 'creator',
        acceptPrivacy: true,
      }),
    });
    expect(signUp.status).toBe(202);
    // The account and its mail are made after the answer (ADR 019); the log says when the file is written.
    for (let waited = 0; waited < 10_000 && !server.output().includes('"msg":"mail written to file"'); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const modes = await modesBelow(dataDir);
    expect(modes.get('.')).toBe('700');
    expect(modes.get('secrets.json')).toBe('600');
    const files = [...modes.keys()].filter((path) => path !== '.' && !path.endsWith('/'));
    expect(files.filter((path) => path.startsWith('mail/'))).toHaveLength(1);
    expect(files.filter((path) => path.startsWith('pglite/')).length).toBeGreaterThan(10);
    // Every file 0600, every folder 0700: the database, the secrets and the mail with its link.
    const open = [...modes].filter(([path, mode]) => path !== '.' && mode !== (path.endsWith('/') ? '700' : '600'));
    expect(open).toEqual([]);
    expect(server.output()).toContain('"msg":"data folder was not private; now 0700"');
    expect(server.output()).toContain('/app/verify-email?token=…');
    expect(server.output()).not.toMatch(/token=[a-z2-7]{20,}/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  });
});

/** Every file and folder below `root` with its permission bits in octal; `.` is root itself. */
async function modesBelow(root: string): Promise<Map<string, string>> {
  const modes = new Map([['.', ((await stat(root)).mode & 0o777).toString(8)]]);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = ((await stat(path)).mode & 0o777).toString(8);
    const relative = path.slice(root.length + 1);
    modes.set(entry.isDirectory() ? `${relative}/` : relative, mode);
  }
  return modes;
}
