import type { APIRequestContext } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { checkPage } from '../fixtures/visit.ts';
import { expectNoPageErrors } from '../journeys/actors.ts';
import { actorOn, expect, newCreator, ok, post, type TimeTravelServer, test } from './fixtures.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const CAMPAIGN = 'Höstens fjällrost';
const HOUR = 3_600;
const DAY = 24 * HOUR;

const TEXT = {
  sv: {
    results: 'Resultat',
    csv: 'Exportera CSV',
    pdf: 'Exportera PDF',
    cpv: 'Kostnad per visning',
    cpm: 'CPM',
    chart: /Linjediagram över visningar per kreatör/,
    postPanel: 'Inlägget',
    passed: 'Reklammärkning godkänd',
    failing: 'Reklammärkning brister',
    checkAgain: 'Kontrollera igen',
    adminFlags: 'Reklammärkning',
    tag: 'sv-SE',
    perCreator: 'Per kreatör',
  },
  en: {
    results: 'Results',
    csv: 'Export CSV',
    pdf: 'Export PDF',
    cpv: 'Cost per view',
    cpm: 'CPM',
    chart: /Line chart of each creator's views/,
    postPanel: 'The post',
    passed: 'Ad label passed',
    failing: 'Ad label failing',
    checkAgain: 'Check again',
    adminFlags: 'Ad labels',
    tag: 'en-GB',
    perCreator: 'Per creator',
  },
} as const;

interface Figures {
  views: number;
  paidOre: number;
  costPerViewOre: number;
  cpmOre: number;
}

interface PostView {
  status: string;
  adLabel: { ok: boolean } | null;
  readings: { milestone: string; views: number }[];
  figures: { costPerViewOre: number | null; cpmOre: number | null } | null;
}

/** Publishes a post on the stand-in's Instagram as the creator would, with `caption`; its link. */
async function publish(server: TimeTravelServer, caption: string): Promise<{ url: string; code: string }> {
  const provider = await server.provider();
  const answer = await fetch(`${provider.url}/_sample/instagram/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${provider.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'cleo.creates', caption }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { url: string; code: string };
}

/** A claim of a new creator on the seeded campaign, approved by the brand and submitted with `url`. */
async function submittedClaim(
  server: TimeTravelServer,
  creator: APIRequestContext,
  brand: APIRequestContext,
  locale: 'sv' | 'en',
  url: string,
): Promise<string> {
  await newCreator(creator, server, locale);
  const campaigns = await ok<{ id: string; title: string }[]>(
    creator.get(`/api/campaigns?q=${encodeURIComponent(CAMPAIGN)}`),
  );
  const campaign = campaigns.find((item) => item.title === CAMPAIGN);
  const claim = await ok<{ id: string }>(
    post(creator, server.url, `/api/campaigns/${campaign?.id}/claims`, { guidelinesConfirmed: true }),
  );
  await ok(post(brand, server.url, `/api/claims/${claim.id}/approve`));
  await ok(post(creator, server.url, `/api/claims/${claim.id}/submit`, { url, adLabelConfirmed: true }));
  return claim.id;
}

const postOf = (request: APIRequestContext, claimId: string) =>
  ok<PostView>(request.get(`/api/claims/${claimId}/post`));

for (const locale of ['sv', 'en'] as const) {
  const text = TEXT[locale];

  test(`tracked posts (${locale}): an accepted post is read over a month, the results show CPV and CPM with charts and exports; a post without "Reklam" is flagged and not auto-accepted`, async ({
    browser,
    server,
  }) => {
    test.setTimeout(scaled(240_000));
    const brandActor = await actorOn(browser, server, locale);
    const creatorActor = await actorOn(browser, server, locale);
    const brandApi = brandActor.context.request;
    await signInByApi(brandApi, BRAND.email, BRAND.password, server.url);

    // Two creators post: one marked as advertising at the start with the campaign's hashtags, one
    // with "#reklam" only among the hashtags at the end.
    const good = await publish(
      server,
      locale === 'sv'
        ? 'Reklam för Fjällkaffe AB ☕️\nHöstens rostning smakar fjäll. #fjällkaffe #höstrost'
        : 'Reklam för Fjällkaffe AB ☕️\nAutumn roast tastes of the mountains. #fjällkaffe #höstrost',
    );
    const bad = await publish(
      server,
      'Höstens bästa kaffe! Tack @fjallkaffe för samarbetet #fjällkaffe #höstrost #reklam',
    );
    const otherCreator = await actorOn(browser, server, locale);
    const claimId = await submittedClaim(server, creatorActor.context.request, brandApi, locale, good.url);
    const badClaim = await submittedClaim(server, otherCreator.context.request, brandApi, locale, bad.url);
    // The scheduler runs: each caption is read through the provider and checked.
    await server.advance(0);
    await expect.poll(async () => (await postOf(brandApi, claimId)).adLabel?.ok, { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await postOf(brandApi, badClaim)).adLabel?.ok, { timeout: 20_000 }).toBe(false);

    // Each creator sees the verdict on the claim, the failing one with what to fix and a new check.
    await creatorActor.page.goto(`/app/claims/${claimId}`);
    await expect(creatorActor.page.getByRole('region', { name: text.postPanel }).getByText(text.passed)).toBeVisible({
      timeout: 15_000,
    });
    await otherCreator.page.goto(`/app/claims/${badClaim}`);
    const otherPanel = otherCreator.page.getByRole('region', { name: text.postPanel });
    await expect(otherPanel.getByText(text.failing)).toBeVisible({ timeout: 15_000 });
    await expect(otherPanel.getByRole('button', { name: text.checkAgain })).toBeVisible();
    await checkPage(otherCreator.page, `failing post, creator ${locale}`);
    // So does the brand.
    const page = brandActor.page;
    await page.goto(`/app/claims/${badClaim}`);
    await expect(page.getByRole('region', { name: text.postPanel }).getByText(text.failing)).toBeVisible({
      timeout: 15_000,
    });

    // The brand accepts the good one; it is read about 1 h, 24 h, 7 d and 30 d after posting. The
    // failing one's review window (3 working days) passes meanwhile.
    await ok(post(brandApi, server.url, `/api/claims/${claimId}/accept`));
    for (const [seconds, count] of [
      [HOUR + 60, 2],
      [DAY, 3],
      [6 * DAY, 4],
      [23 * DAY, 5],
    ] as const) {
      await server.advance(seconds);
      await expect.poll(async () => (await postOf(brandApi, claimId)).readings.length, { timeout: 20_000 }).toBe(count);
    }
    const tracked = await postOf(brandApi, claimId);
    expect(tracked.status).toBe('finished');
    expect(tracked.readings.map((reading) => reading.milestone)).toEqual(['check', '1h', '24h', '7d', '30d']);
    // The failing post was not accepted for the brand.
    expect((await ok<{ status: string }>(brandApi.get(`/api/claims/${badClaim}`))).status).toBe('submitted');

    const campaignId = (await ok<{ campaign: { id: string } }>(brandApi.get(`/api/claims/${claimId}`))).campaign.id;
    const results = await ok<{ posts: { claimId: string; figures: Figures }[] }>(
      brandApi.get(`/api/campaigns/${campaignId}/results`),
    );
    const figures = results.posts.find((item) => item.claimId === claimId)?.figures as Figures;
    expect(figures.costPerViewOre).toBe(Math.round((figures.paidOre / figures.views) * 100) / 100);
    expect(figures.cpmOre).toBe(Math.round(((figures.paidOre * 1000) / figures.views) * 100) / 100);

    // The results page: the chart, the post's CPV and CPM as the portal shows them, and the exports.
    await page.goto(`/app/brand/campaigns/${campaignId}/results`);
    await expect(page.getByRole('tab', { name: text.results, selected: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel(text.chart).first()).toBeVisible();
    const row = page
      .getByRole('table', { name: text.perCreator })
      .getByRole('row')
      .filter({ hasText: locale === 'sv' ? 'Tove Spårad' : 'Tom Tracked' });
    // As the portal writes them: a cost per view with up to four decimals, CPM in kronor and öre.
    const fine = new Intl.NumberFormat(text.tag, {
      style: 'currency',
      currency: 'SEK',
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    });
    const sek = new Intl.NumberFormat(text.tag, { style: 'currency', currency: 'SEK' });
    await expect(row).toContainText(fine.format(figures.costPerViewOre / 100));
    await expect(row).toContainText(sek.format(Math.round(figures.cpmOre) / 100));
    for (const [name, type] of [
      [text.csv, 'text/csv'],
      [text.pdf, 'application/pdf'],
    ] as const) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      const file = await brandApi.get(href ?? '');
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toContain(type);
    }
    await checkPage(page, `results ${locale}`);
    expectNoPageErrors([brandActor, creatorActor, otherCreator]);
  });
}
