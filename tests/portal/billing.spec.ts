import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const DAY_MS = 86_400_000;

const TEXT = {
  sv: {
    bankFiles: 'Bankfiler',
    choose: 'Välj fil',
    preview: 'Förhandsgranskning',
    becomesPaid: 'Fakturan blir betald',
    confirm: 'Bekräfta och läs in',
    imported: /Filen är inläst: .* 1 fakturor blev betalda\./,
    invoices: 'Fakturor',
    paid: 'Betald',
    brandPage: 'Betalningar',
    download: (number: string) => `Ladda ner Faktura ${number} som PDF`,
    sie: 'SIE-export',
    sieDownload: 'Ladda ner SIE-fil',
  },
  en: {
    bankFiles: 'Bank files',
    choose: 'Choose file',
    preview: 'Preview',
    becomesPaid: 'The invoice becomes paid',
    confirm: 'Confirm and import',
    imported: /The file is imported: .* 1 invoices became paid\./,
    invoices: 'Invoices',
    paid: 'Paid',
    brandPage: 'Billing',
    download: (number: string) => `Download Invoice ${number} as PDF`,
    sie: 'SIE export',
    sieDownload: 'Download SIE file',
  },
} as const;

async function send<T>(request: APIRequestContext, method: 'post' | 'put' | 'get', path: string, body?: unknown) {
  const response = await request[method](path, body === undefined ? {} : { data: body });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A camt.054.001.02 notification crediting `amountOre` with the OCR reference `ocr` (as the bank sends it). */
function camt054(ocr: string, amountOre: number, ref: string): string {
  const amount = `${Math.floor(amountOre / 100)}.${String(amountOre % 100).padStart(2, '0')}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>${ref}</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>${ref}</Id><CreDtTm>2026-11-20T08:00:00</CreDtTm><Acct><Id><IBAN>SE4550000000058398257466</IBAN></Id></Acct>
<Ntry><Amt Ccy="SEK">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>2026-11-20</Dt></BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef><BkTxCd/>
<NtryDtls><TxDtls><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${ocr}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>
</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

interface Invoice {
  id: string;
  kind: string;
  documentNumber: string;
  ocr: string;
  totalOre: number;
  state: string;
  campaignId: string;
}

/** The demo brand creates a draft campaign and chooses to pay it by invoice: the invoice it is sent. */
async function invoicedCampaign(brand: APIRequestContext, title: string): Promise<Invoice> {
  await send(brand, 'put', '/api/billing/address', { street: 'Sveavägen 10', postalCode: '111 57', city: 'Stockholm' });
  const starts = Date.now() + DAY_MS;
  const campaign = await send<{ id: string }>(brand, 'post', '/api/campaigns', {
    title,
    description: 'Betalas mot faktura.',
    objectives: ['awareness'],
    categories: ['food'],
    platforms: ['instagram'],
    creatorTiers: ['nano'],
    budgetOre: 200_000,
    payoutOre: 100_000,
    slots: 2,
    startsAt: new Date(starts).toISOString(),
    endsAt: new Date(starts + 30 * DAY_MS).toISOString(),
  });
  await send(brand, 'post', `/api/campaigns/${campaign.id}/payments`, { method: 'invoice' });
  const documents = await send<Invoice[]>(brand, 'get', '/api/billing/documents');
  const invoice = documents.find((doc) => doc.campaignId === campaign.id && doc.kind === 'invoice');
  if (!invoice) throw new Error('no invoice for the campaign');
  expect(invoice.state).toBe('open');
  return invoice;
}

async function signedInPage(browser: import('@playwright/test').Browser, origin: string, errors: string[]) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  await watchContentSecurityPolicy(context, errors);
  const page = await context.newPage();
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page };
}

/** At 360 px wide the page fits: nothing scrolls sideways but the wide tables inside their own box. */
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
  test(`an admin imports a camt.054 paying an invoice, the brand downloads it (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two signed-in contexts, the admin's two-factor turn and the data grid's chunk.
    test.setTimeout(scaled(120_000));
    const origin = baseURL ?? '';
    const title = `Fakturakampanj ${locale} ${Date.now()}`;
    const errors: string[] = [];

    const brand = await signedInPage(browser, origin, errors);
    await signInByApi(brand.context.request, BRAND.email, BRAND.password);
    const invoice = await invoicedCampaign(brand.context.request, title);

    // The admin (password and authenticator code) uploads the bank's file and sees the preview.
    await signInAdminByApi(page.request, origin);
    await page.goto(`/app/admin/bank-files?locale=${locale}`);
    await expect(page.getByRole('heading', { name: text.bankFiles, level: 1 })).toBeVisible({ timeout: 15_000 });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: text.choose }).click(),
    ]);
    await chooser.setFiles({
      name: 'camt054.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(camt054(invoice.ocr, invoice.totalOre, `E2E-${locale}-${invoice.documentNumber}`)),
    });
    await expect(page.getByRole('heading', { name: text.preview })).toBeVisible();
    const line = page.getByRole('row').filter({ hasText: invoice.ocr });
    await expect(line).toContainText(text.becomesPaid);
    await expect(line).toContainText(invoice.documentNumber);
    await checkPage(page, `bank file preview ${locale}`);
    await checkPhone(page, `bank file preview ${locale}`);
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: text.imported })).toBeVisible();

    // The invoice is paid in the admin's table.
    await page.goto(`/app/admin/invoices?state=paid&locale=${locale}`);
    await expect(page.getByRole('heading', { name: text.invoices, level: 1 })).toBeVisible({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ hasText: invoice.documentNumber });
    await expect(row).toContainText(text.paid);
    await checkPage(page, `admin invoices ${locale}`);

    // SIE export of today's postings (the invoice's payment among them).
    await page.goto(`/app/admin/sie?locale=${locale}`);
    await expect(page.getByRole('heading', { name: text.sie, level: 1 })).toBeVisible();
    await checkPage(page, `sie export ${locale}`);
    const sie = await downloadBytes(page, () => page.getByRole('link', { name: text.sieDownload }).click());
    expect(sie.name).toMatch(/^kollab-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.se$/);
    expect(sie.bytes.toString('latin1')).toContain('#FORMAT PC8');

    // The brand sees it paid and downloads the PDF.
    await brand.page.goto(`/app/billing?locale=${locale}`);
    await expect(brand.page.getByRole('heading', { name: text.brandPage, level: 1 })).toBeVisible({ timeout: 15_000 });
    const item = brand.page.getByRole('listitem').filter({ hasText: invoice.documentNumber });
    await expect(item).toContainText(text.paid);
    await checkPage(brand.page, `brand invoices ${locale}`);
    await checkPhone(brand.page, `brand invoices ${locale}`);
    const pdf = await downloadBytes(brand.page, () =>
      item.getByRole('link', { name: text.download(invoice.documentNumber) }).click(),
    );
    expect(pdf.name).toBe(`kollab-${invoice.documentNumber}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await brand.context.close();
    expect(errors, 'errors logged by the brand page').toEqual([]);
  });
}
