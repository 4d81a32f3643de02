import type { APIRequestContext } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from './mail.ts';

const CAMPAIGN = 'Höstens fjällrost';

/** POSTs JSON and returns `data`, failing the test with the API's answer when it is not a 2xx. */
async function post<T>(request: APIRequestContext, path: string, body: unknown = {}): Promise<T> {
  const response = await request.post(path, { data: body });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

test.describe('admin console', () => {
  test('an admin filters claims, forces a transition with a reason and finds it in the audit log', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // API set-up, sign-in, the lazy shell and the data grid's chunk: more than the default 30 s on a busy machine.
    test.setTimeout(scaled(90_000));
    const origin = baseURL ?? '';
    const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const email = `admin-claim-${suffix}@example.com`;
    const name = `Agnes Ansökan ${suffix}`;
    const reason = `Dubbelbokad i annan kampanj (${suffix})`;

    // A fresh, verified creator claims the seeded active campaign.
    const creator = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await post(creator, '/api/auth/signup', {
      fullName: name,
      email,
      password: 'ett långt lösenord 2026',
      role: 'creator',
      acceptPrivacy: true,
      locale: 'sv',
    });
    await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
    const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
    await post(creator, '/api/auth/verify-email', { token });
    const campaigns = await get<{ id: string; title: string }[]>(
      creator,
      `/api/campaigns?q=${encodeURIComponent('fjällrost')}`,
    );
    const campaign = campaigns.find((item) => item.title === CAMPAIGN);
    expect(campaign, 'the seeded campaign').toBeTruthy();
    await post(creator, `/api/campaigns/${campaign?.id}/claims`, { guidelinesConfirmed: true });
    await creator.dispose();

    // The admin (the page's own cookies) opens the claims table from the console's start page.
    await signInAdminByApi(page.request);
    await page.goto('/app/admin');
    await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('link', { name: /^Ansökningar/ }).click();
    await expect(page.getByRole('heading', { name: 'Ansökningar', level: 1 })).toBeVisible();

    // Only pending claims: the filter is kept in the URL.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Väntar på svar' }).click();
    await expect(page).toHaveURL(/[?&]status=pending/);
    const grid = page.getByRole('grid', { name: 'Ansökningar' });
    // The grid is its own (large) chunk.
    const row = grid.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Väntar på svar', { timeout: 15_000 });
    await expect(row).toContainText(CAMPAIGN);
    await expect(grid.getByRole('row').filter({ hasText: 'Avslagen' })).toHaveCount(0);

    // Force pending → rejected with a reason.
    await row.getByRole('menuitem', { name: `Ändra status för ansökan från ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ändra status' });
    await expect(dialog).toContainText(`Ansökan från ${name} till ${CAMPAIGN} har status ”Väntar på svar”.`);
    await dialog.getByRole('combobox', { name: 'Ny status' }).click();
    await page.getByRole('option', { name: 'Avslagen' }).click();
    await dialog.getByRole('button', { name: 'Ändra status' }).click();
    await expect(dialog.getByText('Obligatoriskt.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Skäl' }).fill(reason);
    await dialog.getByRole('button', { name: 'Ändra status' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('alert').filter({ hasText: `Ansökan från ${name} har nu status ”Avslagen”.` }),
    ).toBeVisible();
    // No longer pending: gone from the filtered list.
    await expect(row).toHaveCount(0);

    // Rejected claims show it; its history link opens the audit log filtered to the claim.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Avslagen' }).click();
    await expect(page).toHaveURL(/[?&]status=rejected/);
    await expect(row).toContainText('Avslagen');
    await row.getByRole('menuitem', { name: `Granskningslogg för ansökan från ${name}` }).click();

    await expect(page.getByRole('heading', { name: 'Granskningslogg', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/[?&]entityType=claim&entityId=/);
    await expect(page.getByRole('textbox', { name: 'Typ' })).toHaveValue('claim');
    const entry = page.getByRole('grid', { name: 'Granskningslogg' }).getByRole('row').filter({ hasText: reason });
    await expect(entry).toContainText('claim.rejected', { timeout: 15_000 });
    await expect(entry).toContainText('Alva Admin');
    await expect(entry).toContainText('Väntar på svar → Avslagen');
    // The claim's creation is logged for the same claim, by the creator.
    await expect(
      page.getByRole('grid', { name: 'Granskningslogg' }).getByRole('row').filter({ hasText: 'claim.create' }),
    ).toContainText(name);
  });
});

test.describe('admin tables: keyset pages', () => {
  test('the next page is asked for with the cursor the page before it answered', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(90_000));
    const origin = baseURL ?? '';
    const suffix = `keyset${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const visitor = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    for (let n = 0; n < 11; n += 1) {
      await post(visitor, '/api/auth/signup', {
        fullName: `Kim Keyset ${n}`,
        email: `${suffix}-${String(n).padStart(2, '0')}@example.com`,
        password: 'ett långt lösenord 2026',
        role: 'creator',
        acceptPrivacy: true,
        locale: 'sv',
      });
    }
    await visitor.dispose();

    await signInAdminByApi(page.request);
    const firstPage = page.waitForResponse((response) => /\/api\/admin\/users\?/.test(response.url()));
    await page.goto(`/app/admin/users?q=${suffix}&pageSize=10&sort=email&order=asc`);
    await expect(page.getByRole('heading', { name: 'Användare', level: 1 })).toBeVisible({ timeout: 15_000 });
    const { nextCursor } = (await (await firstPage).json()) as { nextCursor: string };
    const grid = page.getByRole('grid', { name: 'Användare' });
    await expect(grid.getByRole('row').filter({ hasText: `${suffix}-09@` })).toBeVisible({ timeout: 15_000 });

    const secondPage = page.waitForRequest((request) => /\/api\/admin\/users\?/.test(request.url()));
    await page.getByRole('button', { name: 'Gå till nästa sida' }).click();
    const asked = new URL((await secondPage).url());
    expect(asked.searchParams.get('cursor')).toBe(nextCursor);
    expect(asked.searchParams.get('page')).toBe('2');
    await expect(grid.getByRole('row').filter({ hasText: `${suffix}-10@` })).toBeVisible();
    await expect(grid.getByRole('row').filter({ hasText: `${suffix}-09@` })).toHaveCount(0);
    await checkPage(page, 'admin users, second page');
  });

  test('a page past the numbered ones opened by its address explains how to get there, without an error', async ({
    page,
  }) => {
    test.setTimeout(scaled(60_000));
    await signInAdminByApi(page.request);
    // The API serves pages by number only within the first 10,000 rows (ADR 036): at ten rows a page
    // page 1,000 is the last of them. Page 1,001 opened by its address (no cursor in this tab) asks nothing.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/admin\/users\?/.test(request.url())) asked.push(request.url());
    });
    await page.goto('/app/admin/users?pageSize=10&page=1001');
    await expect(page.getByRole('heading', { name: 'Användare', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Sidor efter sida 1000 nås genom att bläddra framåt från första sidan.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Försök igen' })).toHaveCount(0);
    expect(asked).toEqual([]);
    await checkPage(page, 'admin users, a page past the numbered ones');

    await page.getByRole('button', { name: 'Till första sidan' }).click();
    await expect(page).toHaveURL(/\/app\/admin\/users\?pageSize=10$/);
    await expect(page.getByRole('grid', { name: 'Användare' }).getByRole('row').nth(1)).toBeVisible();
    expect(asked.map((url) => new URL(url).searchParams.get('page'))).toEqual(['1']);

    // The last numbered page by its address is asked for by number, and served.
    const deepest = page.waitForResponse((response) => /\/api\/admin\/users\?.*page=1000/.test(response.url()));
    await page.goto('/app/admin/users?pageSize=10&page=1000');
    expect((await deepest).status()).toBe(200);
    await expect(page.getByText('Sidor efter sida 1000')).toHaveCount(0);
  });
});

test.describe('money tables: keyset pages', () => {
  test('the payments table pages forward with the cursor and back to the first page', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(120_000));
    const origin = baseURL ?? '';
    // Eleven invoiced campaigns of the demo brand: at least eleven payments, oldest first from the
    // seeded ones (rows other tests add come last in this order, so page 1 stays the same).
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, 'brand@demo.kollab.se', 'demo-brand-2026');
    const address = await brand.put('/api/billing/address', {
      data: { street: 'Sveavägen 10', postalCode: '111 57', city: 'Stockholm' },
    });
    expect(address.ok(), await address.text()).toBe(true);
    const starts = Date.now() + 86_400_000;
    for (let n = 0; n < 11; n += 1) {
      const campaign = await post<{ id: string }>(brand, '/api/campaigns', {
        title: `Sidor med markör ${n}`,
        description: 'Betalas mot faktura.',
        objectives: ['awareness'],
        categories: ['food'],
        platforms: ['instagram'],
        creatorTiers: ['nano'],
        budgetOre: 200_000,
        payoutOre: 100_000,
        slots: 2,
        startsAt: new Date(starts).toISOString(),
        endsAt: new Date(starts + 30 * 86_400_000).toISOString(),
      });
      await post(brand, `/api/campaigns/${campaign.id}/payments`, { method: 'invoice' });
    }
    await brand.dispose();

    await signInAdminByApi(page.request);
    const isPayments = (url: string) => /\/api\/admin\/payments\?/.test(url);
    const firstPage = page.waitForResponse((response) => isPayments(response.url()));
    await page.goto('/app/admin/payments?pageSize=10&order=asc');
    await expect(page.getByRole('heading', { name: 'Betalningar', level: 1 })).toBeVisible({ timeout: 15_000 });
    const first = (await (await firstPage).json()) as { data: { id: string }[]; nextCursor: string };
    expect(first.data).toHaveLength(10);
    const grid = page.getByRole('grid', { name: 'Betalningar' });
    await expect(grid.getByRole('row')).toHaveCount(11);

    const secondAsked = page.waitForRequest((request) => isPayments(request.url()));
    const secondPage = page.waitForResponse((response) => isPayments(response.url()));
    await page.getByRole('button', { name: 'Gå till nästa sida' }).click();
    const asked = new URL((await secondAsked).url());
    expect(asked.searchParams.get('cursor')).toBe(first.nextCursor);
    expect(asked.searchParams.get('page')).toBe('2');
    const second = (await (await secondPage).json()) as { data: { id: string }[] };
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.filter((row) => first.data.some((seen) => seen.id === row.id))).toEqual([]);
    await expect(page).toHaveURL(/page=2/);
    await checkPage(page, 'admin payments, second page');

    // Back: the first page is asked for by number (it has no cursor) and shows the same rows.
    const backAsked = page.waitForRequest((request) => isPayments(request.url()));
    const backPage = page.waitForResponse((response) => isPayments(response.url()));
    await page.getByRole('button', { name: 'Gå till föregående sida' }).click();
    const back = new URL((await backAsked).url());
    expect(back.searchParams.get('page')).toBe('1');
    expect(back.searchParams.get('cursor')).toBeNull();
    expect(((await (await backPage).json()) as { data: { id: string }[] }).data).toEqual(first.data);
    await expect(page).not.toHaveURL(/page=2/);
  });
});

test.describe('provider usage', () => {
  test('an admin sees what a brand spent at the data provider today', async ({ page, playwright, baseURL }) => {
    test.setTimeout(scaled(60_000));
    const origin = baseURL ?? '';
    // The demo brand opens a report it has not opened before: one credit, booked for today.
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, 'brand@demo.kollab.se', 'demo-brand-2026');
    const report = await brand.post('/api/discovery/tiktok/reports/cleocreates', { data: { refresh: true } });
    expect(report.status(), await report.text()).toBe(200);
    await brand.dispose();

    await signInAdminByApi(page.request);
    await page.goto('/app/admin');
    await page.getByRole('link', { name: /^Dataleverantörens förbrukning/ }).click();
    await expect(page.getByRole('heading', { name: 'Dataleverantörens förbrukning', level: 1 })).toBeVisible();
    // Today's total of all users against the global budget (PROVIDER_GLOBAL_DAILY_CREDITS, default 300).
    await expect(
      page.getByText(/Alla användare i dag: [\d,\s]+ av 300 krediter, [\d\s]+ av 1\s000 råanrop\./),
    ).toBeVisible();
    const row = page
      .getByRole('grid', { name: 'Dataleverantörens förbrukning' })
      .getByRole('row')
      .filter({ hasText: 'brand@demo.kollab.se' });
    await expect(row).toContainText('Fjällkaffe AB');
    await expect(row).toContainText(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date()),
    );
  });
});

test.describe('failed jobs', () => {
  test('an admin opens the failed jobs (dead letters) from the console', async ({ page }) => {
    test.setTimeout(scaled(60_000));
    await signInAdminByApi(page.request);
    await page.goto('/app/admin');
    await page.getByRole('link', { name: /^Misslyckade jobb/ }).click();
    await expect(page.getByRole('heading', { name: 'Misslyckade jobb', level: 1 })).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Misslyckade jobb' });
    await expect(grid.getByRole('columnheader', { name: 'Fel' })).toBeVisible({ timeout: 15_000 });
    await checkPage(page, 'failed jobs');
  });
});
