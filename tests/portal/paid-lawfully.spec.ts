import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail, newestMailTo } from './mail.ts';
import { camt054Answer } from './payout-answer.ts';

// Issue 17 end to end, in both languages: a private person and an F-skatt creator each complete a
// claim on the funded seeded campaign (2 500 kr) and see their breakdowns; the private person's net
// goes by bank in a pain.001 batch whose camt.054 answer returns it; the F-skatt creator, verified
// with BankID, is paid by Swish; the month's employer report holds the private person and not the
// F-skatt creator.
const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';
/** A private person's net of 2 500 kr (ADR 028: 598 kr contributions, 570 kr tax). */
const NET_ORE = 133_200;
const GROSS_ORE = 250_000;

const TEXT = {
  sv: {
    breakdown: 'Din ersättning',
    privateGets: /Du får\s*1\s332,00\skr/,
    fTaxGets: /Du får\s*2\s500,00\skr/,
    // A personal number verifies one account: the stand-in's new adult has a new one each time.
    bankIdPerson: /Nora Nyström/,
    verify: 'Verifiera med BankID',
    openHere: 'Öppna BankID på den här enheten',
    verified: 'Verifierad med BankID',
    queue: 'Utbetalningar',
    createBatch: 'Skapa utbetalningsfil (1)',
    batches: 'Utbetalningsfiler',
    export: 'Exportera pain.001',
    answers: 'Bankens svar på utbetalningar',
    returns: 'Ger tillbaka pengarna',
    confirm: 'Läs in svaret',
    imported: /^Inläst: 0 betalda .*1 tillbaka till kreatörernas saldon \(1\s332,00\skr\)\.$/,
    paySwish: 'Betala med Swish',
    swishDialog: 'Betala uttaget med Swish',
    sendSwish: 'Skicka med Swish',
    swishSent: 'Swish-utbetalningen på 2 500,00 kr har skickats.',
    status: 'Utbetalningsstatus',
    paid: 'Utbetald',
    mine: 'Mina uttag',
    returned: 'Kom tillbaka',
    returnedMail: 'kontot är avslutat (AC04)',
    report: 'Arbetsgivardeklaration',
    month: 'Månad',
  },
  en: {
    breakdown: 'Your pay',
    privateGets: /You get\s*SEK\s1,332\.00/,
    fTaxGets: /You get\s*SEK\s2,500\.00/,
    bankIdPerson: /Nora Nyström/,
    verify: 'Verify with BankID',
    openHere: 'Open BankID on this device',
    verified: 'Verified with BankID',
    queue: 'Payouts',
    createBatch: 'Create payout batch (1)',
    batches: 'Payout batches',
    export: 'Export pain.001',
    answers: 'Bank answers to payouts',
    returns: 'Returns the money',
    confirm: 'Import the answer',
    imported: /^Imported: 0 paid .*1 returned to the creators' balances \(SEK\s1,332\.00\)\.$/,
    paySwish: 'Pay with Swish',
    swishDialog: 'Pay the withdrawal with Swish',
    sendSwish: 'Send with Swish',
    swishSent: 'The Swish payout of SEK 2,500.00 has been sent.',
    status: 'Payout status',
    paid: 'Paid',
    mine: 'My withdrawals',
    returned: 'Returned',
    returnedMail: 'the account is closed (AC04)',
    report: 'Employer declaration',
    month: 'Month',
  },
} as const;

type Locale = keyof typeof TEXT;

async function send<T>(
  request: APIRequestContext,
  method: 'post' | 'get' | 'put',
  path: string,
  body?: unknown,
  headers = {},
) {
  const response = await request[method](path, { ...(body === undefined ? {} : { data: body }), headers });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A fresh creator, verified from the mail and signed in on `request`; returns the name, e-mail and user id. */
async function signUp(request: APIRequestContext, locale: Locale, who: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `lawful-${who}-${locale}-${suffix}@example.com`;
  const fullName = `${who === 'private' ? 'Pia Privat' : 'Fredrik Firma'} ${locale} ${suffix}`;
  const password = 'ett långt lösenord 2026';
  await send(request, 'post', '/api/auth/signup', {
    fullName,
    email,
    password,
    role: 'creator',
    acceptPrivacy: true,
    locale,
  });
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  await send(request, 'post', '/api/auth/verify-email', { token });
  await signInByApi(request, email, password);
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  return { fullName, email, id: session.user.id };
}

/** Claims the seeded campaign; the brand approves and, after the creator's video, accepts. */
async function completeClaim(creator: APIRequestContext, brand: APIRequestContext, campaignId: string) {
  const claim = await send<{ id: string }>(creator, 'post', `/api/campaigns/${campaignId}/claims`, {
    guidelinesConfirmed: true,
  });
  await send(brand, 'post', `/api/claims/${claim.id}/approve`, {});
  await send(creator, 'post', `/api/claims/${claim.id}/submit`, {
    url: 'https://www.instagram.com/reel/Cx1234567ab/',
    adLabelConfirmed: true,
  });
  await send(brand, 'post', `/api/claims/${claim.id}/accept`, {});
}

/** Withdraws `amountOre` to a new payment method; returns the payout's EndToEndId. */
async function withdraw(request: APIRequestContext, method: Record<string, string>, amountOre: number) {
  const { id: paymentMethodId } = await send<{ id: string }>(request, 'post', '/api/user/payment-methods/add', method);
  const withdrawal = await send<{ id: string }>(
    request,
    'post',
    '/api/withdrawals',
    { amountOre, paymentMethodId },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  return `KW${withdrawal.id.toUpperCase()}`;
}

async function verifyWithBankId(page: Page, locale: Locale): Promise<void> {
  const text = TEXT[locale];
  await page.goto(`/app/account?locale=${locale}`);
  await page.getByRole('button', { name: text.verify }).click();
  const [app] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: text.openHere }).click(),
  ]);
  await app.getByRole('radio', { name: text.bankIdPerson }).check();
  await app.getByRole('button', { name: 'Godkänn / Approve' }).click();
  await expect(app.getByRole('status')).toBeVisible();
  await app.close();
  await expect(page.getByText(text.verified)).toBeVisible({ timeout: 15_000 });
}

async function adminPage(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  await signInAdminByApi(context.request, origin);
  return { context, page: await context.newPage() };
}

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];
  test(`creators are paid lawfully (${locale}): breakdowns, a bank payout returned, a Swish payout, the employer report`, async ({
    page,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(240_000));
    const origin = baseURL ?? '';
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, BRAND.email, BRAND.password);
    const campaigns = await send<{ id: string; title: string }[]>(
      brand,
      'get',
      `/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`,
    );
    const campaignId = campaigns.find((item) => item.title === CAMPAIGN)?.id ?? '';
    expect(campaignId, 'the seeded campaign').not.toBe('');

    // The private person: a typed personal number, the breakdown before claiming, the net credited.
    const privateContext = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    const privatePage = await privateContext.newPage();
    const person = await signUp(privatePage.request, locale, 'private');
    await send(privatePage.request, 'post', `/api/user/update/${person.id}`, { personalNumber: '19900303-0013' });
    await privatePage.goto(`/app/campaigns/${campaignId}?locale=${locale}`);
    await expect(privatePage.getByRole('region', { name: text.breakdown })).toContainText(text.privateGets, {
      timeout: 15_000,
    });
    await checkPage(privatePage, `private person's breakdown (${locale})`);
    await completeClaim(privatePage.request, brand, campaignId);
    expect((await send<{ availableOre: number }>(privatePage.request, 'get', '/api/earnings')).availableOre).toBe(
      NET_ORE,
    );

    // The F-skatt creator (the test's own page): verified with BankID, the whole payout credited.
    const firm = await signUp(page.request, locale, 'ftax');
    await send(page.request, 'put', '/api/tax/profile', {
      status: 'f_tax',
      orgNumber: '559012-3450',
      vatRegistered: false,
    });
    await page.goto(`/app/campaigns/${campaignId}?locale=${locale}`);
    await expect(page.getByRole('region', { name: text.breakdown })).toContainText(text.fTaxGets, { timeout: 15_000 });
    await checkPage(page, `F-skatt breakdown (${locale})`);
    await verifyWithBankId(page, locale);
    await completeClaim(page.request, brand, campaignId);
    await brand.dispose();
    expect((await send<{ availableOre: number }>(page.request, 'get', '/api/earnings')).availableOre).toBe(GROSS_ORE);

    // Withdrawals: the private person's net to a bank account, the F-skatt creator's payout to Swish.
    const bankId = await withdraw(
      privatePage.request,
      { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123456782' },
      NET_ORE,
    );
    const swishId = await withdraw(page.request, { type: 'swish', number: '070-765 43 21' }, GROSS_ORE);

    // The admin batches the bank payout and exports pain.001.
    const admin = await adminPage(browser, origin);
    await admin.page.goto(`/app/admin/withdrawals?locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.queue, level: 1 })).toBeVisible({ timeout: 15_000 });
    const bankRow = admin.page.getByRole('row').filter({ hasText: person.email });
    await expect(bankRow).toBeVisible({ timeout: 15_000 });
    await bankRow.getByRole('checkbox').check();
    await admin.page.getByRole('button', { name: text.createBatch }).click();
    await expect(admin.page.getByRole('heading', { name: text.batches, level: 1 })).toBeVisible({ timeout: 15_000 });
    const notice = admin.page.getByRole('alert').filter({ hasText: /KB[A-Z2-7]{24}/ });
    const messageId = /KB[A-Z2-7]{24}/.exec(await notice.innerText())?.[0] ?? '';
    const batchRow = admin.page.getByRole('row').filter({ hasText: messageId });
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      batchRow.getByRole('menuitem', { name: text.export }).click(),
    ]);
    const xml = await readFile((await download.path()) ?? '', 'utf8');
    expect(xml).toContain(`<EndToEndId>${bankId}</EndToEndId>`);
    expect(xml).toContain('<CtrlSum>1332.00</CtrlSum>');

    // The bank's camt.054 answer returns it: the money is back in the creator's balance, with a mail.
    await admin.page.goto(`/app/admin/payout-answers?locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.answers, level: 1 })).toBeVisible();
    await admin.page.locator('input[type="file"]').setInputFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camt054Answer([{ endToEndId: bankId, amountOre: NET_ORE, returned: true }])),
    });
    await expect(admin.page.getByRole('row').filter({ hasText: bankId })).toContainText(text.returns);
    await admin.page.getByRole('button', { name: text.confirm }).click();
    await expect(admin.page.getByRole('status').filter({ hasText: text.imported })).toBeVisible();

    // The admin pays the F-skatt creator by Swish; the stand-in calls back PAID.
    await admin.page.goto(`/app/admin/withdrawals?locale=${locale}`);
    const swishRow = admin.page.getByRole('row').filter({ hasText: firm.email });
    await expect(swishRow).toBeVisible({ timeout: 15_000 });
    await swishRow.getByRole('menuitem', { name: text.paySwish }).click();
    const dialog = admin.page.getByRole('dialog', { name: text.swishDialog });
    await dialog.getByRole('button', { name: text.sendSwish }).click();
    await expect(admin.page.getByRole('alert').filter({ hasText: text.swishSent })).toBeVisible();
    await admin.page.goto(`/app/admin/payouts?rail=swish&locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.status, level: 1 })).toBeVisible();
    await expect
      .poll(
        async () => {
          await admin.page.reload();
          return admin.page.getByRole('row').filter({ hasText: swishId }).innerText();
        },
        { timeout: 20_000 },
      )
      .toContain(text.paid);

    // This month's employer report: the private person is in it, the F-skatt creator is not.
    await admin.page.goto(`/app/admin/employer-report?locale=${locale}`);
    await expect(admin.page.getByRole('heading', { name: text.report, level: 1 })).toBeVisible({ timeout: 15_000 });
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date()).slice(0, 7);
    await admin.page.getByLabel(text.month).fill(month);
    await expect(admin.page.getByRole('row').filter({ hasText: person.fullName })).toContainText('19900303-****');
    await expect(admin.page.getByRole('row').filter({ hasText: firm.fullName })).toHaveCount(0);
    await checkPage(admin.page, `employer report (${locale})`);
    await admin.context.close();

    // The private person sees the payout come back and the money available again; the mail says why.
    await privatePage.goto(`/app/withdrawal?locale=${locale}`);
    const mine = privatePage.getByRole('list', { name: text.mine }).getByRole('listitem');
    // Its only withdrawal: back, with the bank's code, and the money available again.
    await expect(mine).toHaveCount(1, { timeout: 15_000 });
    await expect(mine.first()).toContainText(text.returned);
    await expect(mine.first()).toContainText('AC04');
    expect((await send<{ availableOre: number }>(privatePage.request, 'get', '/api/earnings')).availableOre).toBe(
      NET_ORE,
    );
    await expect.poll(async () => (await newestMailTo(person.email)) ?? '').toContain(text.returnedMail);
    await checkPage(privatePage, `returned payout (${locale})`);
    await privateContext.close();

    // The F-skatt creator sees the Swish payout paid.
    await page.goto(`/app/withdrawal?locale=${locale}`);
    await expect(page.getByRole('list', { name: text.mine }).getByRole('listitem').first()).toContainText(text.paid, {
      timeout: 15_000,
    });
  });
}
