import { expect, test } from '../fixtures/test.ts';

// The API reference (Scalar) is the one screen outside the site and the portal: it must render,
// search and open its groups under its own Content-Security-Policy without a violation (ADR 019).
test('the API reference renders, searches and opens a group without violating its policy', async ({ page }) => {
  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: 'Kollab API', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Liveness and database check' })).toBeVisible();
  await page.getByRole('button', { name: 'Open Search' }).click();
  await page.keyboard.type('health');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open Group - Account', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Close Group - Account', exact: true })).toBeVisible();
});
