import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail, newestMailTo } from './mail.ts';
import { camt054Answer } from './payout-answer.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';
const EARNED = 250_000;
/** One creator per language withdraws twice: to an IBAN (paid) and to a bank account (returned). */
const TO_IBAN = 100_000;
const TO_BANK = 150_000;

const TEXT = {
  sv: {
    queue: 'Utbetalningar',
    createBatch: 'Skapa utbetalningsfil (2)',
    batches: 'Utbetalningsfiler',
    export: 'Exportera pain.001',
    answers: 'Bankens svar på utbetalningar',
    returns: 'Ger tillbaka pengarna',
    pays: 'Markerar betald',
    confirm: 'Läs in svaret',
    imported: /^Inläst: 1 betalda \(1\s000,00\skr\), 1 tillbaka till kreatörernas saldon \(1\s500,00\skr\)\.$/,
    mine: 'Mina uttag',
    returned: 'Kom tillbaka',
    paid: 'Utbetald',
    returnedNote: 'Banken eller Swish skickade tillbaka pengarna (kod AC04)',
    mail: 'kontot är avslutat (AC04)',
    status: 'Utbetalningsstatus',
  },
  en: {
    queue: 'Payouts',
    createBatch: 'Create payout batch (2)',
    batches: 'Payout batches',
    export: 'Export pain.001',
    answers: 'Bank answers to payouts',
    returns: 'Returns the money',
    pays: 'Marks paid',
    confirm: 'Import the answer',
    imported: /^Imported: 1 paid \(SEK\s1,000\.00\), 1 returned to the creators' balances \(SEK\s1,500\.00\)\.$/,
    mine: 'My withdrawals',
    returned: 'Returned',
    paid: 'Paid',
    returnedNote: 'The bank or Swish sent the money back (code AC04)',
    mail: 'the account is closed (AC04)',
    status: 'Payout status',
  },
} as const;

async function post<T>(request: APIRequestContext, path: string, body: unknown = {}, headers = {}): Promise<T> {
  const response = await request.post(path, { data: body, headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * A fresh creator signed in on `request`, with the seeded campaign's payout earned (claimed,
 * approved, submitted and accepted through the API), who withdraws `amountOre` to each method.
 */
async function creatorWithWithdrawals(
  request: APIRequestContext,
  brand: APIRequestContext,
  locale: 'sv' | 'en',
  withdrawals: { method: Record<string, string>; amountOre: number }[],
  beforeWithdrawing?: () => Promise<void>,
) {
  const email = `payout-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'ett långt lösenord 2026';
  await post(request, '/api/auth/signup', {
    fullName: `Petra Payout ${locale}`,
    email,
    password,
    role: 'creator',
    acceptPrivacy: true,
    locale,
  });
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  await post(request, '/api/auth/verify-email', { token });
  await signInByApi(request, email, password);
  // Invoicing with F-skatt, the creator's balance is the whole payout (a private person's would be the net, ADR 028).
  const fTax = await request.put('/api/tax/profile', {
    data: { status: 'f_tax', orgNumber: '559012-3450', vatRegistered: false },
  });
  expect(fTax.ok(), await fTax.text()).toBe(true);
  const list = await request.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`);
  const campaign = ((await list.json()) as { data: { id: string; title: string }[] }).data.find(
    (item) => item.title === CAMPAIGN,
  );
  expect(campaign, 'the seeded campaign').toBeTruthy();
  const claim = await post<{ id: string }>(request, `/api/campaigns/${campaign?.id}/claims`, {
    guidelinesConfirmed: true,
  });
  await post(brand, `/api/claims/${claim.id}/approve`);
  await post(request, `/api/claims/${claim.id}/submit`, {
    url: 'https://www.instagram.com/reel/Cx1234567ab/',
    adLabelConfirmed: true,
  });
  await post(brand, `/api/claims/${claim.id}/accept`);
  await beforeWithdrawing?.();
  const endToEndIds: string[] = [];
  for (const { method, amountOre } of withdrawals) {
    const { id: methodId } = await post<{ id: string }>(request, '/api/user/payment-methods/add', method);
    const withdrawal = await post<{ id: string }>(
      request,
      '/api/withdrawals',
      { amountOre, paymentMethodId: methodId },
      { 'Idempotency-Key': crypto.randomUUID() },
    );
    endToEndIds.push(`KW${withdrawal.id.toUpperCase()}`);
  }
  return { email, endToEndIds };
}

async function adminPage(browser: import('@playwright/test').Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  await signInAdminByApi(context.request, origin);
  return { context, page: await context.newPage() };
}

async function brandRequest(playwright: import('@playwright/test').PlaywrightWorkerArgs['playwright'], origin: string) {
  const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  await signInByApi(brand, BRAND.email, BRAND.password);
  return brand;
}

for (const locale of ['sv', 'en'] as const) {
  test(`bank payouts (${locale}): the admin batches, exports pain.001, imports the camt.054 answer; one comes back`, async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(120_000));
    const text = TEXT[locale];
    const origin = baseURL ?? '';
    const brand = await brandRequest(playwright, origin);
    const creator = await creatorWithWithdrawals(page.request, brand, locale, [
      { method: { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' }, amountOre: TO_IBAN },
      { method: { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123456782' }, amountOre: TO_BANK },
    ]);
    const [paidId = '', returnedId = ''] = creator.endToEndIds;
    await brand.dispose();

    const admin = await adminPage(browser, origin);
    await admin.page.goto(`/app/admin/withdrawals?locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.queue, level: 1 })).toBeVisible({ timeout: 15_000 });
    const rows = admin.page.getByRole('row').filter({ hasText: creator.email });
    await expect(rows).toHaveCount(2, { timeout: 15_000 });
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await admin.page.getByRole('button', { name: text.createBatch }).click();
    await expect(admin.page.getByRole('heading', { name: text.batches, level: 1 })).toBeVisible({ timeout: 15_000 });
    // The notice names the new batch's file id (the other language's run may batch at the same time).
    const notice = admin.page.getByRole('alert').filter({ hasText: /KB[A-Z2-7]{24}/ });
    const messageId = /KB[A-Z2-7]{24}/.exec(await notice.innerText())?.[0] ?? '';
    const batchRow = admin.page.getByRole('row').filter({ hasText: messageId });
    await expect(batchRow).toBeVisible({ timeout: 15_000 });
    await checkPage(admin.page, `payout batches (${locale})`);
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      batchRow.getByRole('menuitem', { name: text.export }).click(),
    ]);
    const xml = await readFile((await download.path()) ?? '', 'utf8');
    expect(download.suggestedFilename()).toBe(`${messageId}.xml`);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain(`<EndToEndId>${paidId}</EndToEndId>`);
    expect(xml).toContain(`<EndToEndId>${returnedId}</EndToEndId>`);
    expect(xml).toContain('<CtrlSum>2500.00</CtrlSum>');

    await admin.page.goto(`/app/admin/payout-answers?locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.answers, level: 1 })).toBeVisible();
    const answer = camt054Answer([
      { endToEndId: paidId, amountOre: TO_IBAN, returned: false },
      { endToEndId: returnedId, amountOre: TO_BANK, returned: true },
    ]);
    await admin.page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(answer) });
    await expect(admin.page.getByRole('row').filter({ hasText: returnedId })).toContainText(text.returns);
    await expect(admin.page.getByRole('row').filter({ hasText: paidId })).toContainText(text.pays);
    await checkPage(admin.page, `payout answer preview (${locale})`);
    await admin.page.getByRole('button', { name: text.confirm }).click();
    await expect(admin.page.getByRole('status').filter({ hasText: text.imported })).toBeVisible();
    await admin.context.close();

    // The creator sees one payout paid and the other come back, its money in the balance again, and a mail.
    await page.goto(`/app/withdrawal?locale=${locale}`);
    const mine = page.getByRole('list', { name: text.mine }).getByRole('listitem');
    await expect(mine.filter({ hasText: text.returnedNote })).toContainText(text.returned, { timeout: 15_000 });
    await expect(mine.filter({ hasText: paidId })).toContainText(text.paid);
    const earnings = (await (await page.request.get('/api/earnings')).json()) as { data: { availableOre: number } };
    expect(earnings.data.availableOre).toBe(TO_BANK);
    await expect.poll(async () => (await newestMailTo(creator.email)) ?? '').toContain(text.mail);
    await checkPage(page, `returned withdrawal (${locale})`);
  });
}

/** Verifies the signed-in creator on `page` with BankID in the stand-in's app, as a new adult (a number of its own). */
async function verifyWithBankId(page: Page): Promise<void> {
  await page.goto('/app/account?locale=sv');
  await page.getByRole('button', { name: 'Verifiera med BankID' }).click();
  const [app] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Öppna BankID på den här enheten' }).click(),
  ]);
  await app.getByRole('radio', { name: /Nora Nyström/ }).check();
  await app.getByRole('button', { name: 'Godkänn / Approve' }).click();
  await expect(app.getByRole('status')).toBeVisible();
  await app.close();
  await expect(page.getByText('Verifierad med BankID')).toBeVisible({ timeout: 15_000 });
}

// One language: the Swish payout reads the same in both (the bank journeys above run in each).
test('Swish payout (sv): the admin pays a verified creator through the Swish stand-in', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(scaled(120_000));
  const origin = baseURL ?? '';
  const brand = await brandRequest(playwright, origin);
  const creator = await creatorWithWithdrawals(
    page.request,
    brand,
    'sv',
    [{ method: { type: 'swish', number: '070-123 45 67' }, amountOre: EARNED }],
    () => verifyWithBankId(page),
  );
  const [endToEndId = ''] = creator.endToEndIds;
  await brand.dispose();

  const admin = await adminPage(browser, origin);
  await admin.page.goto('/app/admin/withdrawals?locale=sv');
  const row = admin.page.getByRole('row').filter({ hasText: creator.email });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.getByRole('menuitem', { name: 'Betala med Swish' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Betala uttaget med Swish' });
  await expect(dialog).toContainText(creator.email);
  await checkPage(admin.page, 'Swish payout dialog');
  await dialog.getByRole('button', { name: 'Skicka med Swish' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    admin.page.getByRole('alert').filter({ hasText: 'Swish-utbetalningen på 2 500,00 kr har skickats.' }),
  ).toBeVisible();

  // Swish (the stand-in) calls back PAID; the payout status page shows it.
  await admin.page.goto('/app/admin/payouts?rail=swish&locale=sv');
  await expect(admin.page.getByRole('heading', { name: 'Utbetalningsstatus', level: 1 })).toBeVisible();
  await expect
    .poll(
      async () => {
        await admin.page.reload();
        return admin.page.getByRole('row').filter({ hasText: endToEndId }).innerText();
      },
      { timeout: 20_000 },
    )
    .toContain('Utbetald');
  await checkPage(admin.page, 'payout status');
  await admin.context.close();

  await page.goto('/app/withdrawal');
  const mine = page.getByRole('list', { name: 'Mina uttag' }).getByRole('listitem').first();
  await expect(mine).toContainText('Utbetald');
  await expect(mine).toContainText(`Referens: ${endToEndId}`);
});
