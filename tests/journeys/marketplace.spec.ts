import { expect, test } from '@playwright/test';
import { ADMIN, enterAdminCode } from '../fixtures/api.ts';
import { expect402, payByCard } from '../fixtures/pay.ts';
import { checkPage } from '../fixtures/visit.ts';
import { type Actor, dateInDays, expectNoPageErrors, openActor, uniqueSuffix, verifyLink } from './actors.ts';
import { adminErases, askForDeletion, expectSignedOutForGood } from './erasure-steps.ts';
import { withdrawToPaypal } from './money-steps.ts';
import { LOCALES, TEXTS } from './texts.ts';

const PASSWORD = 'ett långt lösenord 2026';

/** A tab of the brand's campaign desk (ADR 038): its address is one segment below the campaign's. */
const desk = (campaignUrl: string, tab: string) => campaignUrl.replace(/(\?.*)?$/, `/${tab}`);

/**
 * The creator, brand and admin journeys of issue #10, in each language, as one story: a new
 * creator and a new brand meet through a campaign, the creator is paid and withdraws, the admin
 * pays out, moderates and finally erases the creator's data at her request. Each step is its own
 * test (run in order); every screen is checked with axe and saved as a screenshot.
 */
for (const locale of LOCALES) {
  const t = TEXTS[locale];

  test.describe(`creator, brand and admin journeys (${locale})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });

    let creator: Actor;
    let brand: Actor;
    let admin: Actor;
    let suffix = '';
    let creatorName = '';
    let creatorEmail = '';
    let handle = '';
    let brandName = '';
    let brandEmail = '';
    let title = '';
    let campaignUrl = '';
    let claimUrl = '';

    test.beforeAll(async ({ browser }) => {
      suffix = uniqueSuffix();
      creatorName = `Elin Ek ${suffix}`;
      creatorEmail = `journey-creator-${locale}-${suffix}@example.com`;
      handle = `elin.ek.${suffix}`;
      brandName = `Vera Berg ${suffix}`;
      brandEmail = `journey-brand-${locale}-${suffix}@example.com`;
      title = `${locale === 'sv' ? 'Hundpromenadkaffe' : 'Dog walk coffee'} ${suffix}`;
      creator = await openActor(browser, locale);
      brand = await openActor(browser, locale);
      admin = await openActor(browser, locale);
    });

    test.afterEach(() => expectNoPageErrors([creator, brand, admin]));

    test.afterAll(async () => {
      await Promise.all([creator, brand, admin].map((actor) => actor?.context.close()));
    });

    test('a creator signs up, confirms her address, links Instagram and TikTok and proves she is over 18', async () => {
      const { page } = creator;
      await page.goto('/app/register');
      await expect(page.getByRole('heading', { name: t.auth.register, level: 1 })).toBeVisible();
      await page.getByRole('radio', { name: t.auth.creator }).check();
      await page.getByRole('textbox', { name: t.auth.fullName }).fill(creatorName);
      await page.getByRole('textbox', { name: t.auth.email }).fill(creatorEmail);
      await page.getByLabel(t.auth.password).fill(PASSWORD);
      await page.getByRole('checkbox', { name: t.auth.privacy }).check();
      await checkPage(page, 'creator sign-up');
      await page.getByRole('button', { name: t.auth.register }).click();
      await expect(page.getByRole('heading', { name: t.auth.checkEmail, level: 1 })).toBeVisible();
      await checkPage(page, 'check your e-mail');

      await page.goto(await verifyLink(creatorEmail));
      await expect(page.getByRole('heading', { name: t.auth.verified, level: 1 })).toBeVisible();
      await checkPage(page, 'address confirmed');
      await page.getByRole('link', { name: t.auth.toOnboarding }).click();

      await expect(page.getByRole('heading', { name: t.creator.onboarding, level: 1 })).toBeVisible();
      for (const category of t.creator.categories) await page.getByRole('checkbox', { name: category }).check();
      await page.getByRole('textbox', { name: 'Instagram', exact: true }).fill(`@${handle}`);
      await page.getByRole('textbox', { name: 'TikTok', exact: true }).fill(`https://www.tiktok.com/@${handle}`);
      await page
        .getByRole('textbox', { name: t.creator.bio })
        .fill('Hundar, promenader och kaffe / dogs, walks and coffee.');
      await checkPage(page, 'onboarding');
      await page.getByRole('button', { name: t.creator.saveOnboarding }).click();
      await expect(page.getByRole('heading', { name: t.auth.greeting('Elin'), level: 1 })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.creator.saved })).toBeVisible();
      await checkPage(page, 'creator dashboard');

      await page.getByRole('link', { name: t.creator.profileCard }).click();
      await expect(page.getByRole('heading', { name: t.creator.profile, level: 1 })).toBeVisible();
      const [first = '', second = ''] = t.creator.categories;
      await expect(page.getByRole('definition').filter({ hasText: first })).toContainText(second);
      await expect(page.getByRole('link', { name: `@${handle}` })).toHaveCount(2);
      await checkPage(page, 'creator profile');

      // Her personal number says she is over 18; it is stored encrypted and shown masked.
      await page.goBack();
      await page.getByRole('link', { name: t.creator.accountCard }).click();
      await expect(page.getByRole('heading', { name: t.creator.account, level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: t.creator.personalNumber }).fill('19900101-0017');
      await page.getByRole('button', { name: t.creator.save, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.creator.accountSaved })).toBeVisible();
      await expect(page.getByText(t.creator.personalNumberSaved, { exact: false })).toBeVisible();
      await checkPage(page, 'manage account');
    });

    test('a brand signs up and publishes a campaign; the creator is among the matched creators', async () => {
      const { page } = brand;
      await page.goto('/app/register');
      await page.getByRole('radio', { name: t.auth.brand }).check();
      await page.getByRole('textbox', { name: t.auth.fullName }).fill(brandName);
      await page.getByRole('textbox', { name: t.auth.email }).fill(brandEmail);
      await page.getByLabel(t.auth.password).fill(PASSWORD);
      await page.getByRole('checkbox', { name: t.auth.privacy }).check();
      await page.getByRole('button', { name: t.auth.register }).click();
      await expect(page.getByRole('heading', { name: t.auth.checkEmail, level: 1 })).toBeVisible();
      await page.goto(await verifyLink(brandEmail));
      await expect(page.getByRole('heading', { name: t.auth.verified, level: 1 })).toBeVisible();
      await page.getByRole('link', { name: t.auth.toDashboard }).click();
      await expect(page.getByRole('heading', { name: t.auth.greeting('Vera'), level: 1 })).toBeVisible();
      await checkPage(page, 'brand dashboard');

      await page
        .getByRole('navigation', { name: t.nav.menu })
        .getByRole('link', { name: t.nav.brandCampaigns })
        .click();
      await expect(page.getByRole('heading', { name: t.campaign.noCampaigns })).toBeVisible();
      await checkPage(page, 'no campaigns yet');
      await page.getByRole('link', { name: t.campaign.newCampaign }).first().click();
      await expect(page.getByRole('heading', { name: t.campaign.newCampaign, level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: t.campaign.title }).fill(title);
      await page.getByRole('textbox', { name: t.campaign.description }).fill(t.campaign.description_text);
      await page.getByRole('checkbox', { name: t.campaign.objective }).check();
      await page.getByRole('checkbox', { name: t.campaign.category }).check();
      // Her follower counts are not known yet, so she fits as a UGC creator.
      await page.getByRole('checkbox', { name: t.campaign.ugc }).check();
      await page.getByRole('textbox', { name: t.campaign.budget }).fill('6000');
      await page.getByRole('textbox', { name: t.campaign.payout }).fill('2000');
      await page.getByRole('textbox', { name: t.campaign.slots }).fill('3');
      await page.getByLabel(t.campaign.endDate).fill(dateInDays(21));
      await page.getByRole('textbox', { name: t.campaign.hashtags }).fill('#hundpromenad #kaffe');
      await page.getByRole('button', { name: t.campaign.addGuideline }).click();
      await page.getByRole('textbox', { name: t.campaign.guideline(1) }).fill(t.campaign.guidelineText);
      await checkPage(page, 'new campaign form');

      await page.getByRole('button', { name: t.campaign.previewPublish }).click();
      const preview = page.getByRole('dialog', { name: t.campaign.preview });
      await expect(preview.getByRole('heading', { name: title })).toBeVisible();
      await expect(preview.getByText(t.campaign.payoutPerCreator)).toBeVisible();
      await checkPage(page, 'campaign preview');
      await preview.getByRole('button', { name: t.campaign.publish }).click();
      // The payment step: the card goes through the 3-D Secure page, then the campaign is live.
      await payByCard(page, locale, { threeDSecure: true, check: (name) => checkPage(page, name) });
      expect402(brand.errors);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByText(t.campaign.live, { exact: true })).toBeVisible();
      campaignUrl = page.url();
      await checkPage(page, 'published campaign');

      await page.getByRole('tab', { name: t.campaign.creatorsTab }).click();
      await expect(page.getByRole('tabpanel').getByText(creatorName)).toBeVisible();
      await checkPage(page, 'matched creators');
    });

    test('the creator accepts the invitation, which claims the campaign; the brand reads her report and selects her', async () => {
      const { page } = creator;
      await page.getByRole('navigation', { name: t.nav.menu }).getByRole('link', { name: t.nav.invitations }).click();
      await expect(page.getByRole('heading', { name: t.invitation.title, level: 1 })).toBeVisible();
      const invitation = page.getByRole('article').filter({ hasText: title });
      await expect(invitation.getByText(t.invitation.pending)).toBeVisible();
      await expect(invitation).toContainText(brandName);
      await checkPage(page, 'invitations');
      await invitation.getByRole('button', { name: t.invitation.accept(title) }).click();
      const guidelines = page.getByRole('dialog', { name: t.invitation.dialog });
      await expect(guidelines.getByRole('checkbox', { name: t.campaign.guidelineText })).toBeVisible();
      await checkPage(page, 'guidelines to confirm');
      await guidelines.getByRole('checkbox', { name: t.campaign.guidelineText }).check();
      await guidelines.getByRole('button', { name: t.invitation.acceptSubmit }).click();
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.invitation.accepted })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: t.claim.pending })).toBeVisible();
      claimUrl = page.url();
      await checkPage(page, 'claim awaiting answer');

      const review = brand.page;
      await review.goto(desk(campaignUrl, 'creators'));
      const claimItem = review
        .getByRole('list', { name: t.campaign.claimsList })
        .getByRole('listitem')
        .filter({ hasText: creatorName });
      await expect(claimItem.getByText(t.claim.pending, { exact: true })).toBeVisible();
      await checkPage(review, 'claim to review');
      await claimItem.getByRole('button', { name: t.claim.report(creatorName) }).click();
      const report = review.getByRole('dialog', { name: t.claim.reportDialog });
      await expect(report.getByText(creatorName)).toBeVisible();
      await expect(report.getByRole('link', { name: new RegExp(`@${handle.replaceAll('.', '\\.')}`) })).toHaveCount(2);
      await checkPage(review, 'social media report');
      await report.getByRole('button', { name: t.claim.select }).click();
      await expect(report).toBeHidden();
      await expect(review.getByRole('alert').filter({ hasText: t.claim.inCampaign(creatorName) })).toBeVisible();
      await expect(claimItem.getByText(t.claim.approved, { exact: true })).toBeVisible();
    });

    test('the creator submits her video and the brand accepts it', async () => {
      const { page } = creator;
      await page.reload();
      await expect(page.getByRole('definition').filter({ hasText: t.claim.approved })).toBeVisible();
      await page
        .getByRole('textbox', { name: t.claim.videoLink })
        .fill(`https://www.tiktok.com/@${handle}/video/7301234567890123456`);
      // The preview appears half a second after typing and moves the checkbox down: wait for it.
      await expect(page.getByText(t.claim.tiktokVideo)).toBeVisible();
      await page.getByRole('checkbox', { name: t.claim.adLabel }).check();
      await checkPage(page, 'submit the video');
      await page.getByRole('button', { name: t.claim.submit }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.claim.sent })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: t.claim.submitted })).toBeVisible();
      await checkPage(page, 'video submitted');

      const review = brand.page;
      await review.reload();
      const claimItem = review
        .getByRole('list', { name: t.campaign.claimsList })
        .getByRole('listitem')
        .filter({ hasText: creatorName });
      await expect(claimItem.getByText(t.claim.submitted, { exact: true })).toBeVisible();
      await claimItem.getByRole('button', { name: t.claim.acceptVideo(creatorName) }).click();
      const accept = review.getByRole('dialog', { name: t.claim.acceptDialog });
      await expect(accept.getByText(t.claim.paidTo(creatorName), { exact: false })).toBeVisible();
      await checkPage(review, 'accept the video');
      await accept.getByRole('button', { name: t.claim.acceptConfirm }).click();
      await expect(accept).toBeHidden();
      await expect(claimItem.getByText(t.claim.done, { exact: true })).toBeVisible();
      await checkPage(review, 'video accepted');
    });

    test('creator and brand chat, each message arriving live in the other browser', async () => {
      const brandPage = brand.page;
      await brandPage.getByRole('navigation', { name: t.nav.menu }).getByRole('link', { name: t.nav.messages }).click();
      await brandPage
        .getByRole('list', { name: t.chat.conversations })
        .getByRole('link', { name: new RegExp(creatorName) })
        .click();
      await expect(brandPage.getByRole('heading', { name: creatorName, level: 2 })).toBeVisible();
      const brandLog = brandPage.getByRole('log', { name: t.chat.log(creatorName) });
      await checkPage(brandPage, 'brand conversation');

      const { page } = creator;
      const nav = page.getByRole('navigation', { name: t.nav.menu });
      await page.goto(claimUrl);
      await nav.getByRole('link', { name: t.nav.messages }).click();
      await page
        .getByRole('list', { name: t.chat.conversations })
        .getByRole('link', { name: new RegExp(title) })
        .click();
      const creatorLog = page.getByRole('log', { name: t.chat.log(brandName) });
      const box = page.getByRole('textbox', { name: t.chat.message });
      await box.fill(t.chat.hello);
      await box.press('Enter');
      await expect(box).toHaveValue('');

      // Without a reload: the brand's open conversation shows it, and reading it ticks it read here.
      await expect(brandLog.getByText(t.chat.hello)).toBeVisible();
      const hello = creatorLog.getByRole('listitem').filter({ hasText: t.chat.hello });
      await expect(hello.getByRole('img', { name: t.chat.read })).toBeVisible();
      const brandBox = brandPage.getByRole('textbox', { name: t.chat.message });
      await brandBox.fill(t.chat.reply);
      await brandBox.press('Enter');
      await expect(creatorLog.getByText(t.chat.reply)).toBeVisible();
      const reply = brandLog.getByRole('listitem').filter({ hasText: t.chat.reply });
      await expect(reply.getByRole('img', { name: t.chat.read })).toBeVisible();
      await checkPage(page, 'creator conversation');
    });

    test('the brand discovers influencers and opens a report', async () => {
      const { page } = brand;
      await page.getByRole('navigation', { name: t.nav.menu }).getByRole('link', { name: t.nav.discover }).click();
      // Sign-in is behind us, but the discovery screens are their own lazy chunks.
      await expect(page.getByRole('heading', { name: t.discovery.title, level: 1 })).toBeVisible({ timeout: 15_000 });
      await checkPage(page, 'discover');
      await page.getByRole('combobox', { name: t.discovery.followersFrom }).click();
      await page.getByRole('option', { name: t.discovery.tenThousand, exact: true }).click();
      await page.getByRole('button', { name: t.discovery.search, exact: true }).click();
      await expect(page).toHaveURL(/[?&]followersMin=10000(&|$)/);
      await expect(page.getByRole('status').filter({ hasText: t.discovery.found })).toBeVisible({ timeout: 20_000 });
      const table = page.getByRole('table', { name: t.discovery.table });
      await expect(table.getByRole('row')).toHaveCount(16);
      await checkPage(page, 'search results');

      const profile = table.getByRole('row').nth(1).getByRole('link');
      // The link also names the verified badge ("@handle Verified account"): the handle is what is left.
      const profileHandle = (await profile.textContent())?.replace(t.discovery.verified, '').trim() ?? '';
      expect(profileHandle).toMatch(/^@./);
      await profile.click();
      await expect(page.getByRole('heading', { name: profileHandle, level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('figure', { name: t.discovery.gender })).toContainText('%');
      await checkPage(page, 'influencer report');
    });

    // PayPal: the way an admin marks a withdrawal paid by hand (bank, IBAN and Swish go through the
    // payout rails, portal/payout-rails.spec.ts).
    test('the creator adds PayPal and withdraws her earnings', async () => {
      await withdrawToPaypal(creator.page, t, title);
    });

    test('the admin pays the withdrawal out and pauses the campaign; creator and brand see it', async () => {
      const { page } = admin;
      await page.goto('/app/login?callbackUrl=%2Fapp%2Fadmin');
      await page.getByRole('textbox', { name: t.auth.email }).fill(ADMIN.email);
      await page.getByLabel(t.auth.password).fill(ADMIN.password);
      await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
      await enterAdminCode(page, { label: t.auth.code, submit: t.auth.codeSubmit });
      // Sign-in, then the lazy shell, layout and page chunks.
      await expect(page.getByRole('heading', { name: t.admin.home, level: 1 })).toBeVisible({ timeout: 15_000 });
      await checkPage(page, 'administration');

      await page.getByRole('navigation', { name: t.nav.menu }).getByRole('link', { name: t.nav.payouts }).click();
      await expect(page.getByRole('heading', { name: t.admin.payouts, level: 1 })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: creatorEmail });
      // The grid is its own (large) chunk.
      await expect(row).toContainText(t.admin.amount, { timeout: 15_000 });
      await checkPage(page, 'payouts');
      await row.getByRole('menuitem', { name: t.admin.markPaid }).click();
      const pay = page.getByRole('dialog', { name: t.admin.payDialog });
      await expect(pay).toContainText(creatorEmail);
      await pay.getByRole('textbox', { name: t.admin.reference }).fill(`PAYPAL-${suffix}`);
      await checkPage(page, 'mark paid');
      await pay.getByRole('button', { name: t.admin.markPaid }).click();
      await expect(pay).toBeHidden();
      await expect(page.getByRole('alert').filter({ hasText: t.admin.paidDone })).toBeVisible();

      await creator.page.reload();
      const mine = creator.page.getByRole('list', { name: t.money.myWithdrawals }).getByRole('listitem').first();
      await expect(mine).toContainText(t.money.paid);
      await expect(mine).toContainText(t.money.reference(`PAYPAL-${suffix}`));

      // Moderation: the admin pauses the campaign from the campaigns table.
      await page.goto('/app/admin');
      await page.getByRole('link', { name: t.admin.campaigns }).click();
      await expect(page.getByRole('heading', { name: t.admin.campaignsTitle, level: 1 })).toBeVisible();
      await page.getByRole('searchbox', { name: t.admin.search }).fill(title);
      const campaignRow = page.getByRole('row').filter({ hasText: title });
      await expect(campaignRow).toContainText(t.campaign.active, { timeout: 15_000 });
      await checkPage(page, 'campaigns to moderate');
      await campaignRow.getByRole('menuitem', { name: t.admin.pause(title) }).click();
      const pause = page.getByRole('dialog', { name: t.admin.pauseDialog });
      await checkPage(page, 'pause the campaign');
      await pause.getByRole('button', { name: t.admin.pauseSubmit, exact: true }).click();
      await expect(pause).toBeHidden();
      await expect(page.getByRole('alert').filter({ hasText: t.admin.pausedDone(title) })).toBeVisible();
      await expect(campaignRow).toContainText(t.campaign.paused);

      await brand.page.goto(campaignUrl);
      await expect(brand.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await expect(brand.page.getByText(t.campaign.paused, { exact: true })).toBeVisible();
    });

    test('the creator reads what deletion does to her money, asks for it; the admin erases it and her account is gone', async () => {
      const { page } = creator;
      // Before asking, Manage account tells her what happens to her money and work: all paid out, nothing left.
      await page.goto('/app/account');
      const deletion = page.getByRole('region', { name: t.creator.deleteAccount });
      const plan = deletion.getByRole('list', { name: t.creator.deletionPlan });
      // (Other journeys' campaigns may have invited her meanwhile: those lines sit in between.)
      await expect(plan.getByRole('listitem').first()).toHaveText(t.creator.noMoney);
      await expect(plan.getByRole('listitem').last()).toHaveText(t.creator.keptUntil);
      await checkPage(page, 'what deletion does');

      await askForDeletion(page, t, creatorEmail);
      await adminErases(admin.page, t, creatorEmail);

      await expectSignedOutForGood(creator, t, creatorEmail, PASSWORD);
    });
  });
}
