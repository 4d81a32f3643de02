import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { servePictures, signInByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };

async function expectNoViolations(page: Page): Promise<void> {
  await untilHydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 200)} ${node.failureSummary ?? ''}`).join(', ')})`,
    ),
  ).toEqual([]);
}

test.describe('influencer discovery', () => {
  test('a brand searches Instagram with filters, opens a report, drafts an invitation and compares audiences', async ({
    page,
  }) => {
    // Sign-in, the lazy discovery chunks and several provider round trips on a busy machine.
    test.setTimeout(scaled(120_000));
    await servePictures(page);
    await signInByApi(page.request, BRAND.email, BRAND.password);
    await page.goto('/app/');
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Upptäck' }).click();
    await expect(page.getByRole('heading', { name: 'Hitta influencers', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Exempeldata', { exact: true })).toBeVisible();
    await expect(page.getByText(/^I dag: \d/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Börja med filtren' })).toBeVisible();

    // Filters: at least 10 000 followers, based in Sweden (from the locations dictionary).
    await page.getByRole('combobox', { name: 'Följare från' }).click();
    await page.getByRole('option', { name: '10 000', exact: true }).click();
    await page.getByRole('combobox', { name: 'Influencerns plats' }).fill('Swe');
    await page.getByRole('option', { name: 'Sweden', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Sweden' })).toBeVisible();
    // The cache is shared by every brand: on a retry, the first attempt has already paid for this search.
    const quote =
      test.info().retry === 0 ? 'Kostar högst 0,15 krediter' : /^(Kostar högst 0,15 krediter|Sparad sökning – gratis)$/;
    await expect(page.getByRole('status').filter({ hasText: quote })).toBeVisible();
    await page.getByRole('button', { name: 'Sök', exact: true }).click();

    // The search is in the URL and its results are listed.
    await expect(page).toHaveURL(/[?&]followersMin=10000(&|$)/);
    await expect(page).toHaveURL(/[?&]location=1001%3ASweden(&|$)/);
    const table = page.getByRole('table', { name: 'Profiler på Instagram' });
    await expect(page.getByRole('status').filter({ hasText: /^[\d\s]+ profiler hittades$/ })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(16);
    const firstRow = table.getByRole('row').nth(1);
    await expect(firstRow.getByText('Sweden', { exact: true })).toBeVisible();
    await expectNoViolations(page);

    // A reload restores the filters and shows the same page from the cache, free.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Följare från' })).toHaveText('10 000', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sweden' })).toBeVisible();
    await expect(page.getByText(/^Sparat resultat från .*, gratis$/)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(16);

    // Page 2, then back to page 1 with the browser.
    // The link also names the verified badge ("@handle Verifierat konto"): the handle is its first word.
    const firstLink = () => table.getByRole('row').nth(1).getByRole('link');
    const firstHandle = (await firstLink().textContent())?.replace('Verifierat konto', '').trim() ?? '';
    expect(firstHandle).toMatch(/^@./);
    await page.getByRole('button', { name: 'Sida 2', exact: true }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(firstLink()).not.toContainText(firstHandle);
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(firstLink()).toContainText(firstHandle);

    // The first profile's report: overview, cached date, growth and audience charts.
    await firstLink().click();
    await expect(page.getByRole('heading', { name: firstHandle, level: 1 })).toBeVisible();
    await expect(page.getByText(/^Sparad \d/)).toBeVisible();
    await expect(page.getByRole('img', { name: /^Följare från / })).toBeVisible();
    const genders = page.getByRole('figure', { name: 'Kön' });
    await expect(genders.getByRole('listitem').filter({ hasText: 'Kvinnor' })).toContainText('%');
    await expect(page.getByRole('figure', { name: 'Länder' }).getByRole('listitem').first()).toContainText('%');
    await expect(page.getByRole('figure', { name: 'Ålder' }).getByRole('listitem').first()).toContainText('år');
    await expectNoViolations(page);

    // Refreshing asks first, because a new report costs a credit.
    await page.getByRole('button', { name: 'Uppdatera', exact: true }).click();
    const refresh = page.getByRole('dialog', { name: 'Hämta en ny rapport?' });
    await expect(refresh.getByText('En ny rapport kostar 1 kredit.', { exact: false })).toBeVisible();
    await refresh.getByRole('button', { name: 'Uppdatera för 1 kredit' }).click();
    await expect(refresh).toBeHidden();
    await expect(page.getByText(/^Sparad \d/)).toBeVisible();

    // The influencer is not on Kollab: the invitation becomes an e-mail to send.
    await page.getByRole('button', { name: 'Bjud in till kampanj' }).click();
    const invite = page.getByRole('dialog', { name: `Bjud in ${firstHandle}` });
    await invite.getByRole('combobox', { name: 'Kampanj' }).click();
    await page.getByRole('option', { name: 'Höstens fjällrost' }).click();
    await invite.getByRole('button', { name: 'Skicka inbjudan' }).click();
    await expect(invite.getByText('Influencern finns inte på Kollab än.', { exact: false })).toBeVisible();
    await expect(invite.getByRole('textbox', { name: 'Ämne' })).not.toHaveValue('');
    await expect(invite.getByRole('link', { name: 'Öppna i e-postprogrammet' })).toHaveAttribute('href', /^mailto:/);
    await invite.getByRole('button', { name: 'Stäng' }).click();
    await expect(invite).toBeHidden();

    // Audience overlap of three accounts: one from the accounts dictionary, two typed in.
    await page.getByRole('link', { name: 'Publiköverlapp' }).click();
    await expect(page.getByRole('heading', { name: 'Publiköverlapp', level: 1 })).toBeVisible();
    const influencers = page.getByRole('combobox', { name: 'Influencers' });
    await influencers.fill('cleo');
    await page.getByRole('option', { name: /^cleo\.creates/ }).click();
    await influencers.fill('fjallkaffe');
    await influencers.press('Enter');
    await influencers.fill(firstHandle.slice(1));
    await influencers.press('Enter');
    await page.getByRole('button', { name: 'Jämför' }).click();
    await expect(page).toHaveURL(/influencer=cleo\.creates&influencer=fjallkaffe&influencer=/);
    const overlap = page.getByRole('table', { name: 'Överlapp per influencer' });
    await expect(overlap.getByRole('row')).toHaveCount(4);
    await expect(overlap.getByRole('row').filter({ hasText: '@cleo.creates' })).toContainText('%');
    await expect(page.getByText('Följare totalt')).toBeVisible();
    await expectNoViolations(page);
  });

  test('the screens are in English too, and a Kollab creator found by e-mail gets a real invitation', async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(scaled(90_000));
    await servePictures(page);
    await signInByApi(page.request, BRAND.email, BRAND.password);
    await page.goto('/app/discovery?locale=en');
    await expect(page.getByRole('heading', { name: 'Find influencers', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Sample data', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Costs up to 0.15 credits' })).toBeVisible();
    await page.getByRole('link', { name: 'E-mail search' }).click();
    await page
      .getByRole('textbox', { name: 'E-mail addresses' })
      .fill('cleo@example.com\nnobody@example.com, not-an-address');
    await expect(
      page.getByText('These do not look like e-mail addresses and are left out: not-an-address'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const matched = page.getByRole('table', { name: 'Accounts found' });
    // The provider is rate limited, and the other journey may be using it.
    await expect(matched.getByRole('row').filter({ hasText: 'cleo@example.com' }).first()).toContainText('@cleo', {
      timeout: 20_000,
    });
    await expect(page.getByRole('listitem').filter({ hasText: 'nobody@example.com' })).toBeVisible();
    await expectNoViolations(page);

    // Raw lookups: the endpoint's parameters, then the platform's own answer as JSON.
    await page.getByRole('link', { name: 'Raw data' }).click();
    await page.getByRole('combobox', { name: 'Endpoint' }).click();
    await page.getByRole('option', { name: 'user-feed', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Continue from (cursor)' })).toBeVisible();
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(page.getByText('Fill in this field.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Link or username/ }).fill('cleo.creates');
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(page.getByRole('region', { name: 'The response as JSON' })).toContainText('"items"', {
      timeout: 20_000,
    });
    await expect(page.getByText(/Raw requests used: 1$/)).toBeVisible();
    await expectNoViolations(page);

    // Cleo is on Kollab: inviting her from her report creates a real invitation.
    await page.getByRole('link', { name: 'E-mail search' }).click();
    await page.getByRole('textbox', { name: 'E-mail addresses' }).fill('cleo@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: '@cleo.creates', exact: true }).click();
    await expect(page.getByRole('heading', { name: '@cleo.creates', level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Invite to campaign' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite @cleo.creates' });
    await invite.getByRole('combobox', { name: 'Campaign' }).click();
    await page.getByRole('option', { name: 'Höstens fjällrost' }).click();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    if (test.info().retry === 0) {
      await expect(page.getByRole('alert').filter({ hasText: 'Invitation sent' })).toBeVisible();
      await expect(invite).toBeHidden();
    } else {
      // A retry finds the first attempt's invitation.
      await expect(
        invite.getByText('The influencer is already invited to, or has applied to, that campaign.'),
      ).toBeVisible();
      const index = pageErrors.findIndex((error) => error.includes('status of 409'));
      if (index >= 0) pageErrors.splice(index, 1);
    }
  });

  test('an unknown profile and a provider timeout read as Swedish texts with a way forward', async ({
    page,
    pageErrors,
  }) => {
    await servePictures(page);
    await signInByApi(page.request, BRAND.email, BRAND.password);

    // An account the provider does not know (the API answers 404 not_found). No dot in it: the API
    // serves a file, not the portal, for /app paths that look like file names.
    await page.goto('/app/discovery/instagram/nosuchaccount');
    await expect(page.getByRole('heading', { name: 'Profilen hittades inte', level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      page.getByText('Kontot kan vara privat, borttaget eller ha bytt namn.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Till sökningen' })).toBeVisible();

    // A search the provider does not answer in time, once; "Försök igen" asks again.
    let timeouts = 1;
    await page.route('**/api/discovery/tiktok/search', (route) =>
      timeouts-- > 0
        ? route.fulfill({
            status: 504,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'provider_timeout', message: 'Timed out', requestId: 'e2e' } }),
          })
        : route.continue(),
    );
    await page.goto('/app/discovery?platform=tiktok');
    await expect(page.getByText('Datakällan svarade inte i tid. Försök igen.')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('table', { name: 'Profiler på TikTok' }).getByRole('row')).toHaveCount(16, {
      timeout: 20_000,
    });

    // The browser logs the two failed requests; they were the point. Anything else still fails the test.
    for (const status of [404, 504]) {
      const index = pageErrors.findIndex((error) => error.includes(`status of ${status}`));
      expect(index, `a logged ${status}`).toBeGreaterThanOrEqual(0);
      pageErrors.splice(index, 1);
    }
  });

  test('a creator has no Discover screens: no link, a note at the URL and 404 from the API', async ({ page }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    await page.goto('/app/discovery');
    await expect(page.getByText('Upptäck är till för varumärken.', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Upptäck' }),
    ).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Hitta influencers' })).toHaveCount(0);
    expect((await page.request.get('/api/discovery/status')).status()).toBe(404);
  });
});
