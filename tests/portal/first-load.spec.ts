import type { Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';

/** The demo creator `npm start` seeds. */
const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };

/** Every request the page makes to the API, as `METHOD /path?query`, in order. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** The addresses the page as the server sent it preloads as data (`<link rel="preload" as="fetch">`). */
async function dataPreloads(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

/** The `<link rel="modulepreload">` addresses of the page as the server sent it. */
async function preloads(page: Page): Promise<string[]> {
  return page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

// ADR 034: the server names the page's chunks and puts the session into a signed-in page's HTML;
// the portal starts from it and asks for the page's first data next to its code, each once.
test.describe('the portal’s first load', () => {
  test('signed out, the sign-in page comes with its chunks and asks for the session itself', async ({ page }) => {
    const requests = apiRequests(page);
    await page.goto('/app/login');
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
    expect((await preloads(page)).some((href) => /\/app\/assets\/sign-in-[\w-]+\.js$/.test(href))).toBe(true);
    expect((await preloads(page)).some((href) => /\/app\/assets\/dictionary\.sv-[\w-]+\.js$/.test(href))).toBe(true);
    await expect(page.locator('#kollab-session')).toHaveCount(0);
    expect(requests).toContain('GET /api/auth/session');
  });

  test('signed in, the home arrives rendered with its data, hydrates and asks for nothing it came with', async ({
    page,
  }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    const requests = apiRequests(page);
    const response = await page.goto('/app/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    // The server's HTML has the page in it (ADR 034, fourth step) and its first data.
    const served = (await response?.text()) ?? '';
    expect(served).toContain('Det här väntar på dig i dag.');
    expect(served).toContain('id="kollab-data"');
    await expect(page.getByText('Det här väntar på dig i dag.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Att göra' })).toBeVisible();
    const session = JSON.parse((await page.locator('#kollab-session').textContent()) ?? '') as {
      user: { email: string; role: string };
    };
    expect(session.user).toMatchObject({ email: CREATOR.email, role: 'creator' });
    await page.waitForLoadState('networkidle');
    expect(requests).not.toContain('GET /api/auth/session');
    expect(await dataPreloads(page)).toEqual([]);
    expect(requests).not.toContain('GET /api/home');
    // Hydrated: a link of the page navigates in the app.
    await page.getByRole('link', { name: 'Hitta kampanjer att söka' }).click();
    await expect(page.getByRole('heading', { name: 'Kampanjer', level: 1 })).toBeVisible();
  });

  test('signed in, the campaign list arrives rendered with its first page and categories, asked for by nobody', async ({
    page,
  }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    const requests = apiRequests(page);
    const response = await page.goto('/app/campaigns');
    expect(await response?.text()).toContain('Höstens fjällrost');
    await expect(page.getByRole('heading', { name: 'Kampanjer', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await preloads(page)).some((href) => /\/app\/assets\/page-campaigns-[\w-]+\.js$/.test(href))).toBe(true);
    expect(await dataPreloads(page)).toEqual([]);
    expect(requests).not.toContain('GET /api/campaigns?pageSize=12&page=1');
    expect(requests).not.toContain('GET /api/categories');
    expect(requests).not.toContain('GET /api/auth/session');
    // The first card's cover is the page's largest picture: loaded at once, with its size.
    const cover = page.locator('img').first();
    await expect(cover).toHaveAttribute('width', /\d+/);
    await expect(cover).toHaveAttribute('height', /\d+/);
    await expect(cover).not.toHaveAttribute('loading', 'lazy');
    // Hydrated: a campaign opens in the app, its data asked for then.
    await page
      .getByRole('link', { name: /Höstens fjällrost/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Höstens fjällrost', level: 1 })).toBeVisible();
  });

  test('signed in, a campaign arrives rendered and hydrates', async ({ page }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    await page.goto('/app/campaigns');
    const href =
      (await page
        .getByRole('link', { name: /Höstens fjällrost/ })
        .first()
        .getAttribute('href')) ?? '';
    const requests = apiRequests(page);
    const response = await page.goto(href);
    const served = (await response?.text()) ?? '';
    expect(served).toMatch(/<h1[^>]*>Höstens fjällrost<\/h1>/);
    await expect(page.getByRole('heading', { name: 'Höstens fjällrost', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const id = href.split('/').pop() ?? '';
    expect(requests).not.toContain(`GET /api/campaigns/${id}`);
    expect(requests).not.toContain('GET /api/categories');
    // Hydrated: the frame's navigation works.
    await page.getByRole('link', { name: 'Kampanjer' }).first().click();
    await expect(page).toHaveURL(/\/app\/campaigns$/);
  });

  test('signed out, the sign-in page arrives rendered and signs in once hydrated', async ({ page }) => {
    const response = await page.goto('/app/login');
    expect(await response?.text()).toContain('Logga in på Kollab');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill(CREATOR.email);
    await page.getByLabel(/^Lösenord/).fill(CREATOR.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByText('Det här väntar på dig i dag.')).toBeVisible();
  });
});
