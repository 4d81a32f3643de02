import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';

const TEXT = {
  sv: {
    section: 'Avtal',
    sign: 'Skriv under med BankID',
    qr: 'QR-kod för BankID',
    open: 'Öppna BankID på den här enheten',
    signedBy: /^Undertecknat med BankID av Bo Bengtsson \(\d{8}-\*{4}\) /,
    download: 'Ladda ner avtalet (PDF)',
    heading: 'Avtal om innehåll för kampanjen "Höstens fjällrost"',
    pdfTitle: 'Avtal undertecknat med BankID',
  },
  en: {
    section: 'Agreement',
    sign: 'Sign with BankID',
    qr: 'QR code for BankID',
    open: 'Open BankID on this device',
    signedBy: /^Signed with BankID by Bo Bengtsson \(\d{8}-\*{4}\) /,
    download: 'Download the agreement (PDF)',
    heading: 'Content agreement for the campaign "Höstens fjällrost"',
    pdfTitle: 'Agreement signed with BankID',
  },
} as const;

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

for (const locale of ['sv', 'en'] as const) {
  test(`a creator signs the claim's agreement with BankID and both parties download its PDF (${locale})`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(scaled(90_000));
    const text = TEXT[locale];
    const email = `agreement-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const creator = page.request;
    const signup = await creator.post('/api/auth/signup', {
      data: {
        fullName: 'Bo Bengtsson',
        email,
        password: 'ett långt lösenord 2026',
        role: 'creator',
        acceptPrivacy: true,
        locale,
      },
    });
    expect(signup.status()).toBe(202);
    await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
    const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
    expect((await creator.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
    const campaigns = await data<{ id: string; title: string }[]>(
      await creator.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`),
    );
    const campaign = campaigns.find((item) => item.title === CAMPAIGN);
    const claim = await data<{ id: string }>(
      await creator.post(`/api/campaigns/${campaign?.id}/claims`, { data: { guidelinesConfirmed: true } }),
    );

    await page.goto(`/app/claims/${claim.id}?locale=${locale}`);
    const section = page.getByRole('region', { name: text.section });
    await expect(section).toContainText(text.heading);
    await section.getByRole('button', { name: text.sign }).click();
    await expect(section.getByRole('img', { name: text.qr })).toBeVisible();
    await checkPage(page, `agreement signing (${locale})`);

    const [app] = await Promise.all([
      page.waitForEvent('popup'),
      section.getByRole('link', { name: text.open }).click(),
    ]);
    await expect(app.getByRole('heading', { name: 'Skriv under / Sign' })).toBeVisible();
    await expect(app.getByText(text.heading)).toBeVisible();
    await app.getByRole('radio', { name: /Bo Bengtsson/ }).check();
    await app.getByRole('button', { name: 'Godkänn / Approve' }).click();
    await expect(app.getByRole('status')).toHaveText('Klart / Done');
    await app.close();

    await expect(section.getByText(text.signedBy)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: text.download }).click(),
    ]);
    const creatorPdf = await pdfText(new Uint8Array(await readFile((await download.path()) ?? '')));
    expect(creatorPdf).toContain(text.pdfTitle);
    expect(creatorPdf).toContain(text.heading);
    await checkPage(page, `agreement signed (${locale})`);

    // The brand downloads the same agreement (in its own language).
    const origin = baseURL ?? '';
    const brand = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
    await signInByApi(brand, BRAND.email, BRAND.password);
    const response = await brand.get(`/api/claims/${claim.id}/agreement/pdf`);
    expect([response.status(), response.headers()['content-type']]).toEqual([200, 'application/pdf']);
    const brandPdf = await pdfText(new Uint8Array(await response.body()));
    expect(brandPdf).toContain(text.heading);
    expect(brandPdf).toContain('Bo Bengtsson');
    await brand.dispose();
  });
}
