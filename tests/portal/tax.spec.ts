import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from './mail.ts';

// The creator's tax side (ADR 028): choosing a tax status, the payout breakdown before claiming,
// the yearly statement and the admin's employer report, in both languages, on the seeded
// campaign (2 500 kr: 598 kr contributions, 570 kr tax, 1 332 kr net for a private person).
const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';

const PERSONAL_NUMBER = { sv: '19900101-0017', en: '19900202-0023' } as const;

const TEXT = {
  sv: {
    taxTitle: 'Skatt och utbetalning',
    notChosen: /Du har inte valt ännu/,
    fTax: /Jag har F-skatt/,
    private: /Privatperson/,
    orgNumber: 'Organisationsnummer eller personnummer',
    vat: 'Jag är momsregistrerad (25 % moms läggs på beloppet)',
    save: 'Spara',
    badNumber: 'Numret stämmer inte. Kontrollera siffrorna.',
    saved: 'Sparat. Det gäller uppdrag som godkänns från och med nu.',
    breakdown: 'Din ersättning',
    youGet: /Du får\s*1\s332,00\skr/,
    fTaxGet: /Du får\s*3\s125,00\skr/,
    statement: 'Årsbesked',
    split: 'Ersättningar uppdelade',
    splitRow: /1\s902,00\skr.*598,00\skr.*570,00\skr.*1\s332,00\skr/,
    reportRow: /1\s902.*570/,
    statementRow: /1\s902,00\skr.*598,00\skr.*570,00\skr.*1\s332,00\skr.*1\s902\s\/\s570/,
    downloadPdf: 'Ladda ner PDF',
    report: 'Arbetsgivardeklaration',
    month: 'Månad',
    xml: 'Ladda ner XML',
    csv: 'Ladda ner CSV',
  },
  en: {
    taxTitle: 'Tax and payouts',
    notChosen: /You have not chosen yet/,
    fTax: /I have F-skatt/,
    private: /Private person/,
    orgNumber: 'Organisation number or personal number',
    vat: 'I am registered for VAT (25 % VAT is added to the amount)',
    save: 'Save',
    badNumber: 'The number is not right. Check the digits.',
    saved: 'Saved. It applies to work accepted from now on.',
    breakdown: 'Your pay',
    youGet: /You get\s*SEK\s1,332\.00/,
    fTaxGet: /You get\s*SEK\s3,125\.00/,
    statement: 'Yearly statement',
    split: 'Earnings split',
    splitRow: /SEK\s1,902\.00.*SEK\s598\.00.*SEK\s570\.00.*SEK\s1,332\.00/,
    reportRow: /1,902.*570/,
    statementRow: /SEK\s1,902\.00.*SEK\s598\.00.*SEK\s570\.00.*SEK\s1,332\.00.*1,902\s\/\s570/,
    downloadPdf: 'Download PDF',
    report: 'Employer declaration',
    month: 'Month',
    xml: 'Download XML',
    csv: 'Download CSV',
  },
} as const;

async function send<T>(request: APIRequestContext, method: 'post' | 'get', path: string, body?: unknown) {
  const response = await request[method](path, body === undefined ? {} : { data: body });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A fresh, verified creator signed in on `request`, with a typed personal number; its name. */
async function signUpCreator(request: APIRequestContext, locale: 'sv' | 'en') {
  const email = `tax-${locale}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const fullName = `Tina Tax ${locale} ${Date.now().toString(36)}`;
  const res = await request.post('/api/auth/signup', {
    data: { fullName, email, password: 'ett långt lösenord 2026', role: 'creator', acceptPrivacy: true, locale },
  });
  expect(res.status()).toBe(202);
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  const session = (await (await request.get('/api/auth/session')).json()) as { user: { id: string } };
  await send(request, 'post', `/api/user/update/${session.user.id}`, { personalNumber: PERSONAL_NUMBER[locale] });
  return fullName;
}

/** At 360 px wide nothing scrolls sideways (wide tables scroll inside their own box). */
async function checkPhone(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await checkPage(page, `${name} at 360 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function downloadBytes(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];
  test(`a creator chooses a tax status, sees the breakdown and the yearly statement; an admin downloads the employer report (${locale})`, async ({
    page,
    pageErrors,
    browser,
    playwright,
    baseURL,
  }) => {
    // Three actors, the admin's two-factor turn and several lazy pages on a busy machine.
    test.setTimeout(scaled(150_000));
    const origin = baseURL ?? '';
    const name = await signUpCreator(page.request, locale);
    const campaigns = await send<{ id: string; title: string }[]>(
      page.request,
      'get',
      `/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`,
    );
    const campaign = campaigns.find((item) => item.title === CAMPAIGN);
    expect(campaign, 'the seeded campaign').toBeTruthy();

    // Before choosing: a private person, the breakdown on the campaign page before claiming.
    await page.goto(`/app/campaigns/${campaign?.id}?locale=${locale}`);
    const breakdown = page.getByRole('region', { name: text.breakdown });
    await expect(breakdown).toBeVisible({ timeout: 15_000 });
    await expect(breakdown).toContainText(text.youGet);
    await checkPage(page, `breakdown ${locale}`);

    // Tax settings: F-skatt with a wrong check digit, then right and VAT-registered.
    await page.goto(`/app/tax?locale=${locale}`);
    await expect(page.getByRole('heading', { name: text.taxTitle, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(text.notChosen)).toBeVisible();
    await checkPage(page, `tax settings ${locale}`);
    await page.getByRole('radio', { name: text.fTax }).check();
    const number = page.getByRole('textbox', { name: text.orgNumber });
    await number.fill('559012-3451');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.badNumber)).toBeVisible();
    await expect(number).toBeFocused();
    // The refused save is the API's 422, which the browser logs.
    const refused = pageErrors.findIndex((error) => error.includes('status of 422'));
    expect(refused, 'the expected 422 answer').toBeGreaterThanOrEqual(0);
    pageErrors.splice(refused, 1);
    await checkPage(page, `tax settings error ${locale}`);
    await number.fill('559012-3450');
    await page.getByRole('checkbox', { name: text.vat }).check();
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    await checkPhone(page, `tax settings saved ${locale}`);
    await page.goto(`/app/campaigns/${campaign?.id}?locale=${locale}`);
    await expect(page.getByRole('region', { name: text.breakdown })).toContainText(text.fTaxGet, { timeout: 15_000 });

    // Back to a private person, then the work is accepted.
    await page.goto(`/app/tax?locale=${locale}`);
    await page.getByRole('radio', { name: text.private }).check();
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, BRAND.email, BRAND.password);
    const claim = await send<{ id: string }>(page.request, 'post', `/api/campaigns/${campaign?.id}/claims`, {
      guidelinesConfirmed: true,
    });
    await send(brand, 'post', `/api/claims/${claim.id}/approve`);
    await send(page.request, 'post', `/api/claims/${claim.id}/submit`, {
      url: 'https://www.instagram.com/reel/Cx1234567ab/',
      adLabelConfirmed: true,
    });
    await send(brand, 'post', `/api/claims/${claim.id}/accept`);
    await brand.dispose();

    // The yearly statement: this month's pay, contributions, tax, net and what was reported.
    await page.goto(`/app/tax/statement?locale=${locale}`);
    await expect(page.getByRole('heading', { name: text.statement, level: 1 })).toBeVisible({ timeout: 15_000 });
    const year = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', year: 'numeric' }).format(new Date());
    const table = page.getByRole('table', { name: `${text.statement} ${year}` });
    await expect(table.getByRole('row').nth(1)).toContainText(text.statementRow);
    // Each earning's split: gross, contributions, tax, net.
    const split = page.getByRole('table', { name: text.split });
    await expect(split.getByRole('row').filter({ hasText: CAMPAIGN })).toContainText(text.splitRow);
    await checkPage(page, `yearly statement ${locale}`);
    await checkPhone(page, `yearly statement ${locale}`);
    const pdf = await downloadBytes(page, () => page.getByRole('link', { name: text.downloadPdf }).click());
    expect(pdf.name).toMatch(/^kollab-statement-\d{4}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The admin downloads this month's employer report: the creator's row, XML and CSV.
    const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    const errors: string[] = [];
    await watchContentSecurityPolicy(context, errors);
    const admin = await context.newPage();
    admin.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await signInAdminByApi(context.request, origin);
    await admin.goto(`/app/admin/employer-report?locale=${locale}`);
    await expect(admin.getByRole('heading', { name: text.report, level: 1 })).toBeVisible({ timeout: 15_000 });
    const month = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date()).slice(0, 7);
    await admin.getByLabel(text.month).fill(month);
    const row = admin.getByRole('row').filter({ hasText: name });
    const digits = PERSONAL_NUMBER[locale].replace('-', '');
    await expect(row).toContainText(`${digits.slice(0, 8)}-****`);
    await expect(row).toContainText(text.reportRow);
    await checkPage(admin, `employer report ${locale}`);
    await checkPhone(admin, `employer report ${locale}`);
    const xml = await downloadBytes(admin, () => admin.getByRole('link', { name: text.xml }).click());
    expect(xml.name).toBe(`kollab-agi-${month}.xml`);
    const body = xml.bytes.toString('utf8');
    expect(body).toContain('<Skatteverket omrade="Arbetsgivardeklaration"');
    expect(body).toContain(`<agd:Period>${month.replace('-', '')}</agd:Period>`);
    expect(body).toContain(`<agd:BetalningsmottagarId faltkod="215">${digits}</agd:BetalningsmottagarId>`);
    const csv = await downloadBytes(admin, () => admin.getByRole('link', { name: text.csv }).click());
    expect(csv.bytes.toString('utf8')).toContain(`"${digits}","${name}","1902","570"`);
    expect(errors).toEqual([]);
    await context.close();
  });
}
