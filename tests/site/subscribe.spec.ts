import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { linkIn, mailTo, uniqueEmail } from './mail.ts';

/** Astro removes `ssr` from the island once React has hydrated it. */
async function waitForForm(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test.describe('newsletter subscription', () => {
  test('subscribes in Swedish step by step, with validation, Back and browser back, then confirms and unsubscribes', async ({
    page,
  }) => {
    const email = uniqueEmail('sv');
    await page.goto('/');
    await page.getByRole('link', { name: 'Prenumerera på nyhetsbrevet' }).click();
    await expect(page).toHaveURL(/\/prenumerera\/\?step=1$/);
    await waitForForm(page);
    await expect(page.getByRole('heading', { name: 'Steg 1 av 3: E-post' })).toBeVisible();

    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByText('Skriv din e-postadress.')).toBeVisible();
    await expect(page.getByText('Kryssa i rutan för att godkänna utskick från oss.')).toBeVisible();
    await expect(page.getByLabel('E-postadress')).toBeFocused();

    await page.getByLabel('E-postadress').fill('anna@');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByText('Skriv en giltig e-postadress, till exempel namn@exempel.se.')).toBeVisible();

    await page.getByLabel('E-postadress').fill(email);
    await page.getByRole('checkbox', { name: /Ja, jag vill få nyhetsbrev/ }).check();
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page).toHaveURL(/\?step=2$/);
    await expect(page.getByRole('heading', { name: 'Steg 2 av 3: Konton' })).toBeFocused();

    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByText('Fyll i ett Instagram- eller TikTok-namn.')).toBeVisible();
    await page.getByLabel('TikTok-namn').fill('@anna.skapar');

    // The Back button and the browser's back both return to step 1 with what was typed.
    await page.getByRole('button', { name: 'Tillbaka' }).click();
    await expect(page).toHaveURL(/\?step=1$/);
    await expect(page.getByLabel('E-postadress')).toHaveValue(email);
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page.getByLabel('TikTok-namn')).toHaveValue('@anna.skapar');
    await page.getByRole('button', { name: 'Nästa' }).click();
    await expect(page).toHaveURL(/\?step=3$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Steg 2 av 3: Konton' })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Steg 3 av 3: Kategorier' })).toBeVisible();

    await page.getByRole('button', { name: 'Prenumerera' }).click();
    await expect(page.getByText('Välj minst en kategori.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Skönhet' }).check();
    await page.getByRole('checkbox', { name: 'Resor' }).check();
    await page.getByRole('button', { name: 'Prenumerera' }).click();

    await expect(page).toHaveURL(/\/prenumerera\/tack\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tack! Kolla din e-post');
    await page.getByRole('link', { name: 'Tillbaka till startsidan' }).click();
    await expect(page).toHaveURL(/\/$/);

    const mail = await mailTo(email);
    expect(mail).toContain('Bekräfta din e-postadress genom att öppna länken');
    await page.goto(linkIn(mail, '/prenumerera/bekrafta/'));
    await expect(page.getByRole('status')).toHaveText('Klart! Din prenumeration är bekräftad.');
    await page.goto(linkIn(mail, '/avsluta-prenumeration/'));
    await expect(page.getByRole('status')).toHaveText('Du prenumererar inte längre på Kollabs nyhetsbrev.');
  });

  test('subscribes in English, with Back on every step, and shows English messages', async ({ page }) => {
    const email = uniqueEmail('en');
    await page.goto('/en/subscribe/');
    await waitForForm(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Tick the box to agree to receive mail from us.')).toBeVisible();
    await page.getByRole('checkbox', { name: /Yes, I want to receive newsletters/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Step 2 of 3: Accounts' })).toBeVisible();
    await page.getByLabel('Instagram name').fill('ella eats');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Names may only contain letters, digits, dots and underscores.')).toBeVisible();
    await page.getByLabel('Instagram name').fill('ella.eats');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { name: 'Step 3 of 3: Categories' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Food and drink' }).check();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Instagram name')).toHaveValue('ella.eats');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('checkbox', { name: 'Food and drink' })).toBeChecked();
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await expect(page).toHaveURL(/\/en\/subscribe\/thank-you\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Check your inbox');
    await expect(page.getByRole('link', { name: 'Back to start' })).toHaveAttribute('href', '/en/');

    const mail = await mailTo(email);
    expect(mail).toContain('Subject: Confirm your Kollab subscription');
    await page.goto(linkIn(mail, '/en/subscribe/confirm/'));
    await expect(page.getByRole('status')).toHaveText('Done! Your subscription is confirmed.');
  });

  test('starts at step 1 when a later step is opened without the earlier answers', async ({ page }) => {
    await page.goto('/prenumerera/?step=3');
    await expect(page.getByRole('heading', { name: 'Steg 1 av 3: E-post' })).toBeVisible();
    await expect(page).toHaveURL(/\?step=1$/);
  });
});
