import type { APIRequestContext, APIResponse, Locator } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { baseUrl, expectNoPageErrors, openActor, uniqueSuffix } from '../journeys/actors.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';

const TEXT = {
  sv: {
    section: 'Betyg',
    delivery: 'Leverans i tid',
    quality: 'Kvalitet',
    brief: 'Brief',
    communication: 'Kommunikation',
    payment: 'Betalning',
    score: (n: number) => `${n} av 5`,
    comment: 'Kommentar (valfri)',
    submit: 'Skicka betyg',
    waiting: /Tack för ditt betyg\. Kreatören ser det när båda har betygsatt/,
    theyRated: 'Varumärket har betygsatt. Betygsätt du också för att se betyget.',
    brandsRating: 'Varumärkets betyg av dig',
    creatorsRating: 'Kreatörens betyg av er',
    summary: '4,5 av 5 (antal betyg: 1)',
  },
  en: {
    section: 'Ratings',
    delivery: 'Delivery on time',
    quality: 'Quality',
    brief: 'Brief',
    communication: 'Communication',
    payment: 'Payment',
    score: (n: number) => `${n} of 5`,
    comment: 'Comment (optional)',
    submit: 'Send rating',
    waiting: /Thank you for your rating\. The creator sees it when both have rated/,
    theyRated: 'The brand has rated. Rate too to see their rating.',
    brandsRating: "The brand's rating of you",
    creatorsRating: "The creator's rating of you",
    summary: '4.5 of 5 (ratings: 1)',
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

/** A new verified creator in `request`, a claim on the seeded campaign, approved, submitted and accepted. */
async function acceptedClaim(creator: APIRequestContext, brand: APIRequestContext, locale: 'sv' | 'en') {
  const email = `rating-${uniqueSuffix()}@example.com`;
  await ok(
    post(creator, '/api/auth/signup', {
      fullName: 'Rut Rating',
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
  await ok(post(brand, `/api/claims/${claim.id}/approve`));
  await ok(
    post(creator, `/api/claims/${claim.id}/submit`, {
      url: 'https://www.instagram.com/reel/Cx7654321ab/',
      adLabelConfirmed: true,
    }),
  );
  await ok(post(brand, `/api/claims/${claim.id}/accept`));
  return claim.id;
}

/** Clicks the star for `score` in the criterion's group, as a pointer user does (the label covers the radio). */
async function pickStars(section: Locator, criterion: string, score: string): Promise<void> {
  const radio = section.getByRole('group', { name: criterion }).getByRole('radio', { name: score });
  await section.locator(`label[for="${await radio.getAttribute('id')}"]`).click();
  await expect(radio).toBeChecked();
}

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];

  test(`ratings (${locale}): the brand rates, the creator sees only that it did, rates back, and both see both`, async ({
    browser,
  }) => {
    test.setTimeout(scaled(120_000));
    const brandActor = await openActor(browser, locale);
    const creatorActor = await openActor(browser, locale);
    await signInByApi(brandActor.context.request, BRAND.email, BRAND.password, baseUrl());
    const claimId = await acceptedClaim(creatorActor.context.request, brandActor.context.request, locale);

    // The brand rates the creator with stars and a comment.
    const brand = brandActor.page;
    await brand.goto(`/app/claims/${claimId}`);
    const brandSection = brand.getByRole('region', { name: text.section });
    await expect(brandSection.getByRole('button', { name: text.submit })).toBeDisabled({ timeout: 15_000 });
    await pickStars(brandSection, text.delivery, text.score(5));
    await pickStars(brandSection, text.quality, text.score(4));
    await brandSection.getByRole('textbox', { name: text.comment }).fill('Levererade före utsatt tid.');
    await checkPage(brand, `brand rates the creator ${locale}`);
    await brandSection.getByRole('button', { name: text.submit }).click();
    await expect(brandSection.getByText(text.waiting)).toBeVisible();
    expectNoPageErrors([brandActor]);

    // The creator is told the brand rated, not what it gave, and rates back.
    const creator = creatorActor.page;
    await creator.goto(`/app/claims/${claimId}`);
    const creatorSection = creator.getByRole('region', { name: text.section });
    await expect(creatorSection.getByText(text.theyRated)).toBeVisible({ timeout: 15_000 });
    await expect(creatorSection.getByText('Levererade före utsatt tid.')).toHaveCount(0);
    for (const [criterion, score] of [
      [text.brief, 4],
      [text.communication, 5],
      [text.payment, 5],
    ] as const) {
      await pickStars(creatorSection, criterion, text.score(score));
    }
    await creatorSection.getByRole('button', { name: text.submit }).click();
    const theirs = creatorSection.getByRole('region', { name: text.brandsRating });
    await expect(theirs).toContainText(text.delivery);
    await expect(theirs).toContainText(text.score(5));
    await expect(theirs).toContainText('Levererade före utsatt tid.');
    await checkPage(creator, `creator sees both ratings ${locale}`);
    expectNoPageErrors([creatorActor]);

    // The brand now sees the creator's rating, and the creator's average in the header.
    await brand.reload();
    await expect(brand.getByRole('region', { name: text.creatorsRating })).toContainText(text.score(4), {
      timeout: 15_000,
    });
    await expect(brand.getByText(text.summary)).toBeVisible();
    expectNoPageErrors([brandActor]);
    await brandActor.context.close();
    await creatorActor.context.close();
  });
}
