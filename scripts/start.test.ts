import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../api/test/support/smtp.ts';

/*
 * Issue 26 item 6: the sample provider answered on the API's public server, with a hard-coded key
 * and outside the API's body limit. The composition root now starts it on a loopback port of its own.
 */

/** The key the sample used to accept from anyone who read the source. */
const OLD_PUBLIC_KEY = 'kollab-sample-provider';

const serverEntry = fileURLToPath(new URL('./start.ts', import.meta.url));

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

describe('a production server without PROVIDER_API_KEY', () => {
  let dataDir: string;
  let smtp: TestSmtp;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kollab-sample-'));
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('does not serve the sample provider publicly; discovery still reaches it on loopback', {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const { DATABASE_URL: _db, PROVIDER_API_KEY: _key, HOST: _host, ...inherited } = process.env;
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...inherited,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'https://kollab.example',
        SESSION_SECRET: 's'.repeat(48),
        ENCRYPTION_KEY: 'ab'.repeat(32),
        SMTP_URL: smtp.url,
        SEED_DEMO: 'true',
        SAMPLE_PROVIDER_FAULTS: '',
      },
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
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: Response | undefined;
      const deadline = Date.now() + 90_000;
      while (!health && Date.now() < deadline) {
        health = await fetch(`${base}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status, output).toBe(200);

      // Where it used to answer anyone holding the hard-coded key: nothing there now.
      for (const [method, path] of [
        ['GET', '/sample-provider/v1/user/info'],
        ['POST', '/sample-provider/v1/instagram/search'],
      ] as const) {
        const res = await fetch(`${base}${path}`, {
          method,
          headers: { Authorization: `Bearer ${OLD_PUBLIC_KEY}`, 'Content-Type': 'application/json' },
          ...(method === 'POST' ? { body: '{"filter":{}}' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.text()).not.toContain('billing');
      }

      // It runs on a loopback port of its own, with a key nobody outside the process knows.
      const line = output.split('\n').find((text) => text.includes('sample provider listening'));
      const sampleUrl = new URL((JSON.parse(line ?? '{}') as { url?: string }).url ?? 'http://invalid');
      expect(sampleUrl.hostname).toBe('127.0.0.1');
      expect(sampleUrl.port).not.toBe(String(port));
      const guessed = await fetch(`${sampleUrl.origin}/user/info`, {
        headers: { Authorization: `Bearer ${OLD_PUBLIC_KEY}` },
      });
      expect(guessed.status).toBe(401);

      // The API's own discovery calls still reach it: the demo brand searches the sample data.
      const cookies = new Map<string, string>();
      const send = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${base}${path}`, {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            Origin: 'https://kollab.example',
          },
        });
        for (const header of res.headers.getSetCookie()) {
          const [pair = ''] = header.split(';');
          const index = pair.indexOf('=');
          cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
        }
        return res;
      };
      const { csrfToken } = (await (await send('/api/auth/csrf')).json()) as { csrfToken: string };
      const signIn = await send('/api/auth/callback/credentials', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          json: 'true',
          csrfToken,
          email: 'brand@demo.kollab.se',
          password: 'demo-brand-2026',
          callbackUrl: '/app/',
        }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const search = await send('/api/discovery/instagram/search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ filter: { influencer: { followers: { min: 5_000 } } } }),
      });
      expect(search.status, await search.clone().text()).toBe(200);
      expect(((await search.json()) as { meta: { sample: boolean; cached: boolean } }).meta).toMatchObject({
        sample: true,
        cached: false,
      });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
