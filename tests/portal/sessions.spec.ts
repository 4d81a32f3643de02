import type { Page } from '@playwright/test';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { checkPage } from '../fixtures/visit.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-postadress' }).fill(email);
  await page.getByLabel(/^Lösenord/).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
}

test.describe('sessions on Manage account', () => {
  test('lists the sessions of two browsers and signs the other one out from the first', async ({ page, browser }) => {
    // An account of its own: signing sessions out must not touch another spec's demo sessions.
    const email = `sessions-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'ett långt lösenord 2026';
    const signup = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Sam Sessions', email, password, role: 'brand', acceptPrivacy: true },
    });
    expect(signup.status()).toBe(202);

    // The other device: a browser context with cookies of its own, telling it is an iPhone.
    const otherContext = await browser.newContext({ userAgent: IPHONE });
    const otherViolations: string[] = [];
    await watchContentSecurityPolicy(otherContext, otherViolations);
    const other = await otherContext.newPage();
    await other.goto('/app/login');
    await signIn(other, email, password);
    await expect(other.getByRole('heading', { name: 'Hej Sam!' })).toBeVisible();

    await page.goto('/app/login?callbackUrl=%2Fapp%2Faccount');
    await signIn(page, email, password);
    await expect(page.getByRole('heading', { name: 'Hantera konto', level: 1 })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Inloggade enheter' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('Den här enheten');
    await expect(sessions.getByRole('listitem').first()).toContainText('Nätverk 127.0.0.0/24');
    await expect(sessions.getByRole('listitem').first()).not.toContainText('iOS');
    await expect(sessions.getByRole('listitem').nth(1)).toContainText('Safari 18 på iOS (mobil)');
    await expect(sessions.getByRole('listitem').nth(1)).not.toContainText('Den här enheten');
    await expect(page.getByText(/aldrig hela adressen/)).toBeVisible();
    await checkPage(page, 'Hantera konto med två inloggningar');

    // Only the other session has a sign-out button; use it from the keyboard.
    const signOut = sessions.getByRole('button', { name: /^Logga ut Safari 18 på iOS \(mobil\), senast aktiv / });
    await expect(signOut).toHaveCount(1);
    await signOut.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Utloggad' })).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('Du är bara inloggad på den här enheten.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logga ut på alla andra enheter' })).toBeHidden();

    // The other browser is signed out: the server no longer knows its session.
    await other.goto('/app/account');
    await expect(other).toHaveURL(/\/app\/login\?error=SessionRequired&callbackUrl=%2Fapp%2Faccount$/);
    expect(await (await other.request.get('/api/auth/session')).json()).toEqual({});
    await otherContext.close();
    expect(otherViolations).toEqual([]);

    // This one goes on.
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
  });
});
