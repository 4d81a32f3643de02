import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { signInByApi } from '../fixtures/api.ts';
import { untilHydrated } from '../fixtures/hydrated.ts';
import { expect, test } from '../fixtures/test.ts';
import { scaled } from '../fixtures/timeouts.ts';
import { linkInNewestMail } from './mail.ts';

const BRAND = { email: 'brand@demo.kollab.se', password: 'demo-brand-2026' };
const LIVE = 'Höstens fjällrost';
const SOON = 'Vinterns termosguide';
const DRAFT = 'Julkalender (utkast)';

const TEXTS = {
  sv: {
    title: 'Mina kampanjer',
    table: 'Dina kampanjer',
    live: 'Pågår',
    soon: 'Startar snart',
    draft: 'Utkast',
    search: 'Sök på titel',
    state: 'Status',
    tabs: 'Kampanjens delar',
    overview: 'Översikt',
    creators: 'Kreatörer',
    content: 'Innehåll',
    messages: 'Meddelanden',
    results: 'Resultat',
    waiting: 'Väntar på dig',
    approve: 'Godkänn',
    approveDialog: 'Godkänn ansökan?',
    approved: 'Godkänd',
    conversations: 'Samtal i kampanjen',
  },
  en: {
    title: 'My campaigns',
    table: 'Your campaigns',
    live: 'Live',
    soon: 'Coming soon',
    draft: 'Draft',
    search: 'Search by title',
    state: 'Status',
    tabs: 'Campaign sections',
    overview: 'Overview',
    creators: 'Creators',
    content: 'Content',
    messages: 'Messages',
    results: 'Results',
    waiting: 'Waiting for you',
    approve: 'Approve',
    approveDialog: 'Approve the claim?',
    approved: 'Approved',
    conversations: 'Conversations in this campaign',
  },
} as const;

type DeskRow = { id: string; title: string; claimsToApprove: number; slotsTaken: number; slots: number };

async function expectNoViolations(page: Page): Promise<void> {
  await untilHydrated(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The campaign's desk row as the API gives it to the brand. */
async function deskRow(request: APIRequestContext, id: string): Promise<DeskRow> {
  const res = await request.get(`/api/brand/campaigns/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: DeskRow }).data;
}

/** A new verified creator who claims `campaignId`; returns their name. */
async function creatorClaims(request: APIRequestContext, origin: string, campaignId: string): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `Disa Desk ${suffix}`;
  const email = `desk-${suffix}@example.com`;
  const headers = { Origin: origin };
  const signUp = await request.post('/api/auth/signup', {
    data: { fullName: name, email, password: 'ett långt lösenord 2026', role: 'creator', acceptPrivacy: true },
    headers,
  });
  expect(signUp.status()).toBe(202);
  await expect.poll(() => linkInNewestMail(email, '/app/verify-email')).not.toBeNull();
  const token = new URL((await linkInNewestMail(email, '/app/verify-email')) ?? '').searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token }, headers })).ok()).toBe(true);
  const claim = await request.post(`/api/campaigns/${campaignId}/claims`, {
    data: { guidelinesConfirmed: true },
    headers,
  });
  expect(claim.status()).toBe(201);
  return name;
}

/** Waits for the page's spinners (not the budget bars) to go. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('progressbar', { name: /^(Laddar|Loading) …$/ })).toHaveCount(0, { timeout: 15_000 });
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await settled(page);
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

// One campaign's counts are shared by both languages' runs: one after the other.
test.describe.configure({ mode: 'serial' });

for (const locale of ['sv', 'en'] as const) {
  const t = TEXTS[locale];

  test(`the brand's campaign desk (${locale}): chips, counts, filters, tabs by keyboard, an approval`, async ({
    page,
    baseURL,
    playwright,
  }, testInfo) => {
    test.setTimeout(scaled(180_000));
    const origin = baseURL ?? '';
    await signInByApi(page.request, BRAND.email, BRAND.password, origin);
    const list = (await (await page.request.get('/api/brand/campaigns?q=fj%C3%A4llrost')).json()) as {
      data: DeskRow[];
    };
    const live = list.data.find((row) => row.title === LIVE);
    expect(live, 'the seeded live campaign').toBeTruthy();
    const liveId = live?.id ?? '';
    const creatorApi = await playwright.request.newContext({ baseURL: origin });
    const creatorName = await creatorClaims(creatorApi, origin, liveId);
    await creatorApi.dispose();
    const before = await deskRow(page.request, liveId);

    // The list: each campaign's chip, and the live one's counts as the API counts them.
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto(`/app/brand/campaigns?locale=${locale}`);
    await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: t.table });
    const row = (title: string) =>
      table.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(row(LIVE).getByText(t.live, { exact: true })).toBeVisible();
    await expect(row(SOON).getByText(t.soon, { exact: true })).toBeVisible();
    await expect(row(DRAFT).getByText(t.draft, { exact: true })).toBeVisible();
    const slots =
      locale === 'sv' ? `${before.slotsTaken} av ${before.slots}` : `${before.slotsTaken} of ${before.slots}`;
    await expect(row(LIVE).getByRole('cell', { name: slots, exact: true })).toBeVisible();
    await expect(row(LIVE).getByRole('link', { name: new RegExp(`: ${before.claimsToApprove}$`) })).toBeVisible();
    await expectNoViolations(page);
    await attachScreenshot(page, testInfo, `desk list 1366 ${locale}`);

    // Filters: the title search, then the status.
    await page.getByRole('searchbox', { name: t.search }).fill('termos');
    await expect(page).toHaveURL(/[?&]q=termos/);
    await expect(row(SOON)).toBeVisible();
    await expect(row(LIVE)).toHaveCount(0);
    await page.getByRole('searchbox', { name: t.search }).fill('');
    await expect(page).not.toHaveURL(/[?&]q=/);
    await page.getByRole('combobox', { name: t.state }).click();
    await page.getByRole('option', { name: t.draft, exact: true }).click();
    await expect(page).toHaveURL(/[?&]state=draft/);
    await expect(row(DRAFT)).toBeVisible();
    await expect(row(LIVE)).toHaveCount(0);
    await page.goto(`/app/brand/campaigns`);

    // The campaign: the tabs are links, chosen with the arrow keys and Enter.
    await row(LIVE).getByRole('link', { name: LIVE, exact: true }).click();
    await expect(page.getByRole('heading', { name: LIVE, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: t.waiting })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: t.tabs });
    await expect(tabs.getByRole('tab', { name: t.overview, selected: true })).toBeVisible();
    await expectNoViolations(page);
    await attachScreenshot(page, testInfo, `desk overview 1366 ${locale}`);
    await tabs.getByRole('tab', { name: t.overview }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: t.creators })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/brand/campaigns/${liveId}/creators$`));
    await expect(tabs.getByRole('tab', { name: t.creators, selected: true })).toBeVisible();
    await expect(tabs.getByRole('tab', { name: t.creators })).toContainText(String(before.claimsToApprove));

    // Approving the new creator's claim: it leaves the count of claims to approve and takes a slot.
    const claim = page.getByRole('listitem').filter({ hasText: creatorName });
    await expect(claim).toBeVisible();
    await expectNoViolations(page);
    await claim.getByRole('button', { name: `${t.approve}: ${creatorName}` }).click();
    const dialog = page.getByRole('dialog', { name: t.approveDialog });
    await dialog.getByRole('button', { name: t.approve, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(claim.getByText(t.approved, { exact: true })).toBeVisible();
    const after = await deskRow(page.request, liveId);
    expect(after.slotsTaken).toBeGreaterThanOrEqual(before.slotsTaken + 1);
    await expect(tabs.getByRole('tab', { name: t.creators })).toHaveText(
      after.claimsToApprove > 0 ? new RegExp(`\\(${after.claimsToApprove}`) : t.creators,
    );

    for (const [tab, path] of [
      [t.content, 'content'],
      [t.messages, 'messages'],
      [t.results, 'results'],
    ] as const) {
      await tabs.getByRole('tab', { name: tab }).click();
      await expect(page).toHaveURL(new RegExp(`/${path}$`));
      await expect(tabs.getByRole('tab', { name: tab, selected: true })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await settled(page);
      await expectNoViolations(page);
    }
    // The messages tab: the new creator's conversation opens beside the list, and its address keeps it.
    await page.goto(`/app/brand/campaigns/${liveId}/messages`);
    await page.getByRole('list', { name: t.conversations }).getByRole('link', { name: creatorName }).click();
    await expect(page).toHaveURL(/\/messages\?with=/);
    await expect(page.getByRole('heading', { name: creatorName, level: 2 })).toBeVisible();
    await settled(page);
    await expectNoViolations(page);
    // A tab's address opens it directly.
    await page.goto(`/app/brand/campaigns/${liveId}/content`);
    await expect(tabs.getByRole('tab', { name: t.content, selected: true })).toBeVisible();

    await page.goto('/app/brand/campaigns');
    await expect(row(LIVE).getByRole('cell', { name: new RegExp(`^${after.slotsTaken} `) })).toBeVisible();

    // Phones: cards instead of the table, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const cards = page.getByRole('list', { name: t.table });
    await expect(cards.getByRole('listitem').filter({ hasText: LIVE })).toBeVisible();
    await attachScreenshot(page, testInfo, `desk list 390 ${locale}`);
    await page.goto(`/app/brand/campaigns/${liveId}/creators`);
    await expect(page.getByRole('heading', { name: LIVE, level: 1 })).toBeVisible();
    await attachScreenshot(page, testInfo, `desk creators 390 ${locale}`);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/app/brand/campaigns');
    await expect(cards.getByRole('listitem').filter({ hasText: LIVE })).toBeVisible();
    await expectNoSideScroll(page);
    for (const path of ['', '/creators', '/content', '/messages', '/results']) {
      await page.goto(`/app/brand/campaigns/${liveId}${path}`);
      await expect(page.getByRole('heading', { name: LIVE, level: 1 })).toBeVisible();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoSideScroll(page);
    }
  });
}
