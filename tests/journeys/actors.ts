import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { watchContentSecurityPolicy } from '../fixtures/csp.ts';
import { linkInNewestMail } from '../portal/mail.ts';
import type { Locale } from './texts.ts';

/** One person in a journey: their own browser context (cookies, language) and the page they use. */
export interface Actor {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught exceptions and CSP violations of its pages; a journey step fails when there are any. */
  errors: string[];
}

/** A 1×1 transparent PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The project's baseURL (the API, or the proxy in front of the API instances). */
export function baseUrl(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('no baseURL in the Playwright config');
  return url;
}

/**
 * Opens a browser context on `url` (default the project's baseURL) that speaks `locale` (the `locale` cookie the site and portal read) and
 * watches its page for errors; `options.timezoneId` puts its browser in another time zone. The sample provider's profile pictures live on example.com, which
 * these machines cannot reach; they are answered with a pixel so no failed load is logged.
 */
export async function openActor(
  browser: Browser,
  locale: Locale,
  url = baseUrl(),
  options: { timezoneId?: string } = {},
): Promise<Actor> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, ...options });
  await context.addCookies([{ name: 'locale', value: locale, url }]);
  await context.route(/^https:\/\/[^/]*example\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
  const errors: string[] = [];
  await watchContentSecurityPolicy(context, errors);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { context, page, errors };
}

/** Fails the current step when an actor's page logged errors, then starts the next step clean. */
export function expectNoPageErrors(actors: (Actor | undefined)[]): void {
  for (const actor of actors) {
    if (!actor) continue;
    const errors = actor.errors.splice(0);
    expect(errors, 'errors logged by the page').toEqual([]);
  }
}

/** The `/app/verify-email?token=…` link (path and query) in the newest mail to `email`, once it is there. */
export async function verifyLink(email: string): Promise<string> {
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email'), { timeout: 15_000 }).not.toBeNull();
  const link = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '');
  return `${link.pathname}${link.search}`;
}

/** A short suffix that keeps names, e-mails and titles of one run and language apart. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A yyyy-mm-dd date `days` from today, as a date input takes it. */
export function dateInDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
