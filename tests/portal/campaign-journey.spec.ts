import type { BrowserContext, Page } from '@playwright/test';
import { expect402, payByCard } from '../fixtures/pay.ts';
import { expect, test, watchContentSecurityPolicy } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };

/** Collects console errors of a page the fixture does not watch. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A yyyy-mm-dd date `days` from today, as a date input takes it. */
function dateInDays(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A new creator, signed up over the API and verified from the mail (which signs them in in `context`). */
async function signUpCreator(context: BrowserContext, origin: string, name: string): Promise<void> {
  const email = `campaign-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const headers = { Origin: origin };
  const signUp = await context.request.post('/api/auth/signup', {
    data: { fullName: name, email, password: 'ett långt lösenord 2026', role: 'creator', acceptPrivacy: true },
    headers,
  });
  expect(signUp.status()).toBe(202);
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  expect((await context.request.post('/api/auth/verify-email', { data: { token }, headers })).ok()).toBe(true);
}

/** The brand creates a campaign in the form, checks the preview and publishes it; returns its page's URL. */
async function createAndPublish(page: Page, title: string, pageErrors: string[]): Promise<string> {
  await page.goto('/app/login?callbackUrl=%2Fapp%2Fbrand%2Fcampaigns');
  await page.getByRole('textbox', { name: 'E-postadress' }).fill(BRAND.email);
  await page.getByLabel(/^Lösenord/).fill(BRAND.password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mina kampanjer', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Ny kampanj' }).click();
  await expect(page.getByRole('heading', { name: 'Ny kampanj', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel' }).fill(title);
  await page
    .getByRole('textbox', { name: 'Beskrivning' })
    .fill('Visa hur du tar med vårt kaffe på vårens första picknick.');
  await page.getByRole('checkbox', { name: 'Kännedom' }).click();
  await page.getByRole('checkbox', { name: 'Mat och dryck' }).click();
  await page.getByRole('textbox', { name: 'Total budget' }).fill('10 000');
  await page.getByRole('textbox', { name: 'Ersättning per kreatör' }).fill('2 500');
  await page.getByRole('textbox', { name: 'Antal platser' }).fill('5');
  await expect(page.getByRole('status').filter({ hasText: 'mer än budgeten' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Antal platser' }).fill('4');
  await expect(page.getByRole('status').filter({ hasText: 'precis hela budgeten' })).toBeVisible();
  await page.getByLabel('Slutdatum').fill(dateInDays(21));
  await page.getByRole('textbox', { name: 'Hashtaggar' }).fill('#picknick #vårkaffe');
  await page.getByRole('button', { name: 'Lägg till riktlinje' }).click();
  await page.getByRole('textbox', { name: 'Riktlinje 1' }).fill('Visa kaffet i bild under de första sekunderna.');
  await page.getByRole('button', { name: 'Lägg till riktlinje' }).click();
  await page.getByRole('textbox', { name: 'Riktlinje 2' }).fill('Tagga @fjallkaffe.');

  await page.getByRole('button', { name: 'Förhandsgranska och publicera' }).click();
  const preview = page.getByRole('dialog', { name: 'Förhandsgranskning' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByText('2 500 kr per kreatör')).toBeVisible();
  await preview.getByRole('button', { name: 'Publicera' }).click();
  // An unpaid campaign goes to the payment step first; paid by card, it is live.
  await payByCard(page, 'sv');
  expect402(pageErrors);

  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Pågår', { exact: true })).toBeVisible();
  await expect(page.getByText('0 av 4', { exact: true })).toBeVisible();
  return page.url();
}

test.describe('campaigns, matching and claims', () => {
  test('a brand publishes a campaign; a creator claims it, submits a video, revises it and gets it accepted', async ({
    page,
    pageErrors,
    browser,
    baseURL,
  }) => {
    // Three browsers' worth of steps; 17 s on a quiet machine, past 120 s on a loaded CI runner.
    test.setTimeout(scaled(240_000));
    const origin = baseURL ?? '';
    const title = `Vårens picknickkaffe ${Date.now().toString(36)}`;
    const creatorName = `Kim Kampanj ${Math.random().toString(36).slice(2, 6)}`;
    const campaignUrl = await createAndPublish(page, title, pageErrors);

    // The creator finds the campaign, reads the guidelines, confirms each one and claims it.
    const creatorContext = await browser.newContext({ baseURL: origin });
    await signUpCreator(creatorContext, origin, creatorName);
    const creator = await creatorContext.newPage();
    const creatorErrors = watchErrors(creator);
    await watchContentSecurityPolicy(creatorContext, creatorErrors);
    await creator.goto('/app/campaigns');
    await creator.getByRole('searchbox', { name: 'Sök' }).fill(title);
    await expect(creator).toHaveURL(/[?&]q=/);
    await creator.getByRole('link', { name: title }).click();
    await expect(creator.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(creator.getByText('Arrangeras av Fjällkaffe AB')).toBeVisible();
    await creator.getByRole('button', { name: 'Ansök till kampanjen' }).click();
    const guidelines = creator.getByRole('dialog', { name: 'Läs riktlinjerna och bekräfta' });
    await guidelines.getByRole('button', { name: 'Ansök', exact: true }).click();
    await expect(guidelines.getByText('Bekräfta varje riktlinje för att kunna ansöka.')).toBeVisible();
    await guidelines.getByRole('checkbox', { name: 'Visa kaffet i bild under de första sekunderna.' }).check();
    await guidelines.getByRole('checkbox', { name: 'Tagga @fjallkaffe.' }).check();
    await guidelines.getByRole('button', { name: 'Ansök', exact: true }).click();
    await expect(guidelines).toBeHidden();
    await expect(creator.getByText('Väntar på svar', { exact: true })).toBeVisible();
    await creator.getByRole('link', { name: 'Alla kampanjer' }).click();
    await expect(creator.getByRole('heading', { name: 'Kampanjer', level: 1 })).toBeVisible();
    await expect(creator.getByRole('article').filter({ hasText: title }).getByText('Ansökan väntar')).toBeVisible();

    // The brand opens the creator's social media report and selects them (approves the claim).
    await page.goto(campaignUrl.replace(/(\?.*)?$/, '/creators'));
    await page.getByRole('button', { name: `Rapport: ${creatorName}` }).click();
    const report = page.getByRole('dialog', { name: 'Rapport om sociala medier' });
    await expect(report.getByText(creatorName)).toBeVisible();
    await report.getByRole('button', { name: 'Välj och stäng' }).click();
    await expect(report).toBeHidden();
    await expect(
      page.getByRole('listitem').filter({ hasText: creatorName }).getByText('Godkänd', { exact: true }),
    ).toBeVisible();

    // The creator submits a link: a link to another platform is refused as typed, an Instagram reel is previewed.
    await creator.getByRole('link', { name: 'Mina ansökningar' }).click();
    await expect(creator.getByRole('heading', { name: 'Mina ansökningar', level: 1 })).toBeVisible();
    await creator.getByRole('link', { name: new RegExp(title) }).click();
    await expect(creator.getByRole('heading', { name: 'Skicka in din video' })).toBeVisible();
    const link = creator.getByRole('textbox', { name: 'Länk till videon' });
    await link.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(creator.getByText('Den plattformen stöds inte')).toBeVisible();
    await link.fill('https://www.instagram.com/reel/C9AbCdEfGhI/?igsh=abc');
    await expect(creator.getByText('Det gick inte att ladda förhandsvisningen')).toBeVisible();
    await creator.getByRole('button', { name: 'Skicka in länken' }).click();
    await expect(creator.getByText('Bekräfta att inlägget är reklammärkt.')).toBeVisible();
    await creator.getByRole('checkbox', { name: /märkt med ”Reklam” eller ”Annons”/ }).check();
    await creator.getByRole('button', { name: 'Skicka in länken' }).click();
    await expect(creator.getByText(/Varumärket granskar din video/)).toBeVisible();

    // The brand asks for changes with a note.
    await page.reload();
    const claimItem = page.getByRole('listitem').filter({ hasText: creatorName });
    await expect(claimItem.getByText('Video inskickad')).toBeVisible();
    await claimItem.getByRole('button', { name: `Be om ändringar: ${creatorName}` }).click();
    const changes = page.getByRole('dialog', { name: 'Be om ändringar' });
    await changes.getByRole('textbox', { name: 'Vad ska ändras?' }).fill('Visa kaffepaketet tydligare i början.');
    await changes.getByRole('button', { name: 'Be om ändringar' }).click();
    await expect(changes).toBeHidden();
    await expect(claimItem.getByText('Ändringar önskas')).toBeVisible();

    // The creator reads the note and submits a TikTok link instead.
    await creator.reload();
    await expect(creator.getByText('Visa kaffepaketet tydligare i början.')).toBeVisible();
    await expect(creator.getByRole('heading', { name: 'Skicka in den ändrade videon' })).toBeVisible();
    await creator
      .getByRole('textbox', { name: 'Länk till videon' })
      .fill('https://www.tiktok.com/@kimkampanj/video/7301234567890123456');
    await expect(creator.getByText('TikTok: video')).toBeVisible();
    await creator.getByRole('checkbox', { name: /märkt med ”Reklam” eller ”Annons”/ }).check();
    await creator.getByRole('button', { name: 'Skicka in länken' }).click();
    await expect(creator.getByText(/Varumärket granskar din video/)).toBeVisible();

    // The brand accepts the video; the payout is committed.
    await page.reload();
    await claimItem.getByRole('button', { name: `Godkänn videon: ${creatorName}` }).click();
    const accept = page.getByRole('dialog', { name: 'Godkänn videon?' });
    await expect(
      accept.getByText(`Ersättningen på 2 500 kr betalas ut till ${creatorName}.`, { exact: false }),
    ).toBeVisible();
    await accept.getByRole('button', { name: 'Godkänn videon' }).click();
    await expect(accept).toBeHidden();
    await expect(claimItem.getByText('Klar', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Översikt' }).click();
    await expect(page.getByRole('region', { name: 'Budget' }).getByText('7 500 kr')).toBeVisible();

    // The creator sees the claim done, with its history.
    await creator.reload();
    await expect(creator.getByText('Videon är godkänd och 2 500 kr är din.')).toBeVisible();
    await creator.getByRole('tab', { name: 'Översikt' }).click();
    const submitted = creator.getByRole('region', { name: 'Inskickade videor' });
    await expect(submitted.getByRole('heading', { name: /^Video 2/ })).toBeVisible();
    await expect(submitted.getByText('Visa kaffepaketet tydligare i början.')).toBeVisible();

    expect(creatorErrors).toEqual([]);
    await creatorContext.close();
  });
});
