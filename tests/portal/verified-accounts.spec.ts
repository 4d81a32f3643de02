import type { APIRequestContext, APIResponse } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { baseUrl, expectNoPageErrors, openActor, uniqueSuffix } from '../journeys/actors.ts';
import { sampleProviderStandIn } from '../support/server-env.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';

/**
 * A public Instagram account of the sample dataset per language (followers as the provider says),
 * so the two tests never verify the same handle at once. A handle is not unique among creators; the
 * latest creator to prove it holds it, so a retry on the same server verifies it again.
 */
const ACCOUNT = {
  sv: { handle: 'olle.portraits', followers: /1\s741/ },
  en: { handle: 'grace.jensen', followers: /2,154/ },
} as const;

const TEXT = {
  sv: {
    section: 'Verifierade konton',
    account: (handle: string) => `Instagram @${handle}`,
    notVerified: 'Inte verifierat',
    start: (handle: string) => `Verifiera kontot Instagram @${handle}`,
    instructions: /Lägg in koden i bion på Instagram @.+ och tryck sedan på Kontrollera/,
    check: (handle: string) => `Kontrollera koden i bion på Instagram @${handle}`,
    notInBio: /Vi hittar inte koden i kontots bio än/,
    verified: /^Verifierat \d/,
    followers: (count: RegExp) => new RegExp(`${count.source} följare enligt Instagram · nano`),
    badge: (count: RegExp) => new RegExp(`Verifierat Instagram-konto · ${count.source} följare \\(nano\\)`),
  },
  en: {
    section: 'Verified accounts',
    account: (handle: string) => `Instagram @${handle}`,
    notVerified: 'Not verified',
    start: (handle: string) => `Verify the account Instagram @${handle}`,
    instructions: /Put the code in the bio of Instagram @.+ then press Check/,
    check: (handle: string) => `Check the code in the bio of Instagram @${handle}`,
    notInBio: /We cannot find the code in the account's bio yet/,
    verified: /^Verified \d/,
    followers: (count: RegExp) => new RegExp(`${count.source} followers according to Instagram · nano`),
    badge: (count: RegExp) => new RegExp(`Verified Instagram account · ${count.source} followers \\(nano\\)`),
  },
} as const;

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

const send = (request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown = {}) =>
  request[method](path, { data, headers: { Origin: baseUrl() } });

/** A new creator with a verified e-mail address, signed in in `request`, with `handle` linked on Instagram. */
async function creatorWithHandle(request: APIRequestContext, locale: 'sv' | 'en', handle: string) {
  const email = `verified-${uniqueSuffix()}@example.com`;
  await ok(
    send(request, 'post', '/api/auth/signup', {
      fullName: 'Vera Verifierad',
      email,
      password: 'ett långt lösenord 2026',
      role: 'creator',
      acceptPrivacy: true,
      locale,
    }),
  );
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email'), { timeout: 15_000 }).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  await ok(send(request, 'post', '/api/auth/verify-email', { token }));
  await ok(send(request, 'put', '/api/creator-profile', { categories: ['food'], instagramHandle: `@${handle}` }));
}

/** What the account's owner does in the Instagram app: the stand-in's own route (stand-ins/provider/README.md). */
async function setBio(request: APIRequestContext, handle: string, biography: string) {
  const provider = sampleProviderStandIn();
  const answer = await request.put(`${provider.url}/_sample/instagram/accounts/${encodeURIComponent(handle)}/bio`, {
    headers: { authorization: `Bearer ${provider.key}` },
    data: { biography },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];
  const { handle, followers } = ACCOUNT[locale];

  test(`verified accounts (${locale}): the creator puts the code in the bio, checks, and the brand sees the badge`, async ({
    page,
    pageErrors,
    browser,
  }) => {
    test.setTimeout(scaled(180_000));
    const request = page.context().request;
    await creatorWithHandle(request, locale, handle);

    await page.goto(`/app/profile?locale=${locale}`);
    const card = page.getByRole('heading', { name: text.section, level: 2 });
    await expect(card).toBeVisible({ timeout: 15_000 });
    const account = page.getByRole('region', { name: text.account(handle) });
    await expect(account.getByText(text.notVerified)).toBeVisible();
    await account.getByRole('button', { name: text.start(handle) }).click();
    await expect(account.getByText(text.instructions)).toBeVisible();
    const code = (await account.locator('code').textContent()) ?? '';
    expect(code).toMatch(/^KOLLAB-[2-9A-HJKMNP-Z]{8}$/);
    await checkPage(page, `code to put in the bio ${locale}`);

    // Checking before the bio holds the code: a clear error, the API's 422 (which the browser logs).
    const check = account.getByRole('button', { name: text.check(handle) });
    await check.click();
    // The server's first Raw call makes the sample provider generate its dataset: seconds on 2 busy cores.
    await expect(account.getByRole('alert')).toHaveText(text.notInBio, { timeout: 30_000 });
    const refused = pageErrors.findIndex((error) => error.includes('status of 422'));
    expect(refused, 'the expected 422 answer').toBeGreaterThanOrEqual(0);
    pageErrors.splice(refused, 1);
    await checkPage(page, `code not in the bio yet ${locale}`);

    await setBio(request, handle, `Porträtt och ljus 📷\n${code}`);
    await check.click();
    await expect(account.getByText(text.verified)).toBeVisible({ timeout: 20_000 });
    await expect(account.getByText(text.followers(followers))).toBeVisible();
    await expect(account.getByRole('alert')).toHaveCount(0);
    await expect(account.getByRole('button')).toHaveCount(0);
    await checkPage(page, `account verified ${locale}`);

    // The creator claims the brand's campaign; the brand sees the badge on the claim.
    const campaigns = await ok<{ id: string; title: string }[]>(
      request.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`),
    );
    const campaign = campaigns.find((item) => item.title === CAMPAIGN);
    const claim = await ok<{ id: string }>(
      send(request, 'post', `/api/campaigns/${campaign?.id}/claims`, { guidelinesConfirmed: true }),
    );
    const brand = await openActor(browser, locale);
    await signInByApi(brand.context.request, BRAND.email, BRAND.password, baseUrl());
    await brand.page.goto(`/app/claims/${claim.id}`);
    // A fresh context loads the whole portal: on a busy 2-core machine that alone took 20 s once.
    await expect(brand.page.getByText(text.badge(followers))).toBeVisible({ timeout: 30_000 });
    await checkPage(brand.page, `brand sees the badge ${locale}`);
    await brand.page.goto(`/app/brand/campaigns/${campaign?.id}/creators`);
    await expect(brand.page.getByText(text.badge(followers)).first()).toBeVisible({ timeout: 30_000 });
    expectNoPageErrors([brand]);
    await brand.context.close();
  });
}
