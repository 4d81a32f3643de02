import type { Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from './mail.ts';

/** Per language: the portal's words, the stand-in's test person labels stay bilingual. */
const TEXT = {
  sv: {
    verify: 'Verifiera med BankID',
    qr: 'QR-kod för BankID',
    startApp: 'Starta BankID-appen.',
    open: 'Öppna BankID på den här enheten',
    verified: 'Verifierad med BankID',
    under18: 'Du måste ha fyllt 18 år för att använda Kollab. Ingenting har ändrats på ditt konto.',
    account: 'Hantera konto',
    person: 'Anna Andersson',
  },
  en: {
    verify: 'Verify with BankID',
    qr: 'QR code for BankID',
    startApp: 'Start your BankID app.',
    open: 'Open BankID on this device',
    verified: 'Verified with BankID',
    under18: 'You must be 18 or over to use Kollab. Nothing on your account has changed.',
    account: 'Manage account',
    // Each language verifies a person of its own: one personal number belongs to one account.
    person: 'Omar Samordnad',
  },
} as const;

async function newCreator(page: Page, locale: 'sv' | 'en'): Promise<void> {
  const email = `bankid-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'ett långt lösenord 2026';
  const signup = await page.request.post('/api/auth/signup', {
    data: { fullName: 'Typed Name', email, password, role: 'creator', acceptPrivacy: true, locale },
  });
  expect(signup.status()).toBe(202);
  // The account is made after the answer (ADR 019): its mail says it exists.
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  await signInByApi(page.request, email, password);
}

/** Starts verifying, checks the QR code changes each second, then approves as `person` in the stand-in's app. */
async function verifyAs(page: Page, locale: 'sv' | 'en', person: RegExp): Promise<void> {
  const text = TEXT[locale];
  await page.getByRole('button', { name: text.verify }).click();
  const qr = page.getByRole('img', { name: text.qr });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: text.startApp })).toBeVisible();
  const first = Number(await qr.getAttribute('data-qr'));
  await expect.poll(async () => Number(await qr.getAttribute('data-qr')), { timeout: 5_000 }).toBeGreaterThan(first);
  const second = Number(await qr.getAttribute('data-qr'));
  await expect.poll(async () => Number(await qr.getAttribute('data-qr')), { timeout: 5_000 }).toBeGreaterThan(second);
  await checkPage(page, `BankID QR (${locale})`);

  const [app] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: text.open }).click()]);
  await expect(app.getByRole('heading', { name: 'Identifiera / Identify' })).toBeVisible();
  await app.getByRole('radio', { name: person }).check();
  await app.getByRole('button', { name: 'Godkänn / Approve' }).click();
  await expect(app.getByRole('status')).toBeVisible();
  await app.close();
}

for (const locale of ['sv', 'en'] as const) {
  test.describe(`identity with BankID (${locale})`, () => {
    test('a creator verifies with the QR code shown, changing each second, and approves in the app', async ({
      page,
    }) => {
      test.setTimeout(scaled(90_000));
      const text = TEXT[locale];
      await newCreator(page, locale);
      await page.goto(`/app/account?locale=${locale}`);
      await expect(page.getByRole('heading', { name: text.account, level: 1 })).toBeVisible();
      await verifyAs(page, locale, new RegExp(text.person));
      await expect(page.getByText(text.verified)).toBeVisible();
      await expect(page.getByText(new RegExp(`^${text.person} · \\d{8}-\\*{4}$`))).toBeVisible();
      await expect(page.getByRole('button', { name: text.verify })).toBeHidden();
      await checkPage(page, `verified with BankID (${locale})`);
      const identity = (await (await page.request.get('/api/identity')).json()) as {
        data: { verified: boolean; name: string };
      };
      expect([identity.data.verified, identity.data.name]).toEqual([true, text.person]);
    });

    test('a 17-year-old is refused with the right message and nothing changes', async ({ page }) => {
      test.setTimeout(scaled(90_000));
      const text = TEXT[locale];
      await newCreator(page, locale);
      await page.goto(`/app/account?locale=${locale}`);
      await verifyAs(page, locale, /Tilde Tonåring/);
      await expect(page.getByRole('alert').filter({ hasText: text.under18 })).toBeVisible();
      await expect(page.getByRole('button', { name: text.verify })).toBeVisible();
      await expect(page.getByText(text.verified)).toBeHidden();
      const identity = (await (await page.request.get('/api/identity')).json()) as { data: { verified: boolean } };
      expect(identity.data.verified).toBe(false);
    });
  });
}
