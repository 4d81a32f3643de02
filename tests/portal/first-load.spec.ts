import type { Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';

/** The demo creator and brand `npm start` seeds. */
const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };
const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };

/** Marks the page's `window`, to tell afterwards whether the browser loaded the page again. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { firstLoadMarker?: string }).firstLoadMarker = 'the same page';
  });
}

/** True when the page is still the one `markWindow` marked (a navigation in the app, no reload). */
async function isSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { firstLoadMarker?: string }).firstLoadMarker === 'the same page');
}

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
    const response = await page.goto('/app/login');
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
    // Rendered, the page names its chunks on the root; they are asked for once it has painted
    // (portal/src/start.ts), not by `<link rel="modulepreload">` in the HTML.
    const served = (await response?.text()) ?? '';
    expect(served).not.toContain('rel="modulepreload"');
    const modules = /<div id="root"[^>]* data-modules="([^"]+)"/.exec(served)?.[1]?.split(' ') ?? [];
    expect(modules.some((href) => /^\/app\/assets\/sign-in-[\w-]+\.js$/.test(href))).toBe(true);
    expect(modules.some((href) => /^\/app\/assets\/dictionary\.sv-[\w-]+\.js$/.test(href))).toBe(true);
    await expect.poll(() => preloads(page)).toEqual(expect.arrayContaining(modules));
    await expect(page.locator('#kollab-session')).toHaveCount(0);
    await expect.poll(() => requests).toContain('GET /api/auth/session');
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
    // Hydrated: a link of the frame navigates in the app, without loading the page again.
    await markWindow(page);
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kampanjer' }).click();
    await expect(page.getByRole('heading', { name: 'Kampanjer', level: 1 })).toBeVisible();
    expect(await isSameWindow(page)).toBe(true);
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
  test('signed in, discovery arrives rendered with its status, hydrates and asks for nothing it came with', async ({
    page,
  }) => {
    await signInByApi(page.request, BRAND.email, BRAND.password);
    const requests = apiRequests(page);
    const response = await page.goto('/app/discovery');
    const served = (await response?.text()) ?? '';
    expect(served).toMatch(/<h1[^>]*>Hitta influencers<\/h1>/);
    expect(served).toMatch(/I dag: \d/);
    await expect(page.getByRole('heading', { name: 'Hitta influencers', level: 1 })).toBeVisible();
    await expect(page.getByText(/^I dag: \d/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await dataPreloads(page)).toEqual([]);
    expect(requests).not.toContain('GET /api/discovery/status');
    expect(requests).not.toContain('GET /api/auth/session');
    // Hydrated: a section link navigates in the app.
    await markWindow(page);
    await page.getByRole('link', { name: 'Publiköverlapp' }).click();
    await expect(page).toHaveURL(/\/app\/discovery\/overlap$/);
    expect(await isSameWindow(page)).toBe(true);
  });

  test('signed in, the users table arrives rendered with its first page, hydrates and asks for nothing it came with', async ({
    page,
  }) => {
    await signInAdminByApi(page.request);
    const requests = apiRequests(page);
    const response = await page.goto('/app/admin/users');
    const served = (await response?.text()) ?? '';
    expect(served).toMatch(/<h1[^>]*>Användare<\/h1>/);
    expect(served).toMatch(/Totalt: \d+/);
    await expect(page.getByRole('heading', { name: 'Användare', level: 1 })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Användare' });
    // Whoever is newest (other tests add users all the time): the first row shown is one the page
    // came with, in its first answers.
    const firstEmail = grid.getByRole('row').nth(1).getByRole('gridcell').nth(1);
    await expect(firstEmail).toHaveText(/@/);
    expect(served).toContain(`"email":"${await firstEmail.innerText()}"`);
    await page.waitForLoadState('networkidle');
    expect(await dataPreloads(page)).toEqual([]);
    expect(requests.filter((request) => request.startsWith('GET /api/admin/users'))).toEqual([]);
    // Hydrated: sorting asks for the next page in the app.
    await markWindow(page);
    await grid.getByRole('columnheader', { name: 'E-post' }).click();
    await expect(page).toHaveURL(/sort=email/);
    await expect
      .poll(() => requests.some((request) => /^GET \/api\/admin\/users\?.*sort=email/.test(request)))
      .toBe(true);
    expect(await isSameWindow(page)).toBe(true);
  });

  test('signed out, what is typed and clicked on the rendered sign-in page before its code runs waits for it', async ({
    page,
  }) => {
    // The page's scripts are held back: the page is painted, its code not running yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/app\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    const requests = apiRequests(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goto('/app/login?error=SessionRequired&callbackUrl=%2Fapp%2F', { waitUntil: 'commit' });
    await expect(page.getByText('Logga in för att fortsätta till sidan.')).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    // A visitor (here the test) types and clicks as soon as the page shows; the actions wait for
    // the page to take them instead of the browser submitting the form itself.
    const signingIn = (async () => {
      await page.getByRole('textbox', { name: 'E-postadress' }).fill(CREATOR.email);
      await page.getByLabel(/^Lösenord/).fill(CREATOR.password);
      await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    })();
    release();
    await signingIn;
    await expect(page.getByText('Det här väntar på dig i dag.')).toBeVisible();
    // One document: the sign-in page, never submitted by the browser (no `?email=…&password=…`).
    expect(documents).toHaveLength(1);
    expect(requests.filter((request) => request.startsWith('POST /api/auth/callback/credentials'))).toHaveLength(1);
  });
});
