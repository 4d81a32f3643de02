import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test } from '../fixtures/test.ts';

const CREATOR = { email: 'creator@demo.kollab.se', password: 'demo-creator-2026' };

interface ListedCampaign {
  id: string;
  title: string;
  coverUrl: string | null;
  coverSrcSet: string | null;
  state: string;
  myClaim: { id: string; status: string } | null;
}

/** Rewrites the creators' campaign list on its way to the page (covers and states the seed lacks). */
async function rewriteList(page: Page, change: (campaign: ListedCampaign) => ListedCampaign): Promise<void> {
  await page.route(/\/api\/campaigns\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: ListedCampaign[] };
    await route.fulfill({ response, json: { ...body, data: body.data.map(change) } });
  });
}

async function expectReadable(page: Page): Promise<void> {
  await untilHydrated(page);
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  // The overlay labels sit on a solid colour, so axe can measure them (nothing left "to review").
  const unsure = results.incomplete.filter((item) => item.id === 'color-contrast');
  expect(
    unsure.flatMap((item) => item.nodes.map((node) => node.html)).filter((html) => html.includes('Kommer')),
  ).toEqual([]);
}

test.describe('campaign covers', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page.request, CREATOR.email, CREATOR.password);
  });

  test('the cards show the drawn covers at several widths, the overlay legible over them', async ({ page }, info) => {
    // With a query the server does not render the list with its own first page (ADR 034): the
    // page asks for it in the browser, where the rewrite above can change it.
    await page.goto('/app/campaigns?page=1');
    const card = page.getByRole('article').filter({ hasText: 'Vinterns termosguide' });
    const image = card.locator('img');
    await expect(image).toHaveAttribute('srcset', /480w, .*800w, .*1200w/);
    await expect(image).toHaveAttribute('sizes', /.+/);
    // The first card's cover is the list's largest paint: fetched at once; the others lazily.
    const loading = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('img')?.getAttribute('loading') ?? 'none'));
    expect(['eager', 'none']).toContain(loading[0]);
    expect(loading.slice(1).filter((value) => value !== 'lazy' && value !== 'none')).toEqual([]);
    expect(loading.filter((value) => value !== 'none').length).toBeGreaterThanOrEqual(2);
    await expect(image).toHaveAttribute('decoding', 'async');
    await expect(image).toHaveAttribute('width', '1200');
    await expect(image).toHaveAttribute('height', '630');
    await expect(image).toHaveAttribute('alt', '');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    // The live campaign's card has its cover and no overlay.
    const live = page.getByRole('article').filter({ hasText: 'Höstens fjällrost' });
    await expect(live.locator('img')).toHaveAttribute('srcset', /fjallrost\./);
    await expect(card.getByText('Kommer snart!')).toBeVisible();
    await expectReadable(page);
    await info.attach('cards with covers (1280 px)', { body: await page.screenshot(), contentType: 'image/png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Kommer snart!')).toBeVisible();
    await info.attach('a card with a cover (390 px)', { body: await page.screenshot(), contentType: 'image/png' });
  });

  test('every overlay is legible, and without a cover it leaves the placeholder’s icon free', async ({
    page,
  }, info) => {
    await rewriteList(page, (campaign) =>
      campaign.title === 'Höstens fjällrost'
        ? { ...campaign, state: 'over' }
        : { ...campaign, coverUrl: null, coverSrcSet: null },
    );
    // With a query the server does not render the list with its own first page (ADR 034): the
    // page asks for it in the browser, where the rewrite above can change it.
    await page.goto('/app/campaigns?page=1');
    const over = page.getByRole('article').filter({ hasText: 'Höstens fjällrost' });
    await expect(over.getByText('Kampanjen är slut')).toBeVisible();
    const noCover = page.getByRole('article').filter({ hasText: 'Vinterns termosguide' });
    await expect(noCover.locator('img')).toHaveCount(0);
    const label = await noCover.getByText('Kommer snart!').boundingBox();
    const icon = await noCover.locator('svg[data-testid="CampaignIcon"]').boundingBox();
    expect(label && icon, 'the label and the icon').toBeTruthy();
    if (label && icon) expect(label.y >= icon.y + icon.height || label.y + label.height <= icon.y).toBe(true);
    await expectReadable(page);
    await info.attach('over, and coming soon without a cover', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
  });
});
