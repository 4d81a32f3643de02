import { expect, test } from '../fixtures/test.ts';

test.describe('marketing site', () => {
  test('renders the Swedish home page at /', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Kollab/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Betalda samarbeten för kreatörer som gör skillnad',
    );
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/');
  });

  test('renders the English home page at /en/', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Paid collaborations for creators who make a difference',
    );
    await expect(page.getByRole('link', { name: 'Svenska' })).toHaveAttribute('href', '/');
  });

  test('switches language and lands on the translated page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('en');
  });
});
