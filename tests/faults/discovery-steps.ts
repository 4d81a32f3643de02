import type { Locator, Page } from '@playwright/test';
import { checkPage } from '../fixtures/visit.ts';
import { expect } from './fixtures.ts';

/** The portal's words the steps look for, per language (portal/src/locales/discovery.*.json). */
export interface Words {
  search: string;
  retry: string;
  resultsTable: string;
  cachedOn: RegExp;
}

export const SWEDISH: Words = {
  search: 'Sök',
  retry: 'Försök igen',
  resultsTable: 'Profiler på Instagram',
  cachedOn: /^Sparad \d/,
};

export const ENGLISH: Words = {
  search: 'Search',
  retry: 'Try again',
  resultsTable: 'Profiles on Instagram',
  cachedOn: /^Cached on \d/,
};

/** Waits for a fault's text: the API client retries 429 and 502/503 with backoff before giving up. */
const FAULT_SHOWN = { timeout: 20_000 };

/**
 * On the search screen: a search the provider fails shows `error`, and "Försök igen" (the provider
 * answers the next request) lists the results. With `check.search`, the error screen also goes
 * through axe and into the report as a screenshot.
 * @returns the results table
 */
export async function searchRecovers(
  page: Page,
  words: Words,
  error: string,
  check: { search?: boolean } = {},
): Promise<Locator> {
  await page.getByRole('button', { name: words.search, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible(FAULT_SHOWN);
  if (check.search) await checkPage(page, 'search failed');
  await page.getByRole('button', { name: words.retry }).click();
  const table = page.getByRole('table', { name: words.resultsTable });
  await expect(table.getByRole('row')).toHaveCount(16, FAULT_SHOWN);
  return table;
}

/**
 * `searchRecovers`, then the first profile's report fails the same way and "Försök igen" shows
 * it. The server's faults must let exactly every retry through. `check` says which error screens
 * also go through axe and into the report as screenshots.
 * @returns the API path of the report
 */
export async function searchAndReportRecover(
  page: Page,
  words: Words,
  error: string,
  check: { search?: boolean; report?: boolean } = {},
): Promise<string> {
  const table = await searchRecovers(page, words, error, check);
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible(FAULT_SHOWN);
  const userId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
  if (check.report) await checkPage(page, 'report failed');
  await page.getByRole('button', { name: words.retry }).click();
  await expect(page.getByText(words.cachedOn)).toBeVisible(FAULT_SHOWN);
  await expect(page.getByRole('heading', { level: 1, name: /^@/ })).toBeVisible();
  return `/api/discovery/instagram/reports/${userId}`;
}
