import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, APIResponse, Browser } from '@playwright/test';
import { templateDir } from '../faults/fixtures.ts';
import { test as base, expect } from '../fixtures/test.ts';
import { type Actor, openActor } from '../journeys/actors.ts';
import { linkInNewestMail } from '../portal/mail.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';
import { freePort } from '../support/server-env.ts';

const entry = fileURLToPath(new URL('../../scripts/time-travel.ts', import.meta.url));

/** The test's own Kollab on a clock it moves (scripts/time-travel.ts), from a copy of the seeded data folder. */
export interface TimeTravelServer extends ApiProcess {
  dataDir: string;
  /** Moves the clock forward, then runs the scheduled work once (as the every-minute schedule would). */
  advance(seconds: number): Promise<void>;
  /** The sample provider this server's API talks to: URL and key. */
  provider(): Promise<{ url: string; apiKey: string }>;
}

export const test = base.extend<{ server: TimeTravelServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
  server: async ({}, use, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kollab-time-travel-'));
    cpSync(templateDir(), dataDir, { recursive: true });
    const port = await freePort();
    const control = `http://127.0.0.1:${port}`;
    const api = await startApiProcess(dataDir, { LOG_LEVEL: 'warn', TIME_TRAVEL_PORT: String(port) }, entry);
    try {
      await use({
        ...api,
        dataDir,
        advance: async (seconds) => {
          const answer = await fetch(`${control}/advance`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ seconds }),
          });
          expect(answer.status).toBe(200);
        },
        provider: async () => (await (await fetch(`${control}/provider`)).json()) as { url: string; apiKey: string },
      });
    } finally {
      const code = await api.stop();
      await testInfo.attach('server output', {
        body: `${api.stdout()}\n--- stderr\n${api.stderr()}`,
        contentType: 'text/plain',
      });
      rmSync(dataDir, { recursive: true, force: true });
      expect(code, 'exit code after SIGTERM').toBe(0);
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/** One person with their own browser context on `server`, speaking `locale`; page errors are collected. */
export const actorOn = (browser: Browser, server: ApiProcess, locale: 'sv' | 'en'): Promise<Actor> =>
  openActor(browser, locale, server.url);

export async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A same-origin JSON POST from a context's cookies (the API checks the Origin). */
export const post = (request: APIRequestContext, origin: string, path: string, data: unknown = {}) =>
  request.post(path, { data, headers: { Origin: origin } });

/** Signs a new creator up in `request`, confirms the address from the server's mail folder. */
export async function newCreator(request: APIRequestContext, server: TimeTravelServer, locale: 'sv' | 'en') {
  const email = `tracked-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  await ok(
    post(request, server.url, '/api/auth/signup', {
      fullName: locale === 'sv' ? 'Tove Spårad' : 'Tom Tracked',
      email,
      password: 'ett långt lösenord 2026',
      role: 'creator',
      acceptPrivacy: true,
      locale,
    }),
  );
  await expect
    .poll(() => linkInNewestMail(email, '/app/verify-email', server.dataDir), { timeout: 20_000 })
    .not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email', server.dataDir)) ?? '').searchParams.get(
    'token',
  );
  await ok(post(request, server.url, '/api/auth/verify-email', { token }));
  return email;
}
