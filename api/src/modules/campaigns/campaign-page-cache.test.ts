import type { CampaignView } from '@kollab/contract/api/campaigns';
import { brandProfiles, campaigns, claims, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createUser,
  deleteCampaignRow,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { forgetCampaignPages, pageCacheStats } from './campaign-page-cache.ts';

// Creators' campaign pages are kept in memory and checked against the database on every request
// (campaign-page-cache.ts). Each test changes what a page shows, mostly behind the API's back (as
// another instance would, straight in the database), and checks that every page a creator is
// served equals the page built from scratch. The instance's answers in memory (campaign-answers.ts,
// tested in campaign-answers.test.ts) are off here, so every request reaches the kept pages.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const QUERIES = [
  '',
  '?page=2&pageSize=10',
  '?category=food',
  '?platform=tiktok',
  '?q=fika',
  '?q=kafferosteriet',
  '?sort=payoutOre&order=desc&pageSize=5',
  '?sort=title&order=asc&page=3&pageSize=5',
];

let t: TestApp;
let brand: Awaited<ReturnType<typeof createUser>>;
let plainBrand: Awaited<ReturnType<typeof createUser>>;
const creators: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ settings: { INSTANCE_CACHE_MS: '0' } });
  brand = await createUser(t.db, { role: 'brand', fullName: 'Anna Ägare' });
  await createBrandProfile(t.db, brand.id, { companyName: 'Kafferosteriet AB', instagramHandle: 'kafferosteriet' });
  plainBrand = await createUser(t.db, { role: 'brand', fullName: 'Bo Bryggare' });
  for (let n = 0; n < 2; n++) {
    const creator = await createUser(t.db, { role: 'creator' });
    creators.push({ id: creator.id, cookie: await loginAs(t.db, creator) });
  }
  for (let n = 0; n < 30; n++) {
    await createCampaign(t.db, n % 3 ? brand.id : plainBrand.id, {
      title: `${n % 2 ? 'Fika' : 'Resa'} ${String(n).padStart(2, '0')}`,
      categories: [n % 2 ? 'food' : 'travel'],
      platforms: [n % 4 ? 'instagram' : 'tiktok'],
      payoutOre: 100_000 + n * 1_000,
      startsAt: new Date(Date.now() - (n + 1) * HOUR_MS),
    });
  }
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: CampaignView[]; total: number };

async function page(cookie: string, query: string): Promise<Page> {
  const res = await t.app.request(`/api/campaigns${query}`, { headers: jsonHeaders(cookie) });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** Every creator's every page as served (from memory where kept), then as built from scratch. */
async function servedAndBuilt(): Promise<{ served: Page[]; built: Page[] }> {
  const served: Page[] = [];
  for (const creator of creators) for (const query of QUERIES) served.push(await page(creator.cookie, query));
  forgetCampaignPages(t.db);
  const built: Page[] = [];
  for (const creator of creators) for (const query of QUERIES) built.push(await page(creator.cookie, query));
  return { served, built };
}

async function campaignTitled(title: string) {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.title, title));
  if (!row) throw new Error(`no campaign ${title}`);
  return row;
}

describe('creators’ campaign pages kept in memory', () => {
  it('are served to every creator once built, with each creator’s own claims', async () => {
    await servedAndBuilt();
    const before = pageCacheStats(t.db);
    const { served, built } = await servedAndBuilt();
    expect(served).toEqual(built);
    const after = pageCacheStats(t.db);
    // Every page served came from memory; the first creator to ask after they were forgotten built
    // each page again, and the others got it from memory.
    expect(after.hits - before.hits).toBe((2 * creators.length - 1) * QUERIES.length);
    expect(after.built - before.built).toBe(QUERIES.length);
    expect(after.pages).toBe(QUERIES.length);

    const [mine, theirs] = creators;
    if (!mine || !theirs) throw new Error('creators missing');
    const top = (await page(mine.cookie, '')).data[0];
    if (!top) throw new Error('empty page');
    const claim = await createClaim(t.db, { id: top.id, payoutOre: top.payoutOre }, mine.id);
    const hits = pageCacheStats(t.db).hits;
    expect((await page(mine.cookie, '')).data[0]?.myClaim).toEqual({ id: claim.id, status: 'pending' });
    expect((await page(theirs.cookie, '')).data[0]?.myClaim).toBeNull();
    expect(pageCacheStats(t.db).hits - hits).toBe(2);
    await t.db.update(claims).set({ status: 'approved' }).where(eq(claims.id, claim.id));
    expect((await page(mine.cookie, '')).data[0]?.myClaim).toEqual({ id: claim.id, status: 'approved' });
    const again = await servedAndBuilt();
    expect(again.served).toEqual(again.built);
  });

  it.each<[string, () => Promise<unknown>]>([
    [
      'a campaign fills its last slot',
      async () => {
        const top = await campaignTitled('Fika 01');
        await t.db.update(campaigns).set({ slotsTaken: top.slots }).where(eq(campaigns.id, top.id));
      },
    ],
    [
      'a description is edited',
      () => t.db.update(campaigns).set({ description: 'Ny beskrivning' }).where(eq(campaigns.title, 'Resa 00')),
    ],
    [
      'a cover is uploaded',
      () => t.db.update(campaigns).set({ coverKey: 'ny-bild' }).where(eq(campaigns.title, 'Fika 03')),
    ],
    [
      'a brand renames its company',
      () => t.db.update(brandProfiles).set({ companyName: 'Rosteriet AB' }).where(eq(brandProfiles.userId, brand.id)),
    ],
    [
      'a brand’s Instagram numbers are refreshed',
      () => t.db.update(brandProfiles).set({ instagramFollowers: 1234 }).where(eq(brandProfiles.userId, brand.id)),
    ],
    [
      'a brand without a profile changes its name',
      () => t.db.update(users).set({ fullName: 'Bo Bryggarsson' }).where(eq(users.id, plainBrand.id)),
    ],
    [
      'a brand without a profile gets one',
      () => createBrandProfile(t.db, plainBrand.id, { companyName: 'Bryggeriet AB' }),
    ],
    ['a brand’s profile is removed', () => t.db.delete(brandProfiles).where(eq(brandProfiles.userId, plainBrand.id))],
    [
      'a campaign is published ahead of the others',
      () => createCampaign(t.db, brand.id, { title: 'Fika ny', startsAt: new Date(Date.now() - 60_000) }),
    ],
    [
      'a campaign moves its start to the top',
      () =>
        t.db
          .update(campaigns)
          .set({ startsAt: new Date(Date.now() - 1_000) })
          .where(eq(campaigns.title, 'Resa 20')),
    ],
    [
      'a payout changes the order by payout',
      () => t.db.update(campaigns).set({ payoutOre: 240_000 }).where(eq(campaigns.title, 'Fika 05')),
    ],
    [
      'a campaign is paused',
      () => t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.title, 'Fika 07')),
    ],
    ['a campaign is deleted', async () => deleteCampaignRow(t.db, (await campaignTitled('Resa 02')).id)],
    [
      'a creator holds a claim on a campaign that is then paused',
      async () => {
        const campaign = await campaignTitled('Resa 04');
        await createClaim(t.db, campaign, creators[0]?.id ?? '');
        await t.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, campaign.id));
      },
    ],
    [
      'every campaign is over',
      () => t.db.update(campaigns).set({ endsAt: sql`${campaigns.startsAt} + interval '1 minute'` }),
    ],
  ])('follow the database when %s', async (_change, change) => {
    const before = (await servedAndBuilt()).built;
    await change();
    const { served, built } = await servedAndBuilt();
    expect(served).toEqual(built);
    expect(built).not.toEqual(before);
  });

  it('are not prepared again for a creator whose claim on an unpublished campaign keeps them from using them', async () => {
    const paused = await createCampaign(t.db, brand.id, {
      title: 'Resa pausad',
      categories: ['travel'],
      status: 'paused',
    });
    const creator = await createUser(t.db, { role: 'creator' });
    await createClaim(t.db, paused, creator.id);
    const cookie = await loginAs(t.db, creator);
    const plain = await page(creators[1]?.cookie ?? '', '?q=fika');
    const before = pageCacheStats(t.db);
    for (let n = 0; n < 3; n++) expect(await page(cookie, '?q=fika')).toEqual(plain);
    expect((await page(cookie, '?q=resa')).data.map((view) => view.title)).toContain('Resa pausad');
    const after = pageCacheStats(t.db);
    expect([after.hits - before.hits, after.built - before.built]).toEqual([0, 0]);
  });

  it('follow the clock: a campaign coming soon is active once it has started', async () => {
    const start = Date.now() + HOUR_MS;
    const soon = await createCampaign(t.db, brand.id, {
      title: 'Snart',
      startsAt: new Date(start),
      // Shorter than the 7-day session idle limit: the clock jumps to the end with the same session.
      endsAt: new Date(start + 3 * DAY_MS),
    });
    // A creator of their own: one holding a claim on an unpublished campaign never gets a kept page.
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'creator' }));
    const stateOfSoon = async () => (await page(cookie, '?q=snart')).data[0]?.state;
    expect(await stateOfSoon()).toBe('coming_soon');
    const hits = pageCacheStats(t.db).hits;
    expect(await stateOfSoon()).toBe('coming_soon');
    expect(pageCacheStats(t.db).hits).toBe(hits + 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 1);
    expect(await stateOfSoon()).toBe('active');
    vi.setSystemTime(soon.endsAt.getTime() + 1);
    expect(await stateOfSoon()).toBe('over');
  });
});
