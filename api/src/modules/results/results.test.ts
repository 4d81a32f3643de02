import type { CampaignResultsView, TrackedPostView } from '@kollab/contract/api/results';
import { brandProfiles, claims, postReadings, trackedPosts, trackingUsage, users } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sweep } from '../../jobs/scheduler.ts';
import { SAMPLE_PROVIDER_KEY } from '../discovery/provider.ts';
import { queueDueReads } from './tracking.service.ts';
import { stockholmMonth } from './tracking-usage.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The test's clock starts at the real time (submissions and acceptance are stamped by the system's)
// and is moved forward by each test.
let clock = Date.now();
const now = () => new Date(clock);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now, settings: { TRACKING_MONTHLY_CREDITS: '100', TRACKING_MONTHLY_RAW_REQUESTS: '400' } });
});
afterAll(() => t.close());

const send = async (cookie: string, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    res,
    body: type.includes('json') ? ((await res.json()) as { data: unknown; error?: unknown }) : null,
  };
};

/** The claim's post as `cookie` sees it. */
const postOf = async (cookie: string, claimId: string) =>
  (await send(cookie, 'GET', `/api/claims/${claimId}/post`)).body?.data as TrackedPostView;

/** What the creator does on Instagram itself: publish, edit the caption, delete (the stand-in's own routes). */
const instagram = {
  publish: async (username: string, caption: string) => {
    const res = await fetch(`${t.providerUrl}/_sample/instagram/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SAMPLE_PROVIDER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username, caption }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { url: string; code: string };
  },
  edit: async (code: string, caption: string) =>
    fetch(`${t.providerUrl}/_sample/instagram/posts/${code}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${SAMPLE_PROVIDER_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ caption }),
    }),
  remove: async (code: string) =>
    fetch(`${t.providerUrl}/_sample/instagram/posts/${code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${SAMPLE_PROVIDER_KEY}` },
    }),
};

/** Runs the scheduled work at the test's clock, then the reads it queued. */
async function runDue() {
  clock = Math.max(clock, Date.now());
  await sweep({ db: t.db, mailer: { send: async () => {} } as never, env: t.env, jobs: t.queue }, now());
  await t.settle();
}

const GOOD = 'Reklam för Fjällrost ☕️\nHöstens bästa kaffe på toppen av Kebnekaise. #fjällrost #kollab';

/** A brand (Fjällrost, payout 2 000 kr), a creator with an approved claim, and a post on the stand-in. */
async function scene(caption = GOOD) {
  const brand = await createUser(t.db, { role: 'brand' });
  await t.db.insert(brandProfiles).values({ userId: brand.id, companyName: 'Fjällrost' });
  const creator = await createUser(t.db, { fullName: 'Cleo Creates' });
  const campaign = await createCampaign(t.db, brand.id, { hashtags: ['fjällrost'], payoutOre: 200_000 });
  const claim = await createClaim(t.db, campaign, creator.id, { status: 'approved' });
  const post = await instagram.publish('cleo.creates', caption);
  const brandCookie = await loginAs(t.db, brand);
  const creatorCookie = await loginAs(t.db, creator);
  const submitted = await send(creatorCookie, 'POST', `/api/claims/${claim.id}/submit`, {
    url: post.url,
    adLabelConfirmed: true,
  });
  expect(submitted.status).toBe(200);
  return { brand, creator, campaign, claim, post, brandCookie, creatorCookie };
}

describe('tracked posts', () => {
  beforeEach(() => {
    clock = Date.now();
  });

  it('checks the caption at submission, then reads the post at 1 h, 24 h, 7 d and 30 d after acceptance', async () => {
    const { campaign, claim, brandCookie, creatorCookie } = await scene();

    // Nothing is read before the scheduler runs; then the check reads the caption.
    expect(await postOf(creatorCookie, claim.id)).toMatchObject({
      status: 'checking',
      adLabel: null,
      readings: [],
    });
    await runDue();
    const checked = await postOf(creatorCookie, claim.id);
    expect(checked).toMatchObject({
      status: 'checking',
      caption: GOOD,
      adLabel: { ok: true, problems: [] },
      nextRead: null,
      // Seconds after posting: a handful of views at most (they grow over two days).
      readings: [
        {
          milestone: 'check',
          views: expect.any(Number),
          likes: expect.any(Number),
          comments: expect.any(Number),
          shares: null,
          typicalViews: null,
        },
      ],
    });

    expect((await send(brandCookie, 'POST', `/api/claims/${claim.id}/accept`, {})).status).toBe(200);
    const accepted = await postOf(brandCookie, claim.id);
    expect(accepted.status).toBe('tracking');
    expect(accepted.nextRead?.milestone).toBe('1h');
    expect(Math.abs(Date.parse(accepted.nextRead?.at ?? '') - (clock + HOUR))).toBeLessThan(10_000);

    // Not due yet: nothing happens.
    await runDue();
    expect((await postOf(brandCookie, claim.id)).readings).toHaveLength(1);

    for (const [advance, milestone] of [
      [HOUR, '1h'],
      [23 * HOUR, '24h'],
      [6 * DAY, '7d'],
      [23 * DAY, '30d'],
    ] as const) {
      clock += advance;
      await runDue();
      const post = await postOf(brandCookie, claim.id);
      expect(post.readings.at(-1)?.milestone).toBe(milestone);
    }
    const results = await send(brandCookie, 'GET', `/api/campaigns/${campaign.id}/results`);
    expect(results.status).toBe(200);
    const data = results.body?.data as CampaignResultsView;
    const post = data.posts[0] as TrackedPostView;
    expect(post.status).toBe('finished');
    expect(post.readings.map((r: { milestone: string }) => r.milestone)).toEqual(['check', '1h', '24h', '7d', '30d']);
    // Views grow after posting and never fall; the account's usual views come with each read.
    const views = post.readings.map((r: { views: number }) => r.views);
    expect(views).toEqual([...views].sort((a, b) => a - b));
    expect(views[4]).toBeGreaterThan(views[1] ?? 0);
    expect(post.readings[1]?.typicalViews).toBeGreaterThan(0);
    const last = post.readings[4] as TrackedPostView['readings'][number];
    const engagements = last.likes + last.comments;
    expect(post.figures).toEqual({
      views: last.views,
      likes: last.likes,
      comments: last.comments,
      shares: null,
      engagements,
      engagementRate: Math.round((engagements / last.views) * 10_000) / 10_000,
      paidOre: 200_000,
      costPerViewOre: Math.round((200_000 / last.views) * 100) / 100,
      cpmOre: Math.round(((200_000 * 1000) / last.views) * 100) / 100,
      costPerEngagementOre: Math.round((200_000 / engagements) * 100) / 100,
    });
    expect(data.totals).toEqual(post.figures);
    // Four reads after acceptance were metered against the brand's month; the check was not.
    const spent = await t.db.select().from(trackingUsage).where(eq(trackingUsage.brandId, campaign.brandId));
    expect(spent.reduce((sum, row) => sum + row.creditHundredths, 0)).toBe(100);
    expect(spent.reduce((sum, row) => sum + row.rawRequests, 0)).toBe(4);
    expect(data.usage).toMatchObject({ creditCap: 100, rawCap: 400 });

    // The same answer again: 304 to its ETag; a new read changes it.
    const etag = results.res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.request(`/api/campaigns/${campaign.id}/results`, {
      headers: { ...jsonHeaders(brandCookie), 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    // A creator's new name (or an erasure) is a new answer, never the cached one.
    await t.db.update(users).set({ fullName: 'Cleo Renamed' }).where(eq(users.id, post.creator.id));
    const renamed = await t.app.request(`/api/campaigns/${campaign.id}/results`, {
      headers: { ...jsonHeaders(brandCookie), 'If-None-Match': etag },
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { data: CampaignResultsView }).data.posts[0]?.creator.name).toBe('Cleo Renamed');
    await t.db.update(users).set({ fullName: 'Cleo Creates' }).where(eq(users.id, post.creator.id));

    // The exports hold the same numbers.
    const csv = await t.app.request(`/api/campaigns/${campaign.id}/results.csv`, { headers: jsonHeaders(brandCookie) });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Kreatör","Plattform","Länk","Avläsning","Läst","Visningar","Gilla","Kommentarer","Delningar","Betalt (SEK)","Reklammärkning"',
    );
    expect(lines).toHaveLength(6);
    expect(lines[5]).toBe(
      `"Cleo Creates","instagram","${post.url}","30d","${last.readAt}","${last.views}","${last.likes}","${last.comments}","","2000.00","godkänd"`,
    );
    const pdf = await t.app.request(`/api/campaigns/${campaign.id}/results.pdf`, { headers: jsonHeaders(brandCookie) });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), {
      mergePages: true,
    });
    expect(text).toContain(`Resultat: ${campaign.title}`);
    expect(text).toContain('Visningar över tid');
    expect(text).toContain('Cleo Creates (instagram)');
    expect(text).toContain('Reklammärkning: godkänd');
  });

  it('flags a caption without "Reklam" to both sides, blocks auto-accept, and clears when the caption is fixed', async () => {
    const bad = 'Höstens bästa kaffe! Tack @fjallrost för samarbetet #fjällrost #reklam';
    const { claim, post, brandCookie, creatorCookie } = await scene(bad);
    await runDue();
    const flagged = await postOf(creatorCookie, claim.id);
    expect(flagged.adLabel?.ok).toBe(false);
    expect(flagged.adLabel?.problems.map((p: { code: string }) => p.code)).toContain('label_only_in_hashtags');
    expect((await postOf(brandCookie, claim.id)).adLabel?.ok).toBe(false);

    const admin = await createUser(t.db, { role: 'admin' });
    const adminCookie = await loginAs(t.db, admin);
    const flags = (await send(adminCookie, 'GET', '/api/admin/ad-label-flags')).body?.data as { claimId: string }[];
    expect(flags.find((flag: { claimId: string }) => flag.claimId === claim.id)).toMatchObject({
      url: post.url,
      caption: bad,
      claimStatus: 'submitted',
    });

    // The review window passes: a failing post is not accepted for the brand.
    await t.db
      .update(claims)
      .set({ autoAcceptAt: new Date(clock - 1000) })
      .where(eq(claims.id, claim.id));
    await runDue();
    expect((await t.db.select().from(claims).where(eq(claims.id, claim.id)))[0]?.status).toBe('submitted');

    // The creator fixes the caption and asks for a new check; the next sweep accepts it.
    expect((await instagram.edit(post.code, `Reklam för Fjällrost. ${bad}`)).status).toBe(200);
    expect((await send(creatorCookie, 'POST', `/api/claims/${claim.id}/post/check`)).status).toBe(202);
    await t.settle();
    expect((await postOf(creatorCookie, claim.id)).adLabel).toMatchObject({
      ok: true,
      problems: [],
    });
    const after = (await send(adminCookie, 'GET', '/api/admin/ad-label-flags')).body;
    expect(((after?.data ?? []) as { claimId: string }[]).some((flag) => flag.claimId === claim.id)).toBe(false);
    await runDue();
    expect((await t.db.select().from(claims).where(eq(claims.id, claim.id)))[0]?.status).toBe('accepted');
  });

  it('flags a post that disappeared and reads it no more', async () => {
    const { claim, post, brandCookie } = await scene();
    await runDue();
    await send(brandCookie, 'POST', `/api/claims/${claim.id}/accept`, {});
    expect((await instagram.remove(post.code)).status).toBe(200);
    clock += 2 * HOUR;
    await runDue();
    const gone = await postOf(brandCookie, claim.id);
    expect(gone).toMatchObject({ status: 'disappeared', disappearedAt: now().toISOString(), nextRead: null });
    expect(gone.readings.map((r: { milestone: string }) => r.milestone)).toEqual(['check']);
    expect((await send(brandCookie, 'POST', `/api/claims/${claim.id}/post/check`)).status).toBe(409);
  });

  it('stops reading at the brand’s monthly cap and says so', async () => {
    // Both reads in one Swedish month, whatever day the test runs on.
    if (stockholmMonth(new Date(clock)) !== stockholmMonth(new Date(clock + 30 * HOUR))) clock += 30 * HOUR;
    const capped = await createTestApp({ now, settings: { TRACKING_MONTHLY_RAW_REQUESTS: '1' } });
    try {
      const brand = await createUser(capped.db, { role: 'brand' });
      const creator = await createUser(capped.db);
      const campaign = await createCampaign(capped.db, brand.id, { payoutOre: 100_000 });
      const claim = await createClaim(capped.db, campaign, creator.id, { status: 'approved' });
      const published = await fetch(`${capped.providerUrl}/_sample/instagram/posts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SAMPLE_PROVIDER_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'cleo.creates', caption: GOOD }),
      }).then((res) => res.json() as Promise<{ url: string }>);
      const creatorCookie = await loginAs(capped.db, creator);
      const brandCookie = await loginAs(capped.db, brand);
      const call = (cookie: string, method: string, path: string, body?: unknown) =>
        capped.app.request(path, {
          method,
          headers: jsonHeaders(cookie),
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      await call(creatorCookie, 'POST', `/api/claims/${claim.id}/submit`, {
        url: published.url,
        adLabelConfirmed: true,
      });
      const due = async () => {
        clock = Math.max(clock, Date.now());
        await sweep(
          { db: capped.db, mailer: { send: async () => {} } as never, env: capped.env, jobs: capped.queue },
          now(),
        );
        await capped.settle();
      };
      await due();
      await call(brandCookie, 'POST', `/api/claims/${claim.id}/accept`, {});
      clock += 2 * HOUR;
      await due(); // the 1 h read: the month's one raw request
      clock += DAY;
      await due(); // the 24 h read: refused
      const results = (await (await call(brandCookie, 'GET', `/api/campaigns/${campaign.id}/results`)).json()) as {
        data: {
          posts: { pausedReason: string | null; readings: unknown[]; nextRead: { at: string } | null }[];
          usage: unknown;
        };
      };
      const [post] = results.data.posts;
      expect(post?.pausedReason).toBe('cap_reached');
      expect(post?.readings).toHaveLength(2);
      expect(Date.parse(post?.nextRead?.at ?? '')).toBeGreaterThan(clock);
      expect(results.data.usage).toMatchObject({ rawRequests: 1, rawCap: 1 });
    } finally {
      await capped.close();
    }
  });

  it('stops reading a post replaced by a newer submission, and no longer flags it', async () => {
    const bad = 'Kaffe! #fjällrost #reklam';
    const { claim, post, brandCookie, creatorCookie } = await scene(bad);
    await runDue();
    expect(
      (await send(brandCookie, 'POST', `/api/claims/${claim.id}/request-changes`, { reason: 'Märk som reklam först' }))
        .status,
    ).toBe(200);
    const fixed = await instagram.publish('cleo.creates', GOOD);
    expect(
      (await send(creatorCookie, 'POST', `/api/claims/${claim.id}/submit`, { url: fixed.url, adLabelConfirmed: true }))
        .status,
    ).toBe(200);
    const rows = await t.db.select().from(trackedPosts).where(eq(trackedPosts.claimId, claim.id));
    expect(rows.find((row) => row.url === post.url)).toMatchObject({
      status: 'finished',
      nextReadAt: null,
      adLabelOk: false,
    });
    expect(rows.find((row) => row.url === fixed.url)).toMatchObject({ status: 'checking', nextMilestone: 'check' });
    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const flags = (await send(admin, 'GET', '/api/admin/ad-label-flags')).body?.data as { claimId: string }[];
    expect(flags.some((flag) => flag.claimId === claim.id)).toBe(false);
    // Its check is limited: five an hour per post.
    await runDue();
    for (let i = 0; i < 5; i++)
      expect((await send(creatorCookie, 'POST', `/api/claims/${claim.id}/post/check`)).status).toBe(202);
    expect((await send(creatorCookie, 'POST', `/api/claims/${claim.id}/post/check`)).status).toBe(429);
  });

  it('does not auto-accept a submission whose post the provider cannot find', async () => {
    const { claim, post } = await scene();
    expect((await instagram.remove(post.code)).status).toBe(200);
    await runDue();
    const [row] = await t.db.select().from(trackedPosts).where(eq(trackedPosts.claimId, claim.id));
    expect(row?.status).toBe('disappeared');
    await t.db
      .update(claims)
      .set({ autoAcceptAt: new Date(clock - 1000) })
      .where(eq(claims.id, claim.id));
    await runDue();
    expect((await t.db.select().from(claims).where(eq(claims.id, claim.id)))[0]?.status).toBe('submitted');
  });

  it('queues each due read once when several schedulers run at the same moment', async () => {
    const { claim } = await scene();
    clock = Date.now();
    const [first, second] = await Promise.all([
      queueDueReads(t.db, t.queue, now()),
      queueDueReads(t.db, t.queue, now()),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    await t.settle();
    const [post] = await t.db.select().from(trackedPosts).where(eq(trackedPosts.claimId, claim.id));
    const readings = await t.db
      .select()
      .from(postReadings)
      .where(eq(postReadings.trackedPostId, post?.id ?? ''));
    expect(readings.map((r) => r.milestone)).toEqual(['check']);
    expect(post?.nextReadAt).toBeNull();
  });

  it('shows results only to the campaign’s brand and admins, and posts only to the claim’s parties', async () => {
    const { campaign, claim } = await scene();
    const stranger = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    const otherCreator = await loginAs(t.db, await createUser(t.db));
    expect((await send(stranger, 'GET', `/api/campaigns/${campaign.id}/results`)).status).toBe(404);
    expect((await send(stranger, 'GET', `/api/campaigns/${campaign.id}/results.csv`)).status).toBe(404);
    expect((await send(otherCreator, 'GET', `/api/campaigns/${campaign.id}/results`)).status).toBe(403);
    expect((await send(stranger, 'GET', `/api/claims/${claim.id}/post`)).status).toBe(404);
    expect((await send(otherCreator, 'POST', `/api/claims/${claim.id}/post/check`)).status).toBe(404);
    expect((await send(otherCreator, 'GET', '/api/admin/ad-label-flags')).status).toBe(403);
  });
});
