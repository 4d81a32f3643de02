import type { CampaignView } from '@kollab/contract/api/campaigns';
import { brandProfiles, campaignListVersion, campaigns, claims } from '@kollab/db/schema';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createUser,
  deleteCampaignRow,
  fundCampaign,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { pageCacheStats } from './campaign-page-cache.ts';

// GET /api/campaigns totals are kept in memory per list version (campaign-list.query.ts). These tests
// change campaigns every way the list can notice, through the API and behind its back (as another
// API instance would, straight in the database), and check every total against a fresh count.

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let brand: Awaited<ReturnType<typeof createUser>>;
let creator: Awaited<ReturnType<typeof createUser>>;
let brandCookie: string;
let creatorCookie: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  brand = await createUser(t.db, { role: 'brand', fullName: 'Anna Ägare' });
  await createBrandProfile(t.db, brand.id, { companyName: 'Kafferosteriet AB' });
  creator = await createUser(t.db, { role: 'creator' });
  brandCookie = await loginAs(t.db, brand);
  creatorCookie = await loginAs(t.db, creator);
  adminCookie = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
  for (let n = 0; n < 6; n++) {
    await createCampaign(t.db, brand.id, {
      title: `Fika ${n}`,
      categories: [n % 2 ? 'food' : 'travel'],
      startsAt: new Date(Date.now() - (n + 1) * DAY_MS),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

async function list(cookie: string, query = ''): Promise<{ titles: string[]; total: number; data: CampaignView[] }> {
  const res = await t.app.request(`/api/campaigns?pageSize=100${query}`, { headers: jsonHeaders(cookie) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: CampaignView[]; total: number };
  return { titles: body.data.map((campaign) => campaign.title).sort(), total: body.total, data: body.data };
}

const QUERIES = ['', '&category=food', '&platform=tiktok', '&q=fika', '&q=kafferosteriet', '&status=published'];

/** Every list total for creator, brand and admin equals the number of rows the list pages through. */
async function expectTotalsExact(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const [who, cookie] of [
    ['creator', creatorCookie],
    ['brand', brandCookie],
    ['admin', adminCookie],
  ] as const) {
    for (const query of QUERIES) {
      const { titles, total } = await list(cookie, query);
      expect(total, `${who} ${query}`).toBe(titles.length);
      totals[`${who} ${query}`] = total;
    }
  }
  return totals;
}

async function listVersion(): Promise<number> {
  const [row] = await t.db.select().from(campaignListVersion);
  return row?.version ?? -1;
}

describe('the campaign list total', () => {
  it('stays exact as campaigns are created, published, edited, paused and deleted, by the API or behind its back', async () => {
    const before = await expectTotalsExact();
    expect(before['creator ']).toBe(6);

    // Through the API: a new draft (brand and admin see it), then published (creators too).
    const created = await t.app.request('/api/campaigns', {
      method: 'POST',
      headers: jsonHeaders(brandCookie),
      body: JSON.stringify({
        title: 'Fika på tåget',
        description: 'Visa hur du fikar på resan.',
        objectives: ['awareness'],
        categories: ['food'],
        platforms: ['tiktok'],
        creatorTiers: ['nano'],
        budgetOre: 1_000_000,
        payoutOre: 100_000,
        slots: 5,
        startsAt: new Date(Date.now() - DAY_MS).toISOString(),
        endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
      }),
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const drafted = await expectTotalsExact();
    expect([drafted['creator '], drafted['brand '], drafted['admin ']]).toEqual([6, 7, 7]);
    await fundCampaign(t.db, { id });
    const published = await t.app.request(`/api/campaigns/${id}/publish`, {
      method: 'POST',
      headers: jsonHeaders(brandCookie),
    });
    expect(published.status).toBe(200);
    const afterPublish = await expectTotalsExact();
    expect([afterPublish['creator '], afterPublish['creator &platform=tiktok']]).toEqual([7, 1]);

    // Behind its back: recategorised, retitled, moved to another platform, paused, deleted.
    const [first] = await t.db.select().from(campaigns).where(eq(campaigns.title, 'Fika 0'));
    if (!first) throw new Error('seed missing');
    await t.db
      .update(campaigns)
      .set({ categories: ['food'] })
      .where(eq(campaigns.id, first.id));
    expect((await expectTotalsExact())['creator &category=food']).toBe(
      (afterPublish['creator &category=food'] ?? 0) + 1,
    );
    await t.db.update(campaigns).set({ title: 'Helt annat' }).where(eq(campaigns.id, first.id));
    expect((await expectTotalsExact())['creator &q=fika']).toBe((afterPublish['creator &q=fika'] ?? 0) - 1);
    await t.db
      .update(campaigns)
      .set({ platforms: ['tiktok'] })
      .where(eq(campaigns.id, first.id));
    expect((await expectTotalsExact())['creator &platform=tiktok']).toBe(2);
    await t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, first.id));
    expect((await expectTotalsExact())['creator ']).toBe(6);
    await deleteCampaignRow(t.db, first.id);
    const afterDelete = await expectTotalsExact();
    expect([afterDelete['creator '], afterDelete['admin ']]).toEqual([6, 6]);

    // A claim on a paused campaign shows it to that creator (counted every time, not kept).
    const [paused] = await t.db.select().from(campaigns).where(eq(campaigns.title, 'Fika 1'));
    if (!paused) throw new Error('seed missing');
    await t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, paused.id));
    expect((await expectTotalsExact())['creator ']).toBe(5);
    await createClaim(t.db, paused, creator.id);
    expect((await expectTotalsExact())['creator ']).toBe(6);
  });

  it('follows a brand renamed behind its back when searching by its name', async () => {
    expect((await list(creatorCookie, '&q=kafferosteriet')).total).toBeGreaterThan(0);
    await t.db.update(brandProfiles).set({ companyName: 'Bryggeriet AB' }).where(eq(brandProfiles.userId, brand.id));
    expect(await list(creatorCookie, '&q=kafferosteriet')).toMatchObject({ titles: [], total: 0 });
    expect((await list(creatorCookie, '&q=bryggeriet')).total).toBe((await list(creatorCookie)).total);
    await expectTotalsExact();
  });

  it("finds a brand by the name it shows: its company name, or its user's name when it has none", async () => {
    const named = await createUser(t.db, { role: 'brand', fullName: 'Olle Ägarsson' });
    await createBrandProfile(t.db, named.id, { companyName: 'Sockerbageriet AB' });
    const unnamed = await createUser(t.db, { role: 'brand', fullName: 'Greta Glasblåsare' });
    await createCampaign(t.db, named.id, { title: 'Kanelbullens dag' });
    await createCampaign(t.db, unnamed.id, { title: 'Vinterglas' });

    expect((await list(creatorCookie, '&q=sockerbager')).titles).toEqual(['Kanelbullens dag']);
    expect((await list(creatorCookie, '&q=glasbl%C3%A5s')).titles).toEqual(['Vinterglas']);
    // The company name hides the user's name: Olle is not what the brand is called.
    expect(await list(creatorCookie, '&q=%C3%A4garsson')).toMatchObject({ titles: [], total: 0 });
    // Once Greta's brand has a company name, her own name no longer finds it.
    await createBrandProfile(t.db, unnamed.id, { companyName: 'Glashyttan AB' });
    expect(await list(creatorCookie, '&q=glasbl%C3%A5s')).toMatchObject({ titles: [], total: 0 });
    expect((await list(creatorCookie, '&q=glashyttan')).titles).toEqual(['Vinterglas']);
    await expectTotalsExact();
  });

  it('moves its version for what the list reads, not for the slot counter every approval moves', async () => {
    const campaign = await createCampaign(t.db, brand.id, { title: 'Platser' });
    const start = await listVersion();
    await createClaim(t.db, campaign, (await createUser(t.db, { role: 'creator' })).id, { status: 'approved' });
    await t.db.update(campaigns).set({ slots: 5, description: 'Ny text' }).where(eq(campaigns.id, campaign.id));
    expect(await listVersion()).toBe(start);
    await t.db
      .update(campaigns)
      .set({ hashtags: ['ny'] })
      .where(eq(campaigns.id, campaign.id));
    expect(await listVersion()).toBe(start + 1);
    await t.db
      .update(campaigns)
      .set({ brandId: brand.id })
      .where(inArray(campaigns.id, [campaign.id]));
    expect(await listVersion()).toBe(start + 2);
  });

  it('is given past the last page, with no rows', async () => {
    const { total } = await list(creatorCookie);
    for (let round = 0; round < 2; round++) {
      const res = await t.app.request('/api/campaigns?page=50&pageSize=10', { headers: jsonHeaders(creatorCookie) });
      expect(await res.json()).toEqual({ data: [], total, totalIsEstimate: false, nextCursor: null });
    }
  });
});

describe('paging and claims', () => {
  it('pages through published and claimed unpublished campaigns in one order, without gaps or repeats', async () => {
    const claimedPaused = await createCampaign(t.db, brand.id, { title: 'Ett pausat', status: 'paused' });
    await createClaim(t.db, claimedPaused, creator.id);
    const { data: all, total } = await list(creatorCookie, '&sort=title&order=asc');
    expect(all.map((campaign) => campaign.title)).toContain('Ett pausat');
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++) {
      const res = await t.app.request(`/api/campaigns?sort=title&order=asc&page=${page}&pageSize=2`, {
        headers: jsonHeaders(creatorCookie),
      });
      const body = (await res.json()) as { data: CampaignView[]; total: number };
      expect(body.total).toBe(total);
      paged.push(...body.data.map((campaign) => campaign.id));
    }
    expect(paged).toEqual(all.map((campaign) => campaign.id));
  });

  it.each([
    ['title', 'asc'],
    ['startsAt', 'desc'],
    ['payoutOre', 'desc'],
  ])(
    'following nextCursor (%s %s) gives the pages OFFSET gives, claimed unpublished ones merged in, twice (kept pages too)',
    async (sort, order) => {
      const claimedDraft = await createCampaign(t.db, brand.id, { title: `Ett utkast ${sort}`, status: 'paused' });
      await createClaim(t.db, claimedDraft, creator.id);
      // Equal sort values (most campaigns pay 2 500 kr): the id decides between them; payouts of
      // other lengths sort as numbers, not as text.
      await createCampaign(t.db, brand.id, { title: 'Lika' });
      await createCampaign(t.db, brand.id, { title: 'Lika' });
      await createCampaign(t.db, brand.id, { title: `Liten ${sort}`, payoutOre: 90_000, slots: 2, budgetOre: 180_000 });
      await createCampaign(t.db, brand.id, {
        title: `Stor ${sort}`,
        payoutOre: 1_000_000,
        slots: 2,
        budgetOre: 2_000_000,
      });
      const { data: all, total } = await list(creatorCookie, `&sort=${sort}&order=${order}`);
      if (sort === 'payoutOre') {
        const payouts = all.map((campaign) => campaign.payoutOre);
        expect(payouts).toEqual([...payouts].sort((a, b) => b - a));
      }
      for (let round = 0; round < 2; round++) {
        const paged: string[] = [];
        let cursor: string | null = null;
        for (let page = 1; page <= Math.ceil(total / 3); page++) {
          const after: string = cursor ? `&cursor=${cursor}` : '';
          const res = await t.app.request(
            `/api/campaigns?sort=${sort}&order=${order}&page=${page}&pageSize=3${after}`,
            {
              headers: jsonHeaders(creatorCookie),
            },
          );
          expect(res.status).toBe(200);
          const body = (await res.json()) as { data: CampaignView[]; total: number; nextCursor: string | null };
          expect(body.total).toBe(total);
          paged.push(...body.data.map((campaign) => campaign.id));
          cursor = body.nextCursor;
        }
        expect(paged).toEqual(all.map((campaign) => campaign.id));
        if (total % 3 !== 0) expect(cursor).toBeNull();
      }
    },
  );

  it('answers a cursor of another order, or one it did not give, with a 422 naming it', async () => {
    const first = await t.app.request('/api/campaigns?sort=title&order=asc&pageSize=2', {
      headers: jsonHeaders(creatorCookie),
    });
    const { nextCursor } = (await first.json()) as { nextCursor: string };
    for (const [query, reason] of [
      [
        `sort=title&order=desc&cursor=${nextCursor}`,
        'it belongs to the order title asc, not title desc: start from page 1',
      ],
      [`cursor=${Buffer.from('["startsAt","desc","soon","x"]').toString('base64url')}`, 'not a cursor this list gave'],
    ]) {
      const res = await t.app.request(`/api/campaigns?${query}`, { headers: jsonHeaders(creatorCookie) });
      expect(await res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: `Invalid cursor: ${reason}`,
          fields: { cursor: [reason] },
          requestId: res.headers.get('x-request-id'),
        },
      });
    }
  });

  it('answers a page by number past the first 10,000 campaigns with a 422 naming it, and serves it by cursor', async () => {
    for (const query of ['page=501&pageSize=20', 'page=101&pageSize=100', 'page=10000']) {
      const res = await t.app.request(`/api/campaigns?${query}`, { headers: jsonHeaders(creatorCookie) });
      expect(res.status, query).toBe(422);
      expect(await res.json()).toEqual({
        error: {
          code: 'validation_failed',
          message: "Invalid page: past the first 10000 campaigns, ask with the previous page's nextCursor",
          fields: { page: ["pages past the first 10000 campaigns are asked for with the previous page's cursor"] },
          requestId: res.headers.get('x-request-id'),
        },
      });
    }
    const last = await t.app.request('/api/campaigns?page=500&pageSize=20', { headers: jsonHeaders(creatorCookie) });
    expect(await last.json()).toMatchObject({ data: [], nextCursor: null });
    const first = await t.app.request('/api/campaigns?pageSize=1', { headers: jsonHeaders(creatorCookie) });
    const { nextCursor } = (await first.json()) as { nextCursor: string };
    // `page` only says which page the client shows when a cursor says where it starts.
    const byCursor = await t.app.request(`/api/campaigns?page=10000&pageSize=1&cursor=${nextCursor}`, {
      headers: jsonHeaders(creatorCookie),
    });
    const second = await t.app.request('/api/campaigns?page=2&pageSize=1', { headers: jsonHeaders(creatorCookie) });
    expect(byCursor.status).toBe(200);
    expect(await byCursor.json()).toEqual(await second.json());
  });

  it("shows a creator's newest claim when there are several", async () => {
    const campaign = await createCampaign(t.db, brand.id, { title: 'Flera ansökningar' });
    await createClaim(t.db, campaign, creator.id, {
      status: 'cancelled',
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const newest = await createClaim(t.db, campaign, creator.id, { status: 'pending' });
    const { data } = await list(creatorCookie, '&q=flera');
    expect(data.map((view) => [view.title, view.myClaim])).toEqual([
      ['Flera ansökningar', { id: newest.id, status: 'pending' }],
    ]);
    const rows = await t.db.select().from(claims).where(eq(claims.campaignId, campaign.id));
    expect(rows).toHaveLength(2);
  });

  it('searches titles and hashtags with Swedish letters and emoji, ignoring case', async () => {
    await createCampaign(t.db, brand.id, { title: 'ÅRETS SMÖRGÅSTÅRTA', hashtags: ['fikaögonblick'] });
    await createCampaign(t.db, brand.id, { title: 'Glass 🍦 i solen' });
    for (const [query, expected] of [
      ['smörgåstårta', ['ÅRETS SMÖRGÅSTÅRTA']],
      ['ÖGONBLICK', ['ÅRETS SMÖRGÅSTÅRTA']],
      ['🍦', ['Glass 🍦 i solen']],
      ['100%', []],
      ['_', []],
    ] as const) {
      expect(await list(creatorCookie, `&q=${encodeURIComponent(query)}`), query).toMatchObject({
        titles: expected,
        total: expected.length,
      });
    }
  });

  it('builds a page asked for by several creators at once only once, and answers each the same', async () => {
    await createCampaign(t.db, brand.id, { title: 'Samtidig semla' });
    const others = await Promise.all(
      [0, 1, 2, 3].map(async () => loginAs(t.db, await createUser(t.db, { role: 'creator' }))),
    );
    const builds = () => pageCacheStats(t.db).built + pageCacheStats(t.db).rebuilt;
    const before = builds();
    const answers = await Promise.all(
      others.map(async (cookie) => {
        const res = await t.app.request('/api/campaigns?pageSize=100&q=semla', { headers: jsonHeaders(cookie) });
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(builds() - before).toBe(1);
    const [first] = answers;
    expect(first).toMatchObject({
      status: 200,
      body: { total: 1, totalIsEstimate: false, nextCursor: null, data: [{ title: 'Samtidig semla', myClaim: null }] },
    });
    for (const answer of answers) expect(answer).toEqual(first);
  });
});
