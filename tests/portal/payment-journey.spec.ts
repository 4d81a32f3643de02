import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect402, PAY_TEXTS, payByCard } from '../fixtures/pay.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { LOCALES, TEXTS } from '../journeys/texts.ts';
import { linkInNewestMail } from './mail.ts';

// Issue 16: a brand pays for a campaign by card in the payments stand-in (a declined card first,
// then the 3-D Secure path in Swedish, a plain card in English), it goes live, a creator's accepted
// claim draws from escrow, the campaign ends and the rest comes back as credit on the billing page,
// which the brand refunds to the card: the credit note downloads as a PDF.

async function post<T>(request: APIRequestContext, path: string, body: unknown = {}): Promise<T> {
  const response = await request.post(path, { data: body });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** Signs up and verifies a new account of `role` in `request`'s cookie jar. */
async function signUp(request: APIRequestContext, role: 'brand' | 'creator', locale: 'sv' | 'en', origin: string) {
  const email = `pay-${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const headers = { Origin: origin };
  const res = await request.post('/api/auth/signup', {
    data: { fullName: `Pay ${role}`, email, password: 'ett långt lösenord 2026', role, acceptPrivacy: true, locale },
    headers,
  });
  expect(res.status()).toBe(202);
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token }, headers })).ok()).toBe(true);
}

const CREDIT = { sv: /^1\s000,00\skr$/, en: /^SEK\s1,000\.00$/ };
/** The billing page's refund form and the credit note it brings (portal dictionaries, sv/en). */
const REFUND = {
  sv: { amount: 'Belopp att återbetala (kr)', submit: 'Återbetala', kind: 'Kreditfaktura', credits: 'Avser kvitto' },
  en: { amount: 'Amount to refund (kr)', submit: 'Refund', kind: 'Credit note', credits: 'Credits receipt' },
};
const TOTAL = { sv: /2\s375,00\skr/, en: /SEK\s2,375\.00/ };

for (const locale of LOCALES) {
  const t = TEXTS[locale];
  const pay = PAY_TEXTS[locale];
  test(`a brand pays by card (${locale}); an accepted claim draws from escrow; the rest returns as credit`, async ({
    page,
    pageErrors,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(120_000));
    const origin = baseURL ?? '';
    await page.setViewportSize({ width: 360, height: 800 });
    await signUp(page.request, 'brand', locale, origin);
    const title = `Betalkampanj ${locale} ${Date.now().toString(36)}`;
    const campaign = await post<{ id: string }>(page.request, '/api/campaigns', {
      title,
      description: 'Visa hur du fikar med vårt nya kaffe.',
      objectives: ['awareness'],
      categories: ['food'],
      platforms: ['instagram'],
      creatorTiers: ['nano', 'micro'],
      budgetOre: 200_000,
      payoutOre: 100_000,
      slots: 2,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    });

    // Publishing an unpaid campaign leads to the payment step with the price.
    await page.goto(`/app/brand/campaigns/${campaign.id}?locale=${locale}`);
    await page.getByRole('button', { name: t.campaign.previewPublish }).click();
    await page
      .getByRole('dialog', { name: t.campaign.preview })
      .getByRole('button', { name: t.campaign.publish })
      .click();
    await expect(page.getByRole('heading', { name: pay.title, level: 1 })).toBeVisible();
    await expect(page.getByText(TOTAL[locale]).first()).toBeVisible();

    // A declined card says why and moves nothing; then the card goes through.
    await page.getByRole('textbox', { name: pay.card }).fill('4000 0000 0000 9995');
    await page.getByRole('textbox', { name: pay.expiry }).fill('12/39');
    await page.getByRole('textbox', { name: pay.cvc }).fill('123');
    await page.getByRole('button', { name: pay.pay }).click();
    await expect(page.getByRole('alert').filter({ hasText: pay.declined })).toBeVisible();
    expect402(pageErrors, 2);
    await checkPage(page, 'card declined');
    await payByCard(page, locale, { threeDSecure: locale === 'sv', check: (name) => checkPage(page, name) });
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(t.campaign.live, { exact: true })).toBeVisible();

    // A creator claims; the brand approves and accepts: the payout comes from the escrow.
    const creator = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signUp(creator, 'creator', locale, origin);
    const claim = await post<{ id: string }>(creator, `/api/campaigns/${campaign.id}/claims`, {
      guidelinesConfirmed: true,
    });
    await post(page.request, `/api/claims/${claim.id}/approve`);
    await post(creator, `/api/claims/${claim.id}/submit`, {
      url: 'https://www.instagram.com/reel/Cx1234567ab/',
      adLabelConfirmed: true,
    });
    await post(page.request, `/api/claims/${claim.id}/accept`);
    const earnings = (await (await creator.get('/api/earnings')).json()) as { data: { availableOre: number } };
    // A private person (ADR 028): 240 kr employer contributions and 228 kr tax of the 1 000 kr go to Skatteverket.
    expect(earnings.data.availableOre).toBe(53_200);
    await creator.dispose();

    // The brand ends the campaign: the unused slot's 1 000 kr comes back as credit.
    await post(page.request, `/api/campaigns/${campaign.id}/cancel`);
    await page.goto('/app/billing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(CREDIT[locale])).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
    await checkPage(page, 'billing');

    // The credit goes back to the card; the credit note naming the receipt downloads as a PDF.
    const refund = REFUND[locale];
    await page.getByRole('textbox', { name: refund.amount }).fill('1000');
    await page.getByRole('button', { name: refund.submit, exact: true }).click();
    const creditNote = page.getByRole('listitem').filter({ hasText: refund.kind });
    await expect(async () => {
      await page.reload();
      await expect(creditNote).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      creditNote.getByRole('link', { name: new RegExp(`${refund.kind} .* PDF`) }).click(),
    ]);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(refund.credits);
    await checkPage(page, 'billing after refund');
  });
}
