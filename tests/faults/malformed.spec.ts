import { scaled } from '../fixtures/timeouts.ts';
import { ENGLISH, SWEDISH, searchAndReportRecover } from './discovery-steps.ts';
import { expectFailedLoads, expectServerSurvived, openDiscoveryAsBrand, test } from './fixtures.ts';

// Malformed answers are not retried by the API client: every second provider request gets one,
// starting with the second (the first, the balance, gets through).
test.describe('a provider answering 200 with a body that is not JSON', () => {
  test.use({ faults: 'malformed,rate=0.5' });

  test('search and report read as a Swedish provider error, and "Försök igen" gets the answer', async ({
    page,
    pageErrors,
    server,
  }) => {
    test.setTimeout(scaled(90_000));
    await openDiscoveryAsBrand(page, /^Kvar: /);

    const reportPath = await searchAndReportRecover(
      page,
      SWEDISH,
      'Datakällan svarade med ett fel. Försök igen om en stund.',
    );

    expectFailedLoads(pageErrors, 502, 2);
    await expectServerSurvived(server, ['502 POST /api/discovery/instagram/search', `502 POST ${reportPath}`]);
  });
});

test.describe('a provider answering 200 with JSON of the wrong shape', () => {
  test.use({ faults: 'malformed=shape,rate=0.5' });

  test('search and report read as an English provider error, and "Try again" gets the answer', async ({
    page,
    pageErrors,
    server,
  }) => {
    test.setTimeout(scaled(90_000));
    await openDiscoveryAsBrand(page, /^Left: /, 'en');

    const reportPath = await searchAndReportRecover(
      page,
      ENGLISH,
      'The data source answered with an error. Try again in a while.',
    );

    expectFailedLoads(pageErrors, 502, 2);
    await expectServerSurvived(server, ['502 POST /api/discovery/instagram/search', `502 POST ${reportPath}`]);
  });
});
