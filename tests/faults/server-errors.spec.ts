import { scaled } from '../fixtures/timeouts.ts';
import { SWEDISH, searchAndReportRecover, searchRecovers } from './discovery-steps.ts';
import { expectFailedLoads, expectServerSurvived, openDiscoveryAsBrand, test } from './fixtures.ts';

const PROVIDER_ERROR = 'Datakällan svarade med ett fel. Försök igen om en stund.';

test.describe('a provider answering 500', () => {
  // Not retried by the API client: every second provider request fails, starting with the second
  // (the first, the balance, gets through).
  test.use({ faults: 'status=500,rate=0.5' });

  test('search and report read as a Swedish provider error, and "Försök igen" gets the answer', async ({
    page,
    pageErrors,
    server,
  }) => {
    test.setTimeout(scaled(90_000));
    await openDiscoveryAsBrand(page, /^Kvar: /);

    const reportPath = await searchAndReportRecover(page, SWEDISH, PROVIDER_ERROR, { report: true });

    expectFailedLoads(pageErrors, 502, 2);
    await expectServerSurvived(server, ['502 POST /api/discovery/instagram/search', `502 POST ${reportPath}`]);
  });
});

// Retried three times with backoff by the API client: four provider requests in five fail, so the
// search fails and "Försök igen" is the fifth. The first request of all, the balance, gets through.
for (const status of [502, 503]) {
  test.describe(`a provider answering ${status}`, () => {
    test.use({ faults: `status=${status},rate=0.8` });

    test('a search reads as a Swedish provider error after the retries, and "Försök igen" gets the answer', async ({
      page,
      pageErrors,
      server,
    }) => {
      test.setTimeout(scaled(60_000));
      await openDiscoveryAsBrand(page, /^Kvar: /);

      await searchRecovers(page, SWEDISH, PROVIDER_ERROR);

      // The API answers 502 provider_error whatever the provider's 5xx was.
      expectFailedLoads(pageErrors, 502, 1);
      await expectServerSurvived(server, ['502 POST /api/discovery/instagram/search']);
    });
  });
}
