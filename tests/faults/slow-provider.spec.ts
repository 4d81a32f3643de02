import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { expect, expectFailedLoads, expectServerSurvived, openDiscoveryAsBrand, test } from './fixtures.ts';

const TIMED_OUT = 'Datakällan svarade inte i tid. Försök igen.';

test.describe('a provider that answers every request a second late', () => {
  test.use({ faults: 'latency=1000' });

  test('search and report show that they are loading, then their answers', async ({ page, server }) => {
    test.setTimeout(scaled(90_000));
    await openDiscoveryAsBrand(page, /^Kvar: /);

    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Söker …' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Profiler på Instagram' });
    await expect(table.getByRole('row')).toHaveCount(16, { timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: /^[\d\s]+ profiler hittades$/ })).toBeVisible();

    const firstLink = table.getByRole('row').nth(1).getByRole('link');
    const handle = (await firstLink.textContent())?.replace('Verifierat konto', '').trim() ?? '';
    await firstLink.click();
    // While it loads, the report is titled with the handle the link showed, not the provider's id in the URL.
    expect(handle).toMatch(/^@./);
    await expect(page.getByRole('heading', { level: 1, name: `Rapport: ${handle.slice(1)}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Hämtar rapporten …' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: handle })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/^Sparad \d/)).toBeVisible();

    await expectServerSurvived(server, []);
  });
});

test.describe('a provider that never answers', () => {
  test.use({ faults: 'hang', providerTimeoutMs: 1_500 });

  test('search, report and overlap time out with a Swedish text, and the rest of the portal still works', async ({
    page,
    pageErrors,
    server,
  }) => {
    test.setTimeout(scaled(90_000));
    // Even the balance times out: the strip says so instead of waiting for ever.
    await openDiscoveryAsBrand(page, 'Saldot kunde inte läsas just nu');

    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Söker …' })).toBeVisible();
    const timedOut = page.getByRole('alert').filter({ hasText: TIMED_OUT });
    await expect(timedOut).toBeVisible({ timeout: 15_000 });
    // "Försök igen" asks again, shows that it is searching, and tells again.
    const retried = page.waitForResponse((response) => response.url().endsWith('/api/discovery/instagram/search'));
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Söker …' })).toBeVisible();
    expect((await retried).status()).toBe(504);
    await expect(timedOut).toBeVisible();

    // A report from a link (no dot in the handle: /app paths with one are served as files).
    await page.goto('/app/discovery/instagram/fjallkaffe');
    await expect(page.getByRole('heading', { level: 1, name: 'Rapport: fjallkaffe' })).toBeVisible();
    await expect(timedOut).toBeVisible({ timeout: 15_000 });

    // A shared comparison link.
    await page.goto('/app/discovery/overlap?platform=instagram&influencer=cleo.creates&influencer=fjallkaffe');
    await expect(page.getByRole('heading', { level: 1, name: 'Publiköverlapp' })).toBeVisible();
    await expect(timedOut).toBeVisible({ timeout: 15_000 });
    await checkPage(page, 'overlap timed out');

    // The screens that do not need the provider still work.
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Mina kampanjer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mina kampanjer' })).toBeVisible();
    await expect(page.getByText('Höstens fjällrost')).toBeVisible();

    expectFailedLoads(pageErrors, 504, 4);
    await expectServerSurvived(server, [
      '504 POST /api/discovery/instagram/search',
      '504 POST /api/discovery/instagram/search',
      '504 POST /api/discovery/instagram/reports/fjallkaffe',
      '504 POST /api/discovery/instagram/overlap',
    ]);
  });
});
