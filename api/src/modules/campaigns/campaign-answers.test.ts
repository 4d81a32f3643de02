import type { CampaignView } from '@kollab/contract/api/campaigns';
import { brandProfiles, campaigns, claims, users } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { silently, within1s } from '../../../test/support/instance-memory.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { forgetCampaignPages } from './campaign-page-cache.ts';

/*
 * Two API instances on one database, each keeping creators' campaign-list answers in memory (ADR 035,
 * "Campaign list answers"), on PGlite and on PostgreSQL alike: an answer is sent again without asking
 * the database, and whatever it was made of that changes anywhere (the other instance, a job, psql)
 * is announced by PostgreSQL, after which both instances answer what a page built from scratch says
 * within a second. A third instance keeps nothing and builds every page from scratch.
 */
let a: TestApp;
let b: TestApp;
let fresh: TestApp;
const CACHED = { INSTANCE_CACHE_MS: '60000' };
const HOUR_MS = 60 * 60 * 1000;
const QUERIES = ['', '?page=2&pageSize=5', '?category=food', '?q=rosteriet', '?sort=payoutOre&order=desc&pageSize=5'];

let brand: Awaited<ReturnType<typeof createUser>>;
let plainBrand: Awaited<ReturnType<typeof createUser>>;
let creator: Awaited<ReturnType<typeof createUser>>;
let cookie: string;

beforeAll(async () => {
  a = await createTestApp({ settings: CACHED });
  b = await createTestApp({ settings: CACHED, shareDatabaseWith: a });
  fresh = await createTestApp({ settings: { INSTANCE_CACHE_MS: '0' }, shareDatabaseWith: a });
  brand = await createUser(a.db, { role: 'brand', fullName: 'Anna Ägare' });
  await createBrandProfile(a.db, brand.id, { companyName: 'Rosteriet AB' });
  plainBrand = await createUser(a.db, { role: 'brand', fullName: 'Bo Bryggare' });
  creator = await createUser(a.db, { role: 'creator' });
  cookie = await loginAs(a.db, creator);
  for (let n = 0; n < 12; n++) {
    await createCampaign(a.db, n % 3 ? brand.id : plainBrand.id, {
      title: `Kampanj ${String(n).padStart(2, '0')}`,
      categories: [n % 2 ? 'food' : 'travel'],
      payoutOre: 100_000 + n * 1_000,
      startsAt: new Date(Date.now() - (n + 1) * HOUR_MS),
    });
  }
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await fresh?.close();
  await b?.close();
  await a?.close();
});

type Page = { data: CampaignView[]; total: number; totalIsEstimate: boolean; nextCursor: string | null };

async function page(t: TestApp, query: string, as = cookie): Promise<Page> {
  const res = await t.app.request(`/api/campaigns${query}`, { headers: jsonHeaders(as) });
  expect(res.status, query).toBe(200);
  return (await res.json()) as Page;
}

/** Every query's page as built from scratch (nothing kept: no answer in memory, no kept page). */
async function built(as = cookie): Promise<Page[]> {
  forgetCampaignPages(fresh.db);
  const pages: Page[] = [];
  for (const query of QUERIES) pages.push(await page(fresh, query, as));
  return pages;
}

async function served(t: TestApp, as = cookie): Promise<Page[]> {
  const pages: Page[] = [];
  for (const query of QUERIES) pages.push(await page(t, query, as));
  return pages;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

async function topCampaign(): Promise<CampaignView> {
  const top = (await page(fresh, '')).data[0];
  if (!top) throw new Error('empty page');
  return top;
}

describe('creators’ campaign-list answers held in memory', () => {
  it('are sent again without asking the database, for at most INSTANCE_CACHE_MS', async () => {
    const top = await topCampaign();
    const before = await page(a, '');
    expect(before).toEqual((await built())[0]);
    await silently(
      a,
      sql`update ${campaigns} set ${sql.identifier('title')} = 'Tyst ändrad' where ${campaigns.id} = ${top.id}`,
    );
    // Not announced: A still sends what it holds, while the database says otherwise.
    expect(await page(a, '')).toEqual(before);
    expect((await built())[0]?.data[0]?.title).toBe('Tyst ändrad');

    const brief = await createTestApp({ settings: { INSTANCE_CACHE_MS: '150' }, shareDatabaseWith: a });
    try {
      const held = await page(brief, '?category=food');
      await silently(
        a,
        sql`update ${campaigns} set ${sql.identifier('title')} = 'Tyst igen' where ${campaigns.id} = ${held.data[0]?.id}`,
      );
      expect(await page(brief, '?category=food')).toEqual(held);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await page(brief, '?category=food')).data[0]?.title).toBe('Tyst igen');
    } finally {
      await brief.close();
    }
    // Announced (any change of the row): both instances follow the database again.
    await a.db.update(campaigns).set({ title: 'Kampanj nytt namn' }).where(eq(campaigns.id, top.id));
    await within1s(async () => same(await served(a), await built()) && same(await served(b), await built()));
  });

  it('follow every change of what they are made of, made on the other instance or in the database', async () => {
    const top = await topCampaign();
    const changes: [string, () => Promise<unknown>][] = [
      [
        'a campaign’s slot counter',
        () =>
          a.db
            .update(campaigns)
            .set({ slotsTaken: sql`${campaigns.slotsTaken} + 1` })
            .where(eq(campaigns.id, top.id)),
      ],
      [
        'a brand’s own name',
        () => a.db.update(users).set({ fullName: 'Bo Rostare' }).where(eq(users.id, plainBrand.id)),
      ],
      ['a brand’s new profile', () => createBrandProfile(a.db, plainBrand.id, { companyName: 'Bryggeriet Rosteriet' })],
      [
        'a brand’s profile renamed',
        () => a.db.update(brandProfiles).set({ companyName: 'Kafferiet AB' }).where(eq(brandProfiles.userId, brand.id)),
      ],
      ['the creator’s new claim', () => createClaim(a.db, top, creator.id)],
      [
        'the creator’s claim approved',
        () => a.db.update(claims).set({ status: 'approved' }).where(eq(claims.creatorId, creator.id)),
      ],
      [
        'a new campaign (the list’s version)',
        () => createCampaign(a.db, brand.id, { title: 'Kampanj ny', categories: ['food'] }),
      ],
    ];
    for (const [name, change] of changes) {
      // Both instances hold every answer (asked twice: the second is from memory).
      for (const t of [a, b]) {
        await served(t);
        expect(await served(t), name).toEqual(await built());
      }
      const before = await built();
      await change();
      const after = await built();
      expect(same(after, before), `${name} changes what the list shows`).toBe(false);
      await within1s(async () => same(await served(a), after) && same(await served(b), after));
    }
  });

  it('are kept for a creator whose claimed paused campaign joins their list, and follow it', async () => {
    const holder = await createUser(a.db, { role: 'creator' });
    const holderCookie = await loginAs(a.db, holder);
    const paused = await createCampaign(a.db, brand.id, { title: 'Kampanj pausad', status: 'paused' });
    await createClaim(a.db, paused, holder.id, { status: 'approved' });
    const shown = async (t: TestApp) => (await page(t, '?q=pausad', holderCookie)).data.map((view) => view.title);
    expect(await shown(a)).toEqual(['Kampanj pausad']);
    // Kept: a silent change is not seen (the answer comes from memory).
    await silently(
      a,
      sql`update ${campaigns} set ${sql.identifier('title')} = 'Kampanj pausad tyst' where ${campaigns.id} = ${paused.id}`,
    );
    expect(await shown(a)).toEqual(['Kampanj pausad']);
    // Announced: republished (the list's version moves), then the claim gone.
    await a.db.update(campaigns).set({ status: 'published' }).where(eq(campaigns.id, paused.id));
    await within1s(async () => same(await served(a, holderCookie), await built(holderCookie)));
    await a.db.update(campaigns).set({ status: 'paused' }).where(eq(campaigns.id, paused.id));
    await a.db.delete(claims).where(eq(claims.creatorId, holder.id));
    await within1s(async () => same(await served(a, holderCookie), await built(holderCookie)));
    expect(await shown(a)).toEqual([]);
  });

  it('show a creator’s own claim at once on the instance that took it', async () => {
    const other = await createUser(a.db, { role: 'creator' });
    const otherCookie = await loginAs(a.db, other);
    const campaign = await createCampaign(a.db, brand.id, { title: 'Kampanj att ta' });
    const named = '?q=att%20ta';
    expect((await page(a, named, otherCookie)).data[0]).toMatchObject({ id: campaign.id, myClaim: null });
    expect((await page(a, named, otherCookie)).data[0]).toMatchObject({ id: campaign.id, myClaim: null });
    const res = await a.app.request(`/api/campaigns/${campaign.id}/claims`, {
      method: 'POST',
      headers: jsonHeaders(otherCookie),
      body: JSON.stringify({ guidelinesConfirmed: true }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    // The very next request, before PostgreSQL's announcement may have come round.
    expect((await page(a, named, otherCookie)).data[0]?.myClaim).toEqual({ id: data.id, status: 'pending' });
    expect(await served(a, otherCookie)).toEqual(await built(otherCookie));
  });

  it('follow the clock: a campaign coming soon is active once it has started', async () => {
    const start = Date.now() + HOUR_MS;
    await createCampaign(a.db, brand.id, {
      title: 'Snart',
      startsAt: new Date(start),
      endsAt: new Date(start + 3 * 24 * HOUR_MS),
    });
    const stateOfSoon = async () => (await page(a, '?q=snart')).data[0]?.state;
    expect(await stateOfSoon()).toBe('coming_soon');
    expect(await stateOfSoon()).toBe('coming_soon');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 1);
    expect(await stateOfSoon()).toBe('active');
  });
});
