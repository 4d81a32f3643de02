import { expect, test } from '../fixtures/test.ts';

test.describe('portal', () => {
  test('sends a visitor without a session from /app/ to the Swedish sign-in page', async ({ page }) => {
    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/login\?error=SessionRequired/);
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Logga in för att fortsätta till sidan.');
  });

  test('shows the sign-in page in English when the site links with locale=en', async ({ page }) => {
    await page.goto('/app/login?locale=en');
    await expect(page.getByRole('heading', { name: 'Sign in to Kollab' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('loads the texts of one language, and the other only when the visitor switches to it', async ({ page }) => {
    const dictionaries: string[] = [];
    page.on('request', (request) => {
      const name = /\/dictionary\.(sv|en)-[^/]+\.js$/.exec(new URL(request.url()).pathname)?.[1];
      if (name) dictionaries.push(name);
    });
    await page.goto('/app/login');
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
    expect(dictionaries).toEqual(['sv']);
    await page.getByRole('combobox', { name: 'Språk' }).selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sign in to Kollab' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(dictionaries).toEqual(['sv', 'en']);
    // Back to Swedish: its texts are already here.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
    expect(dictionaries).toEqual(['sv', 'en']);
  });
});
