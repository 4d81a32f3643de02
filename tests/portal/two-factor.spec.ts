import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { checkPage } from '../fixtures/visit.ts';

const PASSWORD = 'ett långt lösenord 2026';
const PERIOD_MS = 30_000;

/** What an authenticator app shows for `secret` at a step (RFC 6238 through @oslojs/otp). */
const codeAt = (secret: string, step: number) => generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

async function signInWithPassword(page: Page, email: string): Promise<void> {
  await page.goto('/app/login?callbackUrl=%2Fapp%2Faccount');
  await page.getByRole('textbox', { name: 'E-postadress' }).fill(email);
  await page.getByLabel(/^Lösenord/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ange koden från din app' })).toBeVisible();
}

/** Takes the one console line Chromium logs for a refused request (`status`) off the test's error list. */
function expectRefused(pageErrors: string[], status: number): void {
  const index = pageErrors.findIndex((error) => error.includes(`status of ${status}`));
  expect(index, `a ${status} was logged: ${pageErrors.join('\n')}`).toBeGreaterThanOrEqual(0);
  pageErrors.splice(index, 1);
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Kontomeny/ }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();
}

test.describe('two-factor sign-in (issue 20.5)', () => {
  test('a brand turns it on with an authenticator app, signs in with a code, then with a recovery code', async ({
    page,
    pageErrors,
  }) => {
    // An account of its own: the codes and sessions here must not touch another spec's accounts.
    const email = `two-factor-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Tove Tvåsteg', email, password: PASSWORD, role: 'brand', acceptPrivacy: true },
    });
    expect(signup.status()).toBe(202);
    await page.goto('/app/login?callbackUrl=%2Fapp%2Faccount');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill(email);
    await page.getByLabel(/^Lösenord/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();

    // Turning it on: the QR code, the key to type, and a code from the app.
    const section = page.getByRole('region', { name: 'Tvåstegsverifiering' });
    await section.getByRole('button', { name: 'Slå på tvåstegsverifiering' }).click();
    await expect(section.getByRole('img', { name: 'QR-kod att skanna med autentiseringsappen' })).toBeVisible();
    const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkPage(page, 'two-factor setup');
    await section
      .getByRole('textbox', { name: 'Sexsiffrig kod' })
      .fill('000000' === codeAt(secret, stepNow()) ? '111111' : '000000');
    await section.getByRole('button', { name: 'Bekräfta och slå på' }).click();
    await expect(section.getByText('Koden stämmer inte eller har gått ut.', { exact: false })).toBeVisible();
    expectRefused(pageErrors, 422);
    const enrolledAt = stepNow();
    await section.getByRole('textbox', { name: 'Sexsiffrig kod' }).fill(codeAt(secret, enrolledAt));
    await section.getByRole('button', { name: 'Bekräfta och slå på' }).click();
    const codes = section.getByRole('list', { name: 'Reservkoder' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allTextContents()).map((code) => code.trim());
    for (const code of recovery) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await checkPage(page, 'two-factor recovery codes');
    await section.getByRole('button', { name: 'Jag har sparat koderna' }).click();
    await expect(section.getByText(/^Påslagen sedan/)).toBeVisible();
    await expect(section.getByText('Oanvända reservkoder: 10')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Lägg till nyckel' })).toBeVisible();
    await checkPage(page, 'two-factor on, with passkeys');

    // Signing in again: the password, then a wrong code, then the app's next code.
    await signOut(page);
    await signInWithPassword(page, email);
    await checkPage(page, 'two-factor code step');
    const field = page.getByRole('textbox', { name: 'Sexsiffrig kod' });
    await field.fill(codeAt(secret, enrolledAt)); // already used to turn it on: refused
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await expect(page.getByText('Koden stämmer inte eller har redan använts.', { exact: false })).toBeVisible();
    expectRefused(pageErrors, 401);
    // The app's code now, or the next one if a step has not yet passed since turning it on: a slow
    // machine can take more than the server's drift window between the two.
    await field.fill(codeAt(secret, Math.max(enrolledAt + 1, stepNow())));
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();

    // Without the phone: a recovery code, which then counts as used.
    await signOut(page);
    await signInWithPassword(page, email);
    await page.getByRole('button', { name: 'Har du inte appen till hands? Använd en reservkod' }).click();
    await page.getByRole('textbox', { name: 'Reservkod' }).fill(recovery[0] ?? '');
    await page.getByRole('button', { name: 'Fortsätt', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Tvåstegsverifiering' }).getByText('Oanvända reservkoder: 9'),
    ).toBeVisible();
  });
});
