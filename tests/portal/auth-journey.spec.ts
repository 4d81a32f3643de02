import type { Page } from '@playwright/test';
import { ADMIN, enterAdminCode } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-postadress' }).fill(email);
  // A password input has no ARIA role; the label starts with "Lösenord" (the show button says "lösenordet").
  await page.getByLabel(/^Lösenord/).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
}

/** Collects console errors of a second page, as the fixture does for `page`. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('portal sign-up and session', () => {
  test('a new creator signs up, verifies the address from the mail, signs in, edits the account and signs out', async ({
    page,
  }) => {
    const email = `journey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'ett långt lösenord 2026';

    await page.goto('/app/register');
    await page.getByRole('radio', { name: 'Kreatör' }).check();
    await page.getByRole('textbox', { name: 'För- och efternamn' }).fill('Jona Journey');
    await page.getByRole('textbox', { name: 'E-postadress' }).fill(email);
    await page.getByLabel(/^Lösenord/).fill(password);
    await page.getByRole('checkbox', { name: /integritetspolicyn/ }).check();
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { name: 'Kolla din e-post' })).toBeVisible();

    await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
    const verifyLink = await linkInNewestMail(email, '/app/verify-email');
    await page.goto(verifyLink ?? '');
    await expect(page.getByRole('heading', { name: 'E-postadressen är bekräftad' })).toBeVisible();

    // Verifying signs the user in; sign in by hand as on another device.
    await page.context().clearCookies();
    await page.goto('/app/login');
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Hej Jona!' })).toBeVisible();
    await expect(page.getByText('Bekräfta din e-postadress')).toBeHidden();

    await page.getByRole('link', { name: /Hantera konto/ }).click();
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'För- och efternamn' }).fill('Jona Journeysson');
    await page.getByRole('textbox', { name: 'Telefonnummer' }).fill('070-123 45 67');
    await page.getByRole('button', { name: 'Spara', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Sparat' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kontomeny för Jona Journeysson' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Telefonnummer' })).toHaveValue('+46701234567');

    await page.getByRole('button', { name: /Kontomeny/ }).click();
    await page.getByRole('menuitem', { name: 'Logga ut' }).click();
    await expect(page.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();

    await page.goto('/app/account');
    await expect(page).toHaveURL(/\/app\/login\?error=SessionRequired&callbackUrl=%2Fapp%2Faccount$/);
    await expect(page.getByRole('alert')).toHaveText('Logga in för att fortsätta till sidan.');
  });

  test('shows the session-expired screen when the session is deleted on the server, and signs in again', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/app/login?callbackUrl=%2Fapp%2Faccount');
    // The signed-in layout opens the chat's event stream (for the unread badge) a moment after the
    // page shows; ending the session before that would make it answer 401, which the page logs.
    const stream = page.waitForResponse('**/api/messages/stream**');
    await signIn(page, BRAND.email, BRAND.password);
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();
    expect((await stream).status()).toBe(200);
    // And the account page's own requests answered: one still in flight when the session ends gets
    // a 401, which the page logs (seen with two instances on a slow machine).
    await page.waitForLoadState('networkidle');

    // Sign out behind the page's back: same cookies, no message to the page.
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const signOut = await page.request.post('/api/auth/signout', {
      form: { csrfToken, callbackUrl: '/app/login', json: 'true' },
      headers: { Origin: baseURL ?? '' },
    });
    expect(signOut.ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();

    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('heading', { name: 'Hoppsan, din session verkar ha gått ut.' })).toBeVisible();
    await expect(page.getByText('Logga in igen för att se din översikt.')).toBeVisible();

    await page.getByRole('link', { name: 'Logga in igen' }).click();
    await signIn(page, BRAND.email, BRAND.password);
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();
  });

  test('signing out in one tab ends the session in the other', async ({ page, context }) => {
    await page.goto('/app/login?callbackUrl=%2Fapp%2Fpayment-methods');
    // As above: the first tab's event stream must be open before the other tab ends the session.
    const stream = page.waitForResponse('**/api/messages/stream**');
    await signIn(page, ADMIN.email, ADMIN.password);
    await enterAdminCode(page, { label: 'Sexsiffrig kod', submit: 'Fortsätt' });
    await expect(page.getByRole('heading', { name: 'Betalningsmetoder', exact: true })).toBeVisible();
    expect((await stream).status()).toBe(200);

    const other = await context.newPage();
    const otherErrors = watchErrors(other);
    await other.goto('/app/');
    await other.getByRole('button', { name: /Kontomeny/ }).click();
    await other.getByRole('menuitem', { name: 'Logga ut' }).click();
    await expect(other.getByRole('heading', { name: 'Logga in på Kollab' })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Hoppsan, din session verkar ha gått ut.' })).toBeVisible();
    expect(otherErrors).toEqual([]);
  });
});
