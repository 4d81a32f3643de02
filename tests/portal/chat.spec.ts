import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const BRAND_NAME = 'Fjällkaffe AB';
const CAMPAIGN = 'Höstens fjällrost';

/** Collects console errors, CSP violations and dialogs of a page (of its own context) the fixture does not watch. */
async function watch(page: Page): Promise<{ errors: string[]; dialogs: string[] }> {
  const seen = { errors: [] as string[], dialogs: [] as string[] };
  await watchContentSecurityPolicy(page.context(), seen.errors);
  page.on('console', (message) => message.type() === 'error' && seen.errors.push(message.text()));
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function signIn(context: BrowserContext, origin: string, email: string, password: string): Promise<void> {
  await signInByApi(context.request, email, password, origin);
}

async function expectNoViolations(page: Page): Promise<void> {
  await untilHydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** A new, verified creator, signed in in `context`. Fresh per test: runs never share a conversation. */
async function freshCreator(context: BrowserContext, origin: string, label: string): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `${label} ${suffix}`;
  const email = `chat-${suffix}@example.com`;
  const headers = { Origin: origin };
  const signUp = await context.request.post('/api/auth/signup', {
    data: { fullName: name, email, password: 'ett långt lösenord 2026', role: 'creator', acceptPrivacy: true },
    headers,
  });
  expect(signUp.status()).toBe(202);
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  // Verifying signs the new user in.
  expect((await context.request.post('/api/auth/verify-email', { data: { token }, headers })).ok()).toBe(true);
  return name;
}

/** The creator claims the demo brand's active campaign, which opens their conversation. */
async function claimCampaign(context: BrowserContext, origin: string): Promise<void> {
  const headers = { Origin: origin };
  const found = (await (await context.request.get('/api/campaigns?q=fj%C3%A4llrost')).json()) as {
    data: { id: string; title: string }[];
  };
  const campaign = found.data.find((item) => item.title === CAMPAIGN);
  expect(campaign).toBeDefined();
  const claim = await context.request.post(`/api/campaigns/${campaign?.id}/claims`, {
    data: { guidelinesConfirmed: true },
    headers,
  });
  expect(claim.status()).toBe(201);
}

async function brandPage(browser: Browser, baseURL: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL });
  await signIn(context, baseURL, BRAND.email, BRAND.password);
  return { page: await context.newPage(), context };
}

/** The brand's conversation with `creator`, opened from the person selector. */
async function openConversation(page: Page, counterpart: string): Promise<void> {
  await page.goto('/app/messages');
  await page
    .getByRole('list', { name: 'Konversationer' })
    .getByRole('link', { name: new RegExp(counterpart) })
    .click();
  await expect(page.getByRole('heading', { name: counterpart, level: 2 })).toBeVisible();
}

test.describe('chat between creator and brand', () => {
  test('messages arrive live in the other browser, with unread badge and read ticks', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const creatorName = await freshCreator(page.context(), origin, 'Chatta Kreatör');
    await claimCampaign(page.context(), origin);
    const brand = await brandPage(browser, origin);
    const brandSeen = await watch(brand.page);

    // The creator waits on the dashboard; nothing unread yet.
    await page.goto('/app/');
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(nav.getByRole('link', { name: 'Meddelanden', exact: true })).toBeVisible();

    // The brand opens the new, empty conversation and writes.
    await openConversation(brand.page, creatorName);
    const brandLog = brand.page.getByRole('log', { name: `Meddelanden med ${creatorName}` });
    await expect(brandLog.getByText('Inga meddelanden än')).toBeVisible();
    const brandBox = brand.page.getByRole('textbox', { name: 'Meddelande' });
    await brandBox.fill('Välkommen till kampanjen! Läs briefen på https://fjallkaffe.example/brief.');
    await brandBox.press('Enter');
    const welcome = brandLog.getByRole('listitem').filter({ hasText: 'Välkommen till kampanjen!' });
    await expect(welcome.getByRole('img', { name: 'Skickat' })).toBeVisible();
    await expect(brandBox).toHaveValue('');

    // Without a reload, the creator's nav shows one unread message.
    await expect(nav.getByRole('link', { name: '1 oläst Meddelanden' })).toBeVisible();
    await nav.getByRole('link', { name: /Meddelanden/ }).click();
    const row = page.getByRole('list', { name: 'Konversationer' }).getByRole('link', { name: new RegExp(BRAND_NAME) });
    await expect(row).toContainText(CAMPAIGN);
    await expect(row).toContainText('1 oläst');
    await row.click();

    // Reading it clears the badge here and turns the brand's tick into "read" there.
    const creatorLog = page.getByRole('log', { name: `Meddelanden med ${BRAND_NAME}` });
    await expect(creatorLog.getByText('Välkommen till kampanjen!')).toBeVisible();
    await expect(creatorLog.getByRole('link', { name: 'https://fjallkaffe.example/brief' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await expect(nav.getByRole('link', { name: 'Meddelanden', exact: true })).toBeVisible();
    await expect(welcome.getByRole('img', { name: 'Läst' })).toBeVisible();

    // The composer: whitespace cannot be sent, Shift+Enter is a new line, Enter sends.
    const box = page.getByRole('textbox', { name: 'Meddelande' });
    const send = page.getByRole('button', { name: 'Skicka' });
    await box.fill('   ');
    await expect(send).toBeDisabled();
    await box.fill('Tack! En fråga:');
    await box.press('Shift+Enter');
    await box.pressSequentially('när vill ni ha videon?');
    await expect(box).toHaveValue('Tack! En fråga:\nnär vill ni ha videon?');
    await expect(page.getByText(/^38 \/ 2\s000$/)).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue('');

    // The reply shows up in the brand's open conversation, which marks it read at once.
    const reply = brandLog.getByRole('listitem').filter({ hasText: 'när vill ni ha videon?' });
    await expect(reply).toContainText('Tack! En fråga:');
    const ownReply = creatorLog.getByRole('listitem').filter({ hasText: 'när vill ni ha videon?' });
    await expect(ownReply.getByRole('img', { name: 'Läst' })).toBeVisible();
    await expect(creatorLog.getByText('I dag')).toBeVisible();
    await expectNoViolations(page);

    // The claim page's messages tab shows the same conversation.
    const claimId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.goto(`/app/claims/${claimId}`);
    await page.getByRole('tab', { name: 'Meddelanden' }).click();
    const embedded = page.getByRole('log', { name: `Meddelanden med ${BRAND_NAME}` });
    await expect(embedded.getByText('Välkommen till kampanjen!')).toBeVisible();
    await expect(embedded.getByText('när vill ni ha videon?')).toBeVisible();

    expect(brandSeen.errors).toEqual([]);
    await brand.context.close();
  });

  test('a message with HTML, a script and a javascript: link is shown as text and runs nothing', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const creatorName = await freshCreator(page.context(), origin, 'Skript Kreatör');

    // Before any claim there is nothing to talk about.
    await page.goto('/app/messages');
    await expect(page.getByRole('heading', { name: 'Inga konversationer än' })).toBeVisible();
    await expect(page.getByText('Konversationen med varumärket öppnas när du tar en kampanj.')).toBeVisible();
    await expectNoViolations(page);
    await claimCampaign(page.context(), origin);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const attack = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(2)>';
    const safe = 'Säker länk: https://example.com/brief';

    await page.goto('/app/messages');
    await page
      .getByRole('list', { name: 'Konversationer' })
      .getByRole('link', { name: new RegExp(BRAND_NAME) })
      .click();
    const box = page.getByRole('textbox', { name: 'Meddelande' });
    await box.fill(attack);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await box.fill(safe);
    await page.getByRole('button', { name: 'Skicka' }).click();
    await expect(box).toHaveValue('');

    // The recipient sees exactly what was typed, as text.
    const brand = await brandPage(browser, origin);
    const brandSeen = await watch(brand.page);
    await openConversation(brand.page, creatorName);
    for (const current of [page, brand.page]) {
      const log = current.getByRole('log');
      const message = log.getByRole('listitem').filter({ hasText: '[x](javascript:alert(1))' });
      await expect(message.getByText(attack, { exact: true })).toBeVisible();
      await expect(message.getByRole('link')).toHaveCount(0);
      await expect(message.locator('img')).toHaveCount(0);
      await expect(log.locator('script')).toHaveCount(0);
      await expect(log.locator('a[href^="javascript"]')).toHaveCount(0);
      const link = log.getByRole('link', { name: 'https://example.com/brief' });
      await expect(link).toHaveAttribute('href', 'https://example.com/brief');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }

    expect(dialogs).toEqual([]);
    expect(brandSeen.dialogs).toEqual([]);
    expect(brandSeen.errors).toEqual([]);
    await brand.context.close();
  });

  test('a creator reports the conversation; an admin reads it under the case, answers as support and closes it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const creatorName = await freshCreator(page.context(), origin, 'Anmäl Kreatör');
    await claimCampaign(page.context(), origin);
    const reason = `Varumärket ber mig ta bort reklammärkningen (${creatorName})`;

    await page.goto('/app/messages');
    await page
      .getByRole('list', { name: 'Konversationer' })
      .getByRole('link', { name: new RegExp(BRAND_NAME) })
      .click();
    const box = page.getByRole('textbox', { name: 'Meddelande' });
    await box.fill('Ska jag verkligen ta bort ”Reklam”?');
    await box.press('Enter');
    await expect(box).toHaveValue('');

    // The report asks why; an empty reason is refused in the dialog.
    await page.getByRole('button', { name: 'Anmäl konversationen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anmäl konversationen till Kollab' });
    await dialog.getByRole('button', { name: 'Anmäl', exact: true }).click();
    await expect(dialog.getByText('Obligatoriskt.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Vad har hänt?' }).fill(reason);
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Anmäl', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Konversationen är anmäld till Kollab.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmäl konversationen' })).toBeHidden();

    // The admin finds it among the open cases, sees why and that reading is logged, and answers.
    const admin = await browser.newContext({ baseURL: origin });
    await signInAdminByApi(admin.request, origin);
    const adminPage = await admin.newPage();
    const adminSeen = await watch(adminPage);
    await openConversation(adminPage, creatorName);
    await expect(adminPage.getByText(`Modereringsärende: ${reason}`)).toBeVisible();
    await expect(adminPage.getByText('Det du läser här sparas i granskningsloggen.')).toBeVisible();
    const adminLog = adminPage.getByRole('log', { name: `Meddelanden med ${creatorName}` });
    await expect(adminLog.getByText('Ska jag verkligen ta bort ”Reklam”?')).toBeVisible();
    await expectNoViolations(adminPage);
    const adminBox = adminPage.getByRole('textbox', { name: 'Meddelande' });
    await adminBox.fill('Märkningen ska vara kvar. Vi kontaktar varumärket.');
    await adminBox.press('Enter');
    await expect(adminBox).toHaveValue('');

    // The creator gets the answer live, from Kollab support.
    const creatorLog = page.getByRole('log', { name: `Meddelanden med ${BRAND_NAME}` });
    await expect(
      creatorLog.getByRole('listitem').filter({ hasText: 'Märkningen ska vara kvar.' }).getByText('Kollab support'),
    ).toBeVisible();

    // Closing the case makes the conversation private again: it leaves the admin's list.
    await adminPage.getByRole('button', { name: 'Stäng ärendet' }).click();
    const close = adminPage.getByRole('dialog', { name: 'Stäng modereringsärendet?' });
    await close.getByRole('button', { name: 'Stäng ärendet' }).click();
    await expect(adminPage).toHaveURL(/\/app\/messages$/);
    await expect(adminPage.getByRole('link', { name: new RegExp(creatorName) })).toHaveCount(0);
    expect(adminSeen.errors).toEqual([]);
    await admin.close();
  });
});
