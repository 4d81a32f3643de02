import type { APIRequestContext, APIResponse } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { checkPage } from '../fixtures/visit.ts';
import { baseUrl, expectNoPageErrors, openActor, uniqueSuffix } from '../journeys/actors.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';

const TEXT = {
  sv: {
    bell: (unread: number) => (unread ? `Aviseringar, ${unread} olästa` : 'Aviseringar'),
    recent: 'Senaste aviseringarna',
    approved: /Din ansökan till ”Höstens fjällrost” är godkänd/,
    messages: /Nytt meddelande från Fjällkaffe AB om ”Höstens fjällrost”/,
    showAll: 'Visa alla aviseringar',
    title: 'Aviseringar',
    markAll: 'Markera alla som lästa',
    mail: 'E-post',
    messageMail: 'Påminnelser om olästa meddelanden',
    account: /Konto och säkerhet/,
    saved: 'Dina val är sparade.',
  },
  en: {
    bell: (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications'),
    recent: 'Recent notifications',
    approved: /Your claim on “Höstens fjällrost” was approved/,
    messages: /New message from Fjällkaffe AB about “Höstens fjällrost”/,
    showAll: 'Show all notifications',
    title: 'Notifications',
    markAll: 'Mark all as read',
    mail: 'E-mail',
    messageMail: 'Reminders about unread messages',
    account: /Account and security/,
    saved: 'Your choices are saved.',
  },
} as const;

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A same-origin JSON POST from a browser context's cookies (the API checks the Origin). */
const post = (request: APIRequestContext, path: string, data: unknown = {}) =>
  request.post(path, { data, headers: { Origin: baseUrl() } });

/** A new verified creator in `request` with a pending claim on the seeded campaign. */
async function pendingClaim(creator: APIRequestContext, locale: 'sv' | 'en'): Promise<string> {
  const email = `notify-${uniqueSuffix()}@example.com`;
  await ok(
    post(creator, '/api/auth/signup', {
      fullName: 'Nora Notis',
      email,
      password: 'ett långt lösenord 2026',
      role: 'creator',
      acceptPrivacy: true,
      locale,
    }),
  );
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email'), { timeout: 15_000 }).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  await ok(post(creator, '/api/auth/verify-email', { token }));
  const campaigns = await ok<{ id: string; title: string }[]>(
    creator.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`),
  );
  const campaign = campaigns.find((item) => item.title === CAMPAIGN);
  const claim = await ok<{ id: string }>(
    post(creator, `/api/campaigns/${campaign?.id}/claims`, { guidelinesConfirmed: true }),
  );
  return claim.id;
}

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];

  test(`notifications (${locale}): the bell counts live what the brand does, opens its screens, and e-mail choices stay`, async ({
    browser,
  }) => {
    const creator = await openActor(browser, locale);
    const brand = await openActor(browser, locale);
    await signInByApi(brand.context.request, BRAND.email, BRAND.password, baseUrl());
    const claimId = await pendingClaim(creator.context.request, locale);
    const { page } = creator;

    // The creator waits on the home page; the bell says nothing is unread.
    await page.goto('/app/');
    const bell = (unread: number) => page.getByRole('button', { name: text.bell(unread), exact: true });
    await expect(bell(0)).toBeVisible();

    // The brand approves the claim and writes, in its own browser: the count goes up without a reload.
    await ok(post(brand.context.request, `/api/claims/${claimId}/approve`));
    await expect(bell(1)).toBeVisible();
    await ok(post(brand.context.request, `/api/conversations/${claimId}/messages`, { body: 'Välkommen!' }));
    await expect(bell(2)).toBeVisible();

    // The popover lists both, newest first; following one opens its screen and marks it read.
    await bell(2).click();
    const popover = page.getByRole('dialog', { name: text.recent });
    await expect(popover.getByRole('link', { name: text.messages })).toBeVisible();
    await expect(popover.getByRole('link', { name: text.approved })).toBeVisible();
    await checkPage(page, `notifications popover ${locale}`);
    await popover.getByRole('link', { name: text.approved }).click();
    await expect(page).toHaveURL(new RegExp(`/app/claims/${claimId}$`));
    await expect(bell(1)).toBeVisible();

    // The full page, then "mark all as read" there.
    await bell(1).click();
    // Once the list is in, the popover has its final height and "show all" stays where it is.
    const again = page.getByRole('dialog', { name: text.recent });
    await expect(again.getByRole('link', { name: text.approved })).toBeVisible();
    await again.getByRole('link', { name: text.showAll }).click();
    await expect(page).toHaveURL(/\/app\/notifications$/);
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: text.messages })).toBeVisible();
    await checkPage(page, `notifications page ${locale}`);
    await page.getByRole('button', { name: text.markAll }).click();
    await expect(bell(0)).toBeVisible();
    await expect(page.getByRole('button', { name: text.markAll })).toBeDisabled();

    // On a 360 px phone the page does not scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('heading', { name: text.title, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await checkPage(page, `notifications page 360 ${locale}`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // E-mail choices: message reminders off, kept after a reload; account mail is always on.
    await page.goto('/app/account');
    const section = page.getByRole('region', { name: text.mail });
    const reminders = section.getByRole('switch', { name: text.messageMail });
    await expect(reminders).toBeChecked();
    await expect(section.getByRole('switch', { name: text.account })).toBeDisabled();
    await reminders.click();
    await expect(section.getByRole('status')).toHaveText(text.saved);
    await page.reload();
    await expect(
      page.getByRole('region', { name: text.mail }).getByRole('switch', { name: text.messageMail }),
    ).not.toBeChecked();
    await checkPage(page, `e-mail choices ${locale}`);

    expectNoPageErrors([creator, brand]);
    await creator.context.close();
    await brand.context.close();
  });
}
