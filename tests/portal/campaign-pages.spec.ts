import type { Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';

// The creator's campaign list past its numbered pages (ADR 036): the API serves a page by number
// only within the first 10,000 campaigns, so with a larger (estimated) total the pager offers the
// next page by cursor instead of numbering the pages to the end.

const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };

/**
 * Answers the list as if it held about 75,000 campaigns: the demo's page, an estimated total and a
 * cursor naming the page it follows. The demo's API gets the request without that made-up cursor.
 */
async function pretendLarge(page: Page): Promise<URL[]> {
  const asked: URL[] = [];
  await page.route(/\/api\/campaigns\?/, async (route) => {
    const url = new URL(route.request().url());
    asked.push(url);
    const real = new URL(url);
    real.searchParams.delete('cursor');
    real.searchParams.delete('page');
    const response = await route.fetch({ url: real.toString() });
    const body = (await response.json()) as Record<string, unknown>;
    const shown = url.searchParams.get('page') ?? '1';
    await route.fulfill({
      response,
      json: { ...body, total: 75_000, totalIsEstimate: true, nextCursor: `after-page-${shown}` },
    });
  });
  return asked;
}

test.describe('the campaign list past its numbered pages', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
  });

  test('offers the next page by cursor, and no page numbers up to an estimated end', async ({ page }) => {
    const asked = await pretendLarge(page);
    // With a query the server does not render the list with its own first page (ADR 034): the
    // page asks for it in the browser, where the rewrite above can change it.
    await page.goto('/app/campaigns?page=1');
    const pager = page.getByRole('navigation', { name: 'Sidor' });
    await expect(pager.getByRole('button', { name: 'Sida 1, visas nu' })).toBeVisible();
    await expect(pager.getByRole('button')).toHaveText(['', '1', '2', '']);
    await expect(pager.getByRole('button', { name: 'Nästa sida' })).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: 'kampanjer' })).toHaveText('cirka 75\u00a0000 kampanjer');

    await pager.getByRole('button', { name: 'Nästa sida' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pager.getByRole('button', { name: 'Sida 2, visas nu' })).toBeVisible();
    const second = asked.at(-1);
    expect(second?.searchParams.get('page')).toBe('2');
    expect(second?.searchParams.get('cursor')).toBe('after-page-1');
    await expect(pager.getByRole('button')).toHaveText(['', '1', '2', '3', '']);
  });

  test('says how to reach a page past the numbered ones opened by its address, and asks nothing', async ({ page }) => {
    const asked = await pretendLarge(page);
    await page.goto('/app/campaigns?page=900');
    const notice = page.getByRole('alert');
    await expect(notice).toHaveText(
      'Sidor efter sida 834 nås genom att bläddra framåt från första sidan.Till första sidan',
    );
    expect(asked.filter((url) => url.searchParams.get('page') === '900')).toEqual([]);
    await notice.getByRole('button', { name: 'Till första sidan' }).click();
    await expect(page).toHaveURL(/\/app\/campaigns$/);
    await expect(
      page.getByRole('navigation', { name: 'Sidor' }).getByRole('button', { name: 'Sida 1, visas nu' }),
    ).toBeVisible();
  });
});
