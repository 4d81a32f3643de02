import { ratings } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { eraseUser } from '../deletion-requests/account-erasure.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const get = async (cookie: string, path: string) => {
  const res = await t.app.request(path, { headers: jsonHeaders(cookie) });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown>; error?: unknown } };
};
const rate = async (cookie: string, claimId: string, body: unknown) => {
  const res = await t.app.request(`/api/claims/${claimId}/rating`, {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** A brand, a creator and their claim, accepted `daysAgo` days ago (or still submitted). */
async function scene(options: { acceptedDaysAgo?: number | null } = {}) {
  const brand = await createUser(t.db, { role: 'brand' });
  const creator = await createUser(t.db);
  const campaign = await createCampaign(t.db, brand.id);
  const days = options.acceptedDaysAgo === undefined ? 1 : options.acceptedDaysAgo;
  const claim = await createClaim(
    t.db,
    campaign,
    creator.id,
    days === null ? { status: 'submitted' } : { status: 'accepted', acceptedAt: new Date(Date.now() - days * DAY_MS) },
  );
  return {
    brand,
    creator,
    claim,
    brandCookie: await loginAs(t.db, brand),
    creatorCookie: await loginAs(t.db, creator),
  };
}

const closesAt = (claim: { acceptedAt: Date | null }) =>
  new Date((claim.acceptedAt?.getTime() ?? 0) + 14 * DAY_MS).toISOString();

describe('rating each other after an accepted claim', () => {
  it('hides each side’s rating until both have rated, then shows both and counts them in the averages', async () => {
    const { brand, creator, claim, brandCookie, creatorCookie } = await scene();

    const byBrand = await rate(brandCookie, claim.id, { delivery: 5, quality: 4, comment: '  Snabb och snygg video ' });
    expect(byBrand.status).toBe(201);
    const brandRating = {
      by: 'brand',
      scores: { delivery: 5, quality: 4 },
      comment: 'Snabb och snygg video',
      createdAt: expect.any(String),
    };
    expect(byBrand.body).toEqual({
      data: {
        closesAt: closesAt(claim),
        canRate: false,
        revealed: false,
        mine: brandRating,
        theirs: null,
        theyRated: false,
      },
    });

    // The creator learns that the brand rated, not what it gave; the averages do not count it yet.
    expect((await get(creatorCookie, `/api/claims/${claim.id}/ratings`)).body).toEqual({
      data: { closesAt: closesAt(claim), canRate: true, revealed: false, mine: null, theirs: null, theyRated: true },
    });
    expect((await get(creatorCookie, `/api/ratings/summaries?ids=${creator.id}`)).body).toEqual({
      data: [{ userId: creator.id, count: 0, average: null, delivery: null }],
    });

    const byCreator = await rate(creatorCookie, claim.id, { brief: 4, communication: 5, payment: 3 });
    const creatorRating = { by: 'creator', scores: { brief: 4, communication: 5, payment: 3 }, comment: null };
    expect(byCreator.status).toBe(201);
    expect(byCreator.body).toEqual({
      data: {
        closesAt: closesAt(claim),
        canRate: false,
        revealed: true,
        mine: { ...creatorRating, createdAt: expect.any(String) },
        theirs: brandRating,
        theyRated: true,
      },
    });
    expect((await get(brandCookie, `/api/claims/${claim.id}/ratings`)).body.data).toMatchObject({
      revealed: true,
      mine: brandRating,
      theirs: creatorRating,
    });
    expect((await get(brandCookie, `/api/ratings/summaries?ids=${creator.id},${brand.id},unknown`)).body).toEqual({
      data: [
        { userId: creator.id, count: 1, average: 4.5, delivery: 5 },
        { userId: brand.id, count: 1, average: 4, delivery: null },
        { userId: 'unknown', count: 0, average: null, delivery: null },
      ],
    });
  });

  it('shows a lone rating once the 14 days are over, and takes no rating after that', async () => {
    const { creator, claim, brandCookie, creatorCookie } = await scene({ acceptedDaysAgo: 13 });
    expect((await rate(brandCookie, claim.id, { delivery: 2, quality: 3 })).status).toBe(201);
    await t.db.execute(sql`update claims set accepted_at = now() - interval '15 days' where id = ${claim.id}`);

    const late = await rate(creatorCookie, claim.id, { brief: 5, communication: 5, payment: 5 });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'conflict' } });
    expect((await get(creatorCookie, `/api/claims/${claim.id}/ratings`)).body.data).toMatchObject({
      canRate: false,
      revealed: true,
      mine: null,
      theirs: { by: 'brand', scores: { delivery: 2, quality: 3 } },
    });
    expect((await get(creatorCookie, `/api/ratings/summaries?ids=${creator.id}`)).body.data).toEqual([
      { userId: creator.id, count: 1, average: 2.5, delivery: 2 },
    ]);
  });

  it('refuses a claim not yet accepted, a second rating, and the other side’s criteria, changing nothing', async () => {
    const pending = await scene({ acceptedDaysAgo: null });
    expect((await get(pending.brandCookie, `/api/claims/${pending.claim.id}/ratings`)).body.data).toEqual({
      closesAt: null,
      canRate: false,
      revealed: false,
      mine: null,
      theirs: null,
      theyRated: false,
    });
    expect((await rate(pending.brandCookie, pending.claim.id, { delivery: 5, quality: 5 })).status).toBe(409);

    const { claim, brandCookie } = await scene();
    const wrongSide = await rate(brandCookie, claim.id, { brief: 5, quality: 4 });
    expect(wrongSide.status).toBe(422);
    expect(wrongSide.body).toMatchObject({
      error: { code: 'validation_failed', fields: { brief: ['unknown_field'], delivery: ['required'] } },
    });
    const outOfRange = await rate(brandCookie, claim.id, { delivery: 6, quality: 0.5 });
    expect(outOfRange.status).toBe(422);
    expect(outOfRange.body).toMatchObject({
      error: { fields: { delivery: ['invalid_score'], quality: ['invalid_score'] } },
    });
    expect(await t.db.select().from(ratings).where(eq(ratings.claimId, claim.id))).toEqual([]);

    expect((await rate(brandCookie, claim.id, { delivery: 4, quality: 4 })).status).toBe(201);
    const again = await rate(brandCookie, claim.id, { delivery: 1, quality: 1 });
    expect(again.status).toBe(409);
    const [row] = await t.db.select().from(ratings).where(eq(ratings.claimId, claim.id));
    expect([row?.delivery, row?.quality]).toEqual([4, 4]);
  });

  it('two ratings sent at once record one', async () => {
    const { claim, brandCookie } = await scene();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((score) => rate(brandCookie, claim.id, { delivery: score, quality: score })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await t.db.select().from(ratings).where(eq(ratings.claimId, claim.id))).toHaveLength(1);
  });

  it('is for the two parties only: another brand, another creator and an admin get 404', async () => {
    const { claim } = await scene();
    for (const role of ['brand', 'creator', 'admin'] as const) {
      const cookie = await loginAs(t.db, await createUser(t.db, { role }));
      expect((await get(cookie, `/api/claims/${claim.id}/ratings`)).status).toBe(404);
      expect((await rate(cookie, claim.id, { delivery: 5, quality: 5 })).status).toBe(404);
    }
    const anonymous = await t.app.request(`/api/ratings/summaries?ids=${claim.creatorId}`);
    expect(anonymous.status).toBe(401);
  });

  it('an erased rater’s comment goes; the scores stay in the other party’s average', async () => {
    const { brand, creator, claim, brandCookie, creatorCookie } = await scene();
    await rate(brandCookie, claim.id, { delivery: 3, quality: 5, comment: 'Bra jobbat, Anna!' });
    await rate(creatorCookie, claim.id, { brief: 5, communication: 5, payment: 5, comment: 'Tydlig brief' });
    await t.db.transaction((tx) => eraseUser(tx, creator, new Date()));
    const rows = await t.db.select().from(ratings).where(eq(ratings.claimId, claim.id));
    expect(rows.map((row) => [row.side, row.raterId, row.comment]).sort()).toEqual([
      ['brand', brand.id, null],
      ['creator', null, null],
    ]);
    expect((await get(brandCookie, `/api/ratings/summaries?ids=${brand.id}`)).body.data).toEqual([
      { userId: brand.id, count: 1, average: 5, delivery: null },
    ]);
  });

  it('the data export holds the ratings given and the visible ones received', async () => {
    const { claim, brandCookie, creatorCookie } = await scene();
    await rate(brandCookie, claim.id, { delivery: 5, quality: 5 });
    const before = (await get(creatorCookie, '/api/account/export')).body as unknown as {
      ratings: { given: unknown[]; received: unknown[] };
    };
    expect(before.ratings).toEqual({ given: [], received: [] });
    await rate(creatorCookie, claim.id, { brief: 3, communication: 4, payment: 5 });
    const after = (await get(creatorCookie, '/api/account/export')).body as unknown as {
      ratings: { given: unknown[]; received: unknown[] };
    };
    expect(after.ratings).toEqual({
      given: [
        {
          claimId: claim.id,
          by: 'creator',
          scores: { brief: 3, communication: 4, payment: 5 },
          comment: null,
          createdAt: expect.any(String),
        },
      ],
      received: [
        {
          claimId: claim.id,
          by: 'brand',
          scores: { delivery: 5, quality: 5 },
          comment: null,
          createdAt: expect.any(String),
        },
      ],
    });
  });
});
