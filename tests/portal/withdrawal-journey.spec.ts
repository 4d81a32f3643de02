import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, enterAdminCode, signInByApi } from '../fixtures/api.ts';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
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

/** Collects console errors of a second page, as the fixture does for `page`. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('earnings and withdrawals', () => {
  test('a creator with earnings withdraws to PayPal, an admin marks it paid, the creator sees it paid', async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    // Two users, API set-up and the data grid's chunk: longer than the default 30 s on a busy machine.
    test.setTimeout(scaled(90_000));
    const origin = baseURL ?? '';
    const email = `withdrawal-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'ett långt lösenord 2026';

    // A fresh, verified creator (the page's own cookies) with a PayPal account: PayPal is the way an
    // admin marks paid by hand (bank, IBAN and Swish go through the payout rails: payout-rails.spec.ts).
    const creator = page.request;
    await post(creator, '/api/auth/signup', {
      fullName: 'Wilma Withdrawal',
      email,
      password,
      role: 'creator',
      acceptPrivacy: true,
      locale: 'sv',
    });
    await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
    const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
    await post(creator, '/api/auth/verify-email', { token });
    await post(creator, '/api/user/payment-methods/add', { type: 'paypal', email: 'wilma@example.com' });
    // Invoicing with F-skatt, the creator's balance is the whole payout (a private person's would be the net, ADR 028).
    const fTax = await creator.put('/api/tax/profile', {
      data: { status: 'f_tax', orgNumber: '559012-3450', vatRegistered: false },
    });
    expect(fTax.ok(), await fTax.text()).toBe(true);

    // Earnings: the creator claims the seeded campaign, the brand approves, the creator submits, the brand accepts.
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, BRAND.email, BRAND.password);
    const campaigns = await get<{ id: string; title: string }[]>(
      creator,
      `/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`,
    );
    const campaign = campaigns.find((item) => item.title === CAMPAIGN);
    expect(campaign, 'the seeded campaign').toBeTruthy();
    const claim = await post<{ id: string }>(creator, `/api/campaigns/${campaign?.id}/claims`, {
      guidelinesConfirmed: true,
    });
    await post(brand, `/api/claims/${claim.id}/approve`);
    await post(creator, `/api/claims/${claim.id}/submit`, {
      url: 'https://www.instagram.com/reel/Cx1234567ab/',
      adLabelConfirmed: true,
    });
    await post(brand, `/api/claims/${claim.id}/accept`);
    await brand.dispose();

    // The creator sees the money and withdraws all of it to PayPal, step by step.
    await page.goto('/app/earnings');
    await expect(page.getByRole('heading', { name: 'Intäkter', level: 1 })).toBeVisible({ timeout: 15_000 });
    const balances = page.getByRole('definition');
    await expect(balances.filter({ hasText: /^2\s500,00\skr$/ })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: CAMPAIGN })).toContainText('Intjänad');

    await page.getByRole('link', { name: 'Ta ut pengar' }).click();
    await expect(page.getByRole('heading', { name: 'Välj uttagsmetod' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /PayPal w•••@example\.com/ })).toBeChecked();
    await page.getByRole('button', { name: 'Nästa' }).click();

    await expect(page.getByRole('heading', { name: 'Hur mycket vill du ta ut?' })).toBeFocused();
    const amount = page.getByRole('textbox', { name: 'Belopp' });
    await expect(amount).toHaveValue('2500');
    await amount.fill('50');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByText('Minsta uttag är 100,00 kr.')).toBeVisible();
    await page.getByRole('button', { name: 'Ta ut allt' }).click();
    await page.getByRole('button', { name: 'Nästa' }).click();

    await expect(page.getByRole('heading', { name: 'Bekräfta uttaget' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'PayPal w•••@example.com' })).toBeVisible();
    await page.getByRole('button', { name: 'Bekräfta uttag' }).click();
    await expect(page.getByRole('heading', { name: 'Uttaget är begärt' })).toBeVisible();
    const myWithdrawals = page.getByRole('list', { name: 'Mina uttag' });
    await expect(myWithdrawals.getByRole('listitem').first()).toContainText('2 500,00 kr till PayPal w•••@example.com');
    await expect(myWithdrawals.getByRole('listitem').first()).toContainText('Begärd');

    // The admin pays it from the payouts queue.
    const adminContext = await browser.newContext({ baseURL: origin });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await watchContentSecurityPolicy(adminContext, adminErrors);
    await admin.goto('/app/login?callbackUrl=%2Fapp%2Fadmin%2Fwithdrawals');
    await admin.getByRole('textbox', { name: 'E-postadress' }).fill(ADMIN.email);
    await admin.getByLabel(/^Lösenord/).fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Logga in', exact: true }).click();
    await enterAdminCode(admin, { label: 'Sexsiffrig kod', submit: 'Fortsätt' });
    // Sign-in, then the lazy shell, layout and page chunks.
    await expect(admin.getByRole('heading', { name: 'Utbetalningar', level: 1 })).toBeVisible({ timeout: 15_000 });

    const row = admin.getByRole('row').filter({ hasText: email });
    // The grid is its own (large) chunk.
    await expect(row).toContainText('2 500,00 kr', { timeout: 15_000 });
    await expect(row).toContainText('Begärd');
    await row.getByRole('checkbox').check();
    await expect(admin.getByRole('link', { name: /Exportera CSV \(\d+\)/ })).toHaveAttribute(
      'href',
      /\/api\/admin\/withdrawals\/export\?ids=/,
    );
    await row.getByRole('menuitem', { name: 'Markera som betalt' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Markera uttaget som betalt' });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('textbox', { name: 'Referens' }).fill('PAYPAL-E2E-1');
    await dialog.getByRole('button', { name: 'Markera som betalt' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      admin.getByRole('alert').filter({ hasText: 'Uttaget på 2 500,00 kr är markerat som betalt.' }),
    ).toBeVisible();
    await expect(row).toContainText('Utbetald');
    expect(adminErrors).toEqual([]);
    await adminContext.close();

    // The creator sees it paid, with the reference.
    await page.reload();
    await expect(myWithdrawals.getByRole('listitem').first()).toContainText('Utbetald');
    await expect(myWithdrawals.getByRole('listitem').first()).toContainText('Referens: PAYPAL-E2E-1');
    await page.getByRole('link', { name: 'Intäkter', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Intäkter', level: 1 })).toBeVisible();
    // Nothing available or pending any more; the 2 500 kr are paid out.
    await expect(balances.filter({ hasText: /^0,00\skr$/ })).toHaveCount(2);
    await expect(balances.filter({ hasText: /^2\s500,00\skr$/ })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Uttag till PayPal w•••@example.com' })).toContainText(
      'Utbetald',
    );
  });
});
