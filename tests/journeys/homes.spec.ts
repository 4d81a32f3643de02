import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { signInAdminByApi, signInByApi } from '../fixtures/api.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from '../portal/mail.ts';
import { type Actor, baseUrl, expectNoPageErrors, openActor, uniqueSuffix } from './actors.ts';
import { LOCALES, TEXTS } from './texts.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';
/** The demo brand's other published campaign (it starts in 10 days): the one she is invited to. */
const INVITED_TO = 'Vinterns termosguide';
const COMPANY = 'Fjällkaffe AB';

/** What the homes say, written out (as texts.*.ts are) so a wrong translation fails the journey. */
const HOME = {
  sv: {
    greeting: (name: string) => `Hej ${name}!`,
    todos: 'Att göra',
    nothingToDo: 'Inget att göra just nu.',
    invitation: `Svara på inbjudan: ${INVITED_TO}`,
    workingDaysLeft: /5 arbetsdagar kvar, svara senast/,
    submitVideo: `Skicka in video: ${CAMPAIGN}`,
    rate: `Betygsätt ${COMPANY}: ${CAMPAIGN}`,
    balance: 'Saldo',
    withdraw: 'Ta ut pengar',
    profile: 'Din profil',
    nextStep: 'Lägg till ditt personnummer',
    messages: 'Senaste meddelanden',
    toApprove: 'Ansökningar att godkänna',
    approveItem: (name: string) => `${name} vill vara med i ${CAMPAIGN}`,
    toReview: 'Videor att granska',
    reviewItem: (name: string) => `Granska videon från ${name}: ${CAMPAIGN}`,
    autoAccept: /Godkänns automatiskt om \d+ dagar/,
    drafts: 'Utkast',
    queues: [
      /^Uttag att betala: \d+/,
      /^Flaggade inlägg: \d+/,
      /^Raderingar som har förfallit: \d+/,
      /^Anmälda konversationer: \d+/,
      /^Misslyckade jobb: /,
    ],
  },
  en: {
    greeting: (name: string) => `Hi ${name}!`,
    todos: 'To do',
    nothingToDo: 'Nothing to do right now.',
    invitation: `Answer the invitation: ${INVITED_TO}`,
    workingDaysLeft: /5 working days left, answer by/,
    submitVideo: `Submit your video: ${CAMPAIGN}`,
    rate: `Rate ${COMPANY}: ${CAMPAIGN}`,
    balance: 'Balance',
    withdraw: 'Withdraw money',
    profile: 'Your profile',
    nextStep: 'Add your personal number',
    messages: 'Recent messages',
    toApprove: 'Claims to approve',
    approveItem: (name: string) => `${name} wants to join ${CAMPAIGN}`,
    toReview: 'Videos to review',
    reviewItem: (name: string) => `Review the video from ${name}: ${CAMPAIGN}`,
    autoAccept: /Accepted automatically in \d+ days/,
    drafts: 'Drafts',
    queues: [
      /^Withdrawals to pay: \d+/,
      /^Flagged posts: \d+/,
      /^Deletion requests due: \d+/,
      /^Reported conversations: \d+/,
      /^Failed jobs: /,
    ],
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

/**
 * Checks a home as the issue asks: axe and a screenshot at desktop (1366×860) and phone (390×844)
 * size, both attached to the test, and nothing scrolling sideways at 360 px.
 */
async function checkHome(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 860 });
  await checkPage(page, `${name} desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkPage(page, `${name} phone`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The home's section named `title` (a region named by its heading). */
const section = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });

/**
 * Issue 22's homes, in each language: a new creator's and the demo brand's homes change as a claim
 * is made, approved, submitted and accepted; the admin's home shows its queues. Each home is
 * checked with axe at desktop and phone size, and its screenshots are attached.
 */
for (const locale of LOCALES) {
  const t = TEXTS[locale];
  const home = HOME[locale];

  test.describe(`role homes (${locale})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });

    let creator: Actor;
    let brand: Actor;
    let admin: Actor;
    let creatorName = '';
    let handle = '';
    let claimId = '';

    test.beforeAll(async ({ browser }) => {
      const suffix = uniqueSuffix();
      creatorName = `Hedda Hem ${suffix}`;
      handle = `hedda.hem.${suffix}`;
      const email = `homes-${locale}-${suffix}@example.com`;
      creator = await openActor(browser, locale);
      brand = await openActor(browser, locale);
      admin = await openActor(browser, locale);
      await ok(
        post(creator.context.request, '/api/auth/signup', {
          fullName: creatorName,
          email,
          password: 'ett långt lösenord 2026',
          role: 'creator',
          acceptPrivacy: true,
          locale,
        }),
      );
      await expect.poll(() => linkInNewestMail(email, '/app/verify-email'), { timeout: 15_000 }).not.toBeNull();
      const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
      await ok(post(creator.context.request, '/api/auth/verify-email', { token }));
      await signInByApi(brand.context.request, BRAND.email, BRAND.password, baseUrl());
      await signInAdminByApi(admin.context.request, baseUrl());
    });

    test.afterEach(() => expectNoPageErrors([creator, brand, admin]));

    test.afterAll(async () => {
      await Promise.all([creator, brand, admin].map((actor) => actor?.context.close()));
    });

    test('a new creator’s home: nothing to do yet, no balance, and the profile’s next step', async () => {
      const { page } = creator;
      await page.goto('/app/');
      await expect(page.getByRole('heading', { name: home.greeting('Hedda'), level: 1 })).toBeVisible();
      await expect(section(page, home.todos).getByText(home.nothingToDo)).toBeVisible();
      await expect(section(page, home.balance).getByRole('link', { name: home.withdraw })).toBeVisible();
      await expect(section(page, home.profile).getByRole('link', { name: home.nextStep })).toHaveAttribute(
        'href',
        '/app/account',
      );
      await expect(section(page, home.messages)).toBeVisible();
      await checkHome(page, 'creator home, nothing to do');
    });

    test('the brand invites her: her home shows the invitation with its working days left', async () => {
      await ok(
        creator.context.request.put('/api/creator-profile', {
          data: { categories: ['food', 'lifestyle'], instagramHandle: handle },
          headers: { Origin: baseUrl() },
        }),
      );
      const campaigns = await ok<{ id: string; title: string }[]>(
        brand.context.request.get('/api/campaigns?pageSize=50'),
      );
      const campaign = campaigns.find((item) => item.title === INVITED_TO);
      await ok(
        post(brand.context.request, '/api/discovery/invitations', {
          campaignId: campaign?.id,
          platform: 'instagram',
          userId: handle,
          username: handle,
        }),
      );

      const { page } = creator;
      await page.goto('/app/');
      const item = section(page, home.todos).getByRole('listitem').filter({ hasText: home.invitation });
      await expect(item.getByRole('link', { name: home.invitation })).toHaveAttribute('href', '/app/invitations');
      await expect(item).toContainText(home.workingDaysLeft);
      await checkHome(page, 'creator home, an invitation');
    });

    test('the creator claims: the brand’s home lists the claim to approve; approved, the creator’s says “submit video”', async () => {
      const campaigns = await ok<{ id: string; title: string }[]>(
        creator.context.request.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`),
      );
      const campaign = campaigns.find((item) => item.title === CAMPAIGN);
      const claim = await ok<{ id: string }>(
        post(creator.context.request, `/api/campaigns/${campaign?.id}/claims`, { guidelinesConfirmed: true }),
      );
      claimId = claim.id;

      const review = brand.page;
      await review.goto('/app/');
      const toApprove = section(review, home.toApprove);
      await expect(toApprove.getByRole('link', { name: home.approveItem(creatorName) })).toBeVisible();
      await checkHome(review, 'brand home, a claim to approve');
      await toApprove.getByRole('link', { name: home.approveItem(creatorName) }).click();
      await expect(review).toHaveURL(new RegExp(`/app/claims/${claimId}$`));
      await ok(post(brand.context.request, `/api/claims/${claimId}/approve`));

      const { page } = creator;
      await page.goto('/app/');
      const todos = section(page, home.todos);
      await expect(todos.getByRole('link', { name: home.submitVideo })).toBeVisible();
      await expect(todos.getByRole('listitem').filter({ hasText: home.submitVideo })).toContainText(COMPANY);
      await checkHome(page, 'creator home, a video to submit');
    });

    test('the creator submits from the home’s link: her to-do goes, the brand’s home has a video to review', async () => {
      const { page } = creator;
      await section(page, home.todos).getByRole('link', { name: home.submitVideo }).click();
      await expect(page).toHaveURL(new RegExp(`/app/claims/${claimId}$`));
      await page
        .getByRole('textbox', { name: t.claim.videoLink })
        .fill('https://www.tiktok.com/@hedda.hem/video/7301234567890123456');
      // The preview appears half a second after typing and moves the checkbox down: wait for it.
      await expect(page.getByText(t.claim.tiktokVideo)).toBeVisible();
      await page.getByRole('checkbox', { name: t.claim.adLabel }).check();
      await page.getByRole('button', { name: t.claim.submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.claim.sent })).toBeVisible();

      await page.goto('/app/');
      await expect(section(page, home.todos).getByRole('link', { name: home.invitation })).toBeVisible();
      await expect(section(page, home.todos).getByRole('link', { name: home.submitVideo })).toHaveCount(0);

      const review = brand.page;
      await review.goto('/app/');
      const toReview = section(review, home.toReview);
      const item = toReview.getByRole('listitem').filter({ hasText: home.reviewItem(creatorName) });
      await expect(item.getByRole('link', { name: home.reviewItem(creatorName) })).toBeVisible();
      await expect(item).toContainText(home.autoAccept);
      await expect(
        section(review, home.toApprove).getByRole('link', { name: home.approveItem(creatorName) }),
      ).toHaveCount(0);
      await checkHome(review, 'brand home, a video to review');
    });

    test('the brand accepts the video: it leaves the brand’s home, and the creator is asked to rate the brand', async () => {
      await ok(post(brand.context.request, `/api/claims/${claimId}/accept`));
      const review = brand.page;
      await review.reload();
      await expect(section(review, home.toReview)).toBeVisible();
      await expect(review.getByRole('link', { name: home.reviewItem(creatorName) })).toHaveCount(0);

      const { page } = creator;
      await page.reload();
      await expect(section(page, home.todos).getByRole('link', { name: home.rate })).toBeVisible();
      await checkHome(page, 'creator home, a brand to rate');
    });

    test('the admin’s home: each queue with its count, linking into its table', async () => {
      const { page } = admin;
      await page.goto('/app/');
      for (const queue of home.queues) await expect(page.getByRole('link', { name: queue })).toBeVisible();
      await checkHome(page, 'admin home');
      await page.getByRole('link', { name: home.queues[0] }).click();
      await expect(page).toHaveURL(/\/app\/admin\/withdrawals$/);
    });
  });
}
