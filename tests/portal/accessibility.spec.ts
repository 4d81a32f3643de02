import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAdminByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';

const SIGNED_OUT: [path: string, heading: string][] = [
  ['/app/login?error=CredentialsSignin', 'Logga in på Kollab'],
  ['/app/login?locale=en', 'Sign in to Kollab'],
  ['/app/register', 'Skapa konto'],
  ['/app/reset-password?token=from-the-mail', 'Välj ett nytt lösenord'],
  ['/app/auth-error?error=AccountNotLinked', 'Det gick inte att logga in'],
  ['/app/session-expired', 'Hoppsan, din session verkar ha gått ut.'],
];

const SIGNED_IN: [path: string, heading: string][] = [
  ['/app/', 'Hej Bo!'],
  ['/app/account', 'Hantera konto'],
  ['/app/payment-methods', 'Betalningsmetoder'],
];

async function expectNoViolations(page: Page): Promise<void> {
  await untilHydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test.describe('portal accessibility', () => {
  for (const [path, heading] of SIGNED_OUT) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('axe finds no violations on the signed-in screens', async ({ page }) => {
    await page.goto('/app/login');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill('brand@demo.kollab.se');
    await page.getByLabel(/^Lösenord/).fill('demo-brand-2026');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hej Bo!' })).toBeVisible();
    for (const [path, heading] of SIGNED_IN) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoViolations(page);
    }
  });

  test('axe finds no violations on the results screens (the brand’s campaign results, the admin lists)', async ({
    page,
  }) => {
    test.setTimeout(scaled(90_000));
    await page.goto('/app/login');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill('brand@demo.kollab.se');
    await page.getByLabel(/^Lösenord/).fill('demo-brand-2026');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hej Bo!' })).toBeVisible();
    const campaigns = (await (await page.request.get('/api/campaigns?pageSize=50')).json()) as {
      data: { id: string; title: string }[];
    };
    const campaign = campaigns.data.find((item) => item.title === 'Höstens fjällrost');
    expect(campaign, 'the seeded campaign').toBeTruthy();
    await page.goto(`/app/brand/campaigns/${campaign?.id}/results`);
    await expect(page.getByRole('heading', { name: 'Höstens fjällrost', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Resultat', selected: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exportera CSV' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expectNoViolations(page);

    await page.context().clearCookies();
    await signInAdminByApi(page.request);
    for (const [path, heading] of [
      ['/app/admin/results', 'Resultat'],
      ['/app/admin/ad-labels', 'Reklammärkning'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('grid', { name: heading })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoViolations(page);
    }
  });
});
