import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { servePictures, signInByApi } from '../fixtures/api.ts';
import { test as base, expect } from '../fixtures/test.ts';
import { type ApiProcess, startApiProcess } from '../support/api-process.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };

/** The seeded data directory every fault server starts from a copy of (see template.setup.ts). */
export function templateDir(): string {
  const dir = process.env.E2E_FAULTS_TEMPLATE_DIR;
  if (!dir) throw new Error('E2E_FAULTS_TEMPLATE_DIR is not set: run the faults project through playwright.config.ts');
  return dir;
}

interface FaultOptions {
  /** `SAMPLE_PROVIDER_FAULTS` of the spec's server (stand-ins/provider/faults.ts). */
  faults: string;
  /**
   * `PROVIDER_TIMEOUT_MS` of the spec's server: how long the API waits for one provider answer.
   * The API's default unless a spec is about timeouts: the sample provider's first search takes
   * over a second on a busy machine.
   */
  providerTimeoutMs: number;
}

/**
 * The browser suite's test (console errors fail it) against the test's own API server: demo data,
 * the built-in sample provider with `faults` injected, and its output kept for the checks at the end.
 * The page's `baseURL` is that server. It is stopped after the test and must then exit cleanly.
 */
export const test = base.extend<FaultOptions & { server: ApiProcess }>({
  faults: ['', { option: true }],
  providerTimeoutMs: [15_000, { option: true }],
  server: async ({ faults, providerTimeoutMs }, use, testInfo) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kollab-faults-server-'));
    cpSync(templateDir(), dataDir, { recursive: true });
    const server = await startApiProcess(dataDir, {
      LOG_LEVEL: 'info',
      SAMPLE_PROVIDER_FAULTS: faults,
      PROVIDER_TIMEOUT_MS: String(providerTimeoutMs),
    });
    try {
      await use(server);
    } finally {
      const code = await server.stop();
      await testInfo.attach('server output', {
        body: `${server.stdout()}\n--- stderr\n${server.stderr()}`,
        contentType: 'text/plain',
      });
      rmSync(dataDir, { recursive: true, force: true });
      expect(code, 'exit code after SIGTERM, with requests to the provider still hanging').toBe(0);
    }
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/** Signs the page's context in as the demo brand through the credentials callback, as the sign-in form does. */
export async function signInAsBrand(request: APIRequestContext): Promise<void> {
  await signInByApi(request, BRAND.email, BRAND.password);
}

/**
 * The browser logs every failed request as a console error. Removes the ones with `status`, which
 * must be exactly `count`; anything else stays for the `pageErrors` check to fail the test.
 */
export function expectFailedLoads(pageErrors: string[], status: number, count: number): void {
  const failed = pageErrors.filter((error) => error.includes(`the server responded with a status of ${status} `));
  expect(failed, `console errors for requests answered ${status}`).toHaveLength(count);
  for (const error of failed) pageErrors.splice(pageErrors.indexOf(error), 1);
}

interface LogLine {
  level?: number;
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
}

function logLines(server: ApiProcess): { lines: LogLine[]; unparsed: string[] } {
  const lines: LogLine[] = [];
  const unparsed: string[] = [];
  for (const text of server.stdout().split('\n').filter(Boolean)) {
    try {
      lines.push(JSON.parse(text) as LogLine);
    } catch {
      unparsed.push(text);
    }
  }
  return { lines, unparsed };
}

/** The discovery calls the API answered with an error, as `status METHOD path`, in order. */
function failedDiscoveryCalls(server: ApiProcess): string[] {
  return logLines(server)
    .lines.filter(
      (line) => line.msg === 'request' && line.path?.startsWith('/api/discovery/') && (line.status ?? 0) >= 400,
    )
    .map((line) => `${line.status} ${line.method} ${line.path}`);
}

/**
 * What in the server's output is not the expected provider errors: anything on stderr or not
 * pino's JSON, an unhandled rejection or uncaught exception, an error-level log (the API's
 * `onError` logs "unhandled error" for a crash), or a 5xx other than the faults themselves (the
 * sample provider's injected answers) and the API's 502 provider_error and 504 provider_timeout.
 */
function outputProblems(server: ApiProcess): string[] {
  const { lines, unparsed } = logLines(server);
  const problems = [...unparsed.map((text) => `not a log line: ${text}`)];
  if (server.stderr()) problems.push(`stderr: ${server.stderr()}`);
  if (/unhandled|uncaught/i.test(server.stdout())) problems.push('an unhandled or uncaught error was logged');
  for (const line of lines) {
    if ((line.level ?? 0) >= 50) problems.push(`level ${line.level}: ${line.msg}`);
    const status = line.status ?? 0;
    if (line.msg !== 'request' || status < 500) continue;
    const injected = line.path?.startsWith('/sample-provider/');
    const providerFailure = line.path?.startsWith('/api/discovery/') && (status === 502 || status === 504);
    if (!injected && !providerFailure) problems.push(`${status} ${line.method} ${line.path}`);
  }
  return problems;
}

/**
 * After the faults: the server still runs and answers /api/health, its discovery calls failed
 * exactly as `expectedFailures` (`status METHOD path`) say, and its output shows nothing else wrong.
 */
export async function expectServerSurvived(server: ApiProcess, expectedFailures: string[]): Promise<void> {
  expect(server.isRunning(), 'the API server is still running').toBe(true);
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  // The request log of the last answer may still be on its way through the pipe.
  await expect.poll(() => failedDiscoveryCalls(server)).toEqual(expectedFailures);
  expect(outputProblems(server)).toEqual([]);
}

/**
 * Signs the demo brand in, answers the profile pictures (servePictures), opens Discover and waits for
 * the status strip, so the provider's first request (the balance) is answered.
 */
export async function openDiscoveryAsBrand(
  page: Page,
  balance: RegExp | string,
  locale: 'sv' | 'en' = 'sv',
): Promise<void> {
  await servePictures(page);
  await signInAsBrand(page.request);
  await openDiscovery(page, balance, locale);
}

/**
 * Opens Discover and waits for the status strip, so the provider's first request (the balance) is
 * answered. Each fault test has a server of its own that has only just started, and on a loaded
 * 2-core machine its first pages take a while: 30 s, within the test's 60.
 */
async function openDiscovery(page: Page, balance: RegExp | string, locale: 'sv' | 'en' = 'sv'): Promise<void> {
  await page.goto(locale === 'en' ? '/app/discovery?locale=en' : '/app/discovery');
  await expect(page.getByText(balance)).toBeVisible({ timeout: 30_000 });
}
