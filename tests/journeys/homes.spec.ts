import type { BrandHome } from '@kollab/contract/api/home';
import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { signInAdminByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { checkPage } from '../fixtures/visit.ts';
import { linkInNewestMail } from '../portal/mail.ts';
import { type Actor, baseUrl, expectNoPageErrors, openActor, uniqueSuffix } from './actors.ts';
import { LOCALES, type Locale, TEXTS } from './texts.ts';

const PASSWORD = 'ett långt lösenord 2026';
const DAY_MS = 86_400_000;

/**
 * The journey's own brand and its two campaigns (not the shared demo brand's: other specs leave
 * pending claims on those, and a brand's home lists only its 10 oldest, ADR 037). `campaign` is
 * live, the one she claims; `invitedTo` starts in 10 days, the one she is invited to.
 */
interface Names {
  company: string;
  campaign: string;
  invitedTo: string;
}

/** What the homes say, written out (as texts.*.ts are) so a wrong translation fails the journey. */
const HOME = {
  sv: ({ company, campaign, invitedTo }: Names) =>
    ({
      greeting: (name: string) => `Hej ${name}!`,
      todos: 'Att göra',
      nothingToDo: 'Inget att göra just nu.',
      invitation: `Svara på inbjudan: ${invitedTo}`,
      workingDaysLeft: /5 arbetsdagar kvar, svara senast/,
      submitVideo: `Skicka in video: ${campaign}`,
      rate: `Betygsätt ${company}: ${campaign}`,
      balance: 'Saldo',
      withdraw: 'Ta ut pengar',
      profile: 'Din profil',
      nextStep: 'Lägg till ditt personnummer',
      messages: 'Senaste meddelanden',
      toApprove: 'Ansökningar att godkänna',
      approveItem: (name: string) => `${name} vill vara med i ${campaign}`,
      toReview: 'Videor att granska',
      reviewItem: (name: string) => `Granska videon från ${name}: ${campaign}`,
      autoAccept: /Godkänns automatiskt om \d+ dagar/,
      drafts: 'Utkast',
      queues: [
        /^Uttag att betala: \d+/,
        /^Flaggade inlägg: \d+/,
        /^Raderingar som har förfallit: \d+/,
        /^Anmälda konversationer: \d+/,
        /^Misslyckade jobb: /,
      ],
    }) as const,
  en: ({ company, campaign, invitedTo }: Names) =>
    ({
      greeting: (name: string) => `Hi ${name}!`,
      todos: 'To do',
      nothingToDo: 'Nothing to do right now.',
      invitation: `Answer the invitation: ${invitedTo}`,
      workingDaysLeft: /5 working days left, answer by/,
      submitVideo: `Submit your video: ${campaign}`,
      rate: `Rate ${company}: ${campaign}`,
      balance: 'Balance',
      withdraw: 'Withdraw money',
      profile: 'Your profile',
      nextStep: 'Add your personal number',
      messages: 'Recent messages',
      toApprove: 'Claims to approve',
      approveItem: (name: string) => `${name} wants to join ${campaign}`,
      toReview: 'Videos to review',
      reviewItem: (name: string) => `Review the video from ${name}: ${campaign}`,
      autoAccept: /Accepted automatically in \d+ days/,
      drafts: 'Drafts',
      queues: [
        /^Withdrawals to pay: \d+/,
        /^Flagged posts: \d+/,
        /^Deletion requests due: \d+/,
        /^Reported conversations: \d+/,
        /^Failed jobs: /,
      ],
    }) as const,
};

async function ok<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${answer.url()}: ${await answer.text()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** A same-origin JSON POST from a browser context's cookies (the API checks the Origin). */
const post = (request: APIRequestContext, path: string, data: unknown = {}) =>
  request.post(path, { data, headers: { Origin: baseUrl() } });

/**
 * Signs a new account up through the API, which signs `request`'s context in, and confirms its
 * e-mail address with the link in the mail it is sent.
 */
async function signUp(
  request: APIRequestContext,
  account: { role: 'creator' | 'brand'; fullName: string; email: string; locale: Locale },
): Promise<void> {
  await ok(post(request, '/api/auth/signup', { ...account, password: PASSWORD, acceptPrivacy: true }));
  await expect.poll(() => linkInNewestMail(account.email, '/app/verify-email'), { timeout: 15_000 }).not.toBeNull();
  const link = await linkInNewestMail(account.email, '/app/verify-email');
  const token = new URL(link ?? '').searchParams.get('token');
  await ok(post(request, '/api/auth/verify-email', { token }));
}

/**
 * The signed-in brand's campaign `title`, starting `startsInDays` from now (0: already running),
 * created and paid by card in the payments stand-in through the API; paid, it is published.
 * Its id.
 */
async function fundedCampaign(request: APIRequestContext, title: string, startsInDays: number): Promise<string> {
  const starts = Date.now() + startsInDays * DAY_MS - 60_000;
  const campaign = await ok<{ id: string }>(
    post(request, '/api/campaigns', {
      title,
      description: 'Fjällkaffe i termos på en höstpromenad / mountain coffee on an autumn walk.',
      objectives: ['awareness'],
      categories: ['food'],
      platforms: ['instagram', 'tiktok'],
      creatorTiers: ['ugc'],
      budgetOre: 600_000,
      payoutOre: 200_000,
      slots: 3,
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(starts + 30 * DAY_MS).toISOString(),
      guidelines: ['Visa termosen i bild / show the flask.'],
    }),
  );
  const payment = await ok<{ id: string }>(post(request, `/api/campaigns/${campaign.id}/payments`, { method: 'card' }));
  const paid = await ok<{ status: string }>(
    post(request, `/api/payments/${payment.id}/card`, {
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2039, cvc: '123' },
    }),
  );
  expect(paid.status).toBe('paid');
  const view = await ok<{ status: string }>(request.get(`/api/campaigns/${campaign.id}`));
  expect(view.status).toBe('published');
  return campaign.id;
}

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
 * Issue 22's homes, in each language: a new creator's and a new brand's homes change as a claim
 * is made, approved, submitted and accepted; the admin's home shows its queues. Each home is
 * checked with axe at desktop and phone size, and its screenshots are attached. The brand is the
 * journey's own, with its own campaigns, so claims other specs leave pending on the demo brand's
 * campaigns cannot push hers off its home's list.
 */
for (const locale of LOCALES) {
  const t = TEXTS[locale];
  const suffix = uniqueSuffix();
  const names: Names = {
    company: `Fjällkaffe ${suffix} AB`,
    campaign: `Höstens fjällrost ${suffix}`,
    invitedTo: `Vinterns termosguide ${suffix}`,
  };
  const home = HOME[locale](names);

  test.describe(`role homes (${locale})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });

    let creator: Actor;
    let brand: Actor;
    let admin: Actor;
    let creatorName = '';
    let handle = '';
    let campaignId = '';
    let invitedToId = '';
    let claimId = '';

    test.beforeAll(async ({ browser }) => {
      creatorName = `Hedda Hem ${suffix}`;
      handle = `hedda.hem.${suffix}`;
      creator = await openActor(browser, locale);
      brand = await openActor(browser, locale);
      admin = await openActor(browser, locale);
      await signUp(creator.context.request, {
        role: 'creator',
        fullName: creatorName,
        email: `homes-${locale}-${suffix}@example.com`,
        locale,
      });
      // The brand: signed up, its company named, both campaigns paid and live (before the creator
      // has a profile, so publishing them invites her to neither).
      await signUp(brand.context.request, {
        role: 'brand',
        fullName: `Frida Fjäll ${suffix}`,
        email: `homes-brand-${locale}-${suffix}@example.com`,
        locale,
      });
      await ok(
        brand.context.request.put('/api/brand-profile', {
          data: { companyName: names.company },
          headers: { Origin: baseUrl() },
        }),
      );
      campaignId = await fundedCampaign(brand.context.request, names.campaign, 0);
      invitedToId = await fundedCampaign(brand.context.request, names.invitedTo, 10);
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
      const invited = await post(brand.context.request, '/api/discovery/invitations', {
        campaignId: invitedToId,
        platform: 'instagram',
        userId: handle,
        username: handle,
      });
      expect(invited.ok(), await invited.text()).toBe(true);
      // (This answer is not wrapped in `data`.) She is on Kollab: a real invitation, not an e-mail draft.
      expect(((await invited.json()) as { invited: boolean }).invited).toBe(true);

      const { page } = creator;
      await page.goto('/app/');
      const item = section(page, home.todos).getByRole('listitem').filter({ hasText: home.invitation });
      await expect(item.getByRole('link', { name: home.invitation })).toHaveAttribute('href', '/app/invitations');
      await expect(item).toContainText(home.workingDaysLeft);
      await checkHome(page, 'creator home, an invitation');
    });

    test('the creator claims: the brand’s home lists the claim to approve; approved, the creator’s says “submit video”', async () => {
      const campaigns = await ok<{ id: string; title: string }[]>(
        creator.context.request.get(`/api/campaigns?q=${encodeURIComponent(names.campaign)}`),
      );
      expect(campaigns.map((item) => item.id)).toContain(campaignId);
      const claim = await ok<{ id: string }>(
        post(creator.context.request, `/api/campaigns/${campaignId}/claims`, { guidelinesConfirmed: true }),
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
      await expect(todos.getByRole('listitem').filter({ hasText: home.submitVideo })).toContainText(names.company);
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

    test('the brand’s home seen from another time zone, its clock 36 hours ahead: taken over as rendered, then counted by its own clock', async ({
      browser,
    }) => {
      // A zone whose date is not UTC's (the server's) at this hour: a date written in the
      // runtime's zone would differ between the server's page and the browser's.
      const timezoneId = new Date().getUTCHours() < 11 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
      const away = await openActor(browser, locale, baseUrl(), { timezoneId });
      try {
        await away.context.addCookies(await brand.context.cookies());
        const brandHome = await ok<BrandHome>(brand.context.request.get('/api/home'));
        const autoAcceptAt = brandHome.videosToReview.items.find((item) => item.claimId === claimId)?.autoAcceptAt;
        expect(autoAcceptAt, 'the video’s auto-accept time').toBeTruthy();
        const due = Date.parse(autoAcceptAt ?? '');
        const ahead = 36 * 3_600_000;
        await away.page.clock.install({ time: Date.now() + ahead });
        const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
        const inDays = (from: number) =>
          new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }).format(Math.trunc((due - from) / DAY_MS), 'day');
        const serverSays = inDays(Date.now());
        const response = await away.page.goto('/app/');
        // The server counted from its own clock and wrote the time in Swedish time.
        const swedishTime = new Intl.DateTimeFormat(tag, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Europe/Stockholm',
        }).format(new Date(due));
        const served = (await response?.text()) ?? '';
        expect(served).toContain(`${serverSays} (${swedishTime})`);
        await untilHydrated(away.page);
        // Hydrated without a mismatch (a console error, checked below), then counted again from
        // the browser's clock, a day and a half later; the time still Swedish.
        const browserSays = inDays(Date.now() + ahead);
        expect(browserSays).not.toBe(serverSays);
        const item = section(away.page, home.toReview)
          .getByRole('listitem')
          .filter({ hasText: home.reviewItem(creatorName) });
        await expect(item).toContainText(`${browserSays} (${swedishTime})`);
        expectNoPageErrors([away]);
      } finally {
        await away.context.close();
      }
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
