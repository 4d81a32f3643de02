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

  test('signed in, the home renders from the session in the page and asks for its data once', async ({ page }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    const requests = apiRequests(page);
    const response = await page.goto('/app/');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByText('Det här väntar på dig i dag.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Att göra' })).toBeVisible();
    const served = JSON.parse((await page.locator('#kollab-session').textContent()) ?? '') as {
      user: { email: string; role: string };
    };
    expect(served.user).toMatchObject({ email: CREATOR.email, role: 'creator' });
    await page.waitForLoadState('networkidle');
    expect(requests).not.toContain('GET /api/auth/session');
    // Preloaded with the HTML and asked for by main.tsx: one request, the browser hands it over.
    expect(await dataPreloads(page)).toEqual(['/api/home']);
    expect(requests.filter((request) => request === 'GET /api/home')).toHaveLength(1);
  });

  test('signed in, the campaign list comes with its chunk and asks for its first page and the categories once', async ({
    page,
  }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
    const requests = apiRequests(page);
    await page.goto('/app/campaigns');
    await expect(page.getByRole('heading', { name: 'Kampanjer', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect((await preloads(page)).some((href) => /\/app\/assets\/page-campaigns-[\w-]+\.js$/.test(href))).toBe(true);
    expect(await dataPreloads(page)).toEqual(['/api/campaigns?pageSize=12&page=1', '/api/categories']);
    expect(requests.filter((request) => request === 'GET /api/campaigns?pageSize=12&page=1')).toHaveLength(1);
    expect(requests.filter((request) => request === 'GET /api/categories')).toHaveLength(1);
    expect(requests).not.toContain('GET /api/auth/session');
  });
});
