import { expect, test } from '../fixtures/test.ts';

test.describe('language switch', () => {
  test('keeps you on the translated article, whose Swedish slug differs, and remembers the choice', async ({
    page,
  }) => {
    await page.goto('/blogg/autentiskt-ugc/');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      'href',
      'https://kollab.se/en/blog/authentic-ugc/',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://kollab.se/blogg/autentiskt-ugc/',
    );

    await page.getByRole('link', { name: 'English' }).click();

    await expect(page).toHaveURL(/\/en\/blog\/authentic-ugc\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Authentic UGC: how to get content that feels real',
    );
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('en');
  });

  test('sends a visitor who chose English from / to /en/, and stops after they choose Swedish', async ({ page }) => {
    await page.goto('/en/terms/');
    await page.getByRole('link', { name: 'Svenska' }).click();
    await expect(page).toHaveURL(/\/anvandarvillkor\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Paid collaborations for creators who make a difference',
    );
  });

  test.describe('translated pages', () => {
    for (const [sv, en] of [
      ['/', '/en/'],
      ['/blogg/', '/en/blog/'],
      ['/integritetspolicy/', '/en/privacy/'],
      ['/radera-uppgifter/', '/en/data-deletion/'],
      ['/prenumerera/', '/en/subscribe/'],
      ['/blogg/realtidsdata-i-kampanjer/', '/en/blog/real-time-data-campaigns/'],
    ] as const) {
      test(`links ${sv} and ${en} to each other`, async ({ page }) => {
        await page.goto(sv);
        await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', en);
        await expect(page.locator('link[hreflang="sv"]')).toHaveAttribute('href', `https://kollab.se${sv}`);
        await page.goto(en);
        await expect(page.getByRole('link', { name: 'Svenska' })).toHaveAttribute('href', sv);
        await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', `https://kollab.se${en}`);
      });
    }
  });
});
