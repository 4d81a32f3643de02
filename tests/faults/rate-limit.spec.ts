import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { SWEDISH, searchAndReportRecover } from './discovery-steps.ts';
import { expect, expectFailedLoads, expectServerSurvived, openDiscoveryAsBrand, test } from './fixtures.ts';

const RATE_LIMITED = 'Datakällan tar emot för många frågor just nu. Vänta en minut och försök igen.';

// Four provider requests in five get a 429 with Retry-After: 1, the fifth gets through. The API
// client tries each call four times (three retries), so every call the portal makes fails, and
// each "Försök igen" is the fifth request. The first of all, the balance, gets through too.
test.use({ faults: 'status=429,rate=0.8' });

test('a rate-limited provider: search, report and refresh say so in Swedish and the retries get through', async ({
  page,
  pageErrors,
  server,
}) => {
  test.setTimeout(scaled(90_000));
  await openDiscoveryAsBrand(page, /^Kvar: /);

  const reportPath = await searchAndReportRecover(page, SWEDISH, RATE_LIMITED, { search: true });

  // A paid refresh that meets the limit says so in the dialog; the cached report stays.
  await page.getByRole('button', { name: 'Uppdatera', exact: true }).click();
  const refresh = page.getByRole('dialog', { name: 'Hämta en ny rapport?' });
  await refresh.getByRole('button', { name: 'Uppdatera för 1 kredit' }).click();
  await expect(refresh.getByRole('alert').filter({ hasText: RATE_LIMITED })).toBeVisible({ timeout: 20_000 });
  await checkPage(page, 'refresh rate limited');
  await refresh.getByRole('button', { name: 'Avbryt' }).click();
  await expect(refresh).toBeHidden();
  await expect(page.getByText(SWEDISH.cachedOn)).toBeVisible();

  expectFailedLoads(pageErrors, 429, 3);
  await expectServerSurvived(server, [
    '429 POST /api/discovery/instagram/search',
    `429 POST ${reportPath}`,
    `429 POST ${reportPath}`,
  ]);
});
