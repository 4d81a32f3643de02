import type { CampaignView } from '@kollab/contract/api/campaigns';
import {
  accountVerifications,
  campaigns,
  claimEvents,
  claims,
  creatorProfiles,
  invitations,
  type User,
  users,
} from '@kollab/db/schema';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCampaign,
  createClaim,
  createInvitation,
  createUser,
  fundCampaign,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { settlePendingWork } from '../../../test/support/pending-work.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createStorage } from '../../lib/storage.ts';
import { addWorkingDays } from '../../lib/working-days.ts';

let t: TestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const DAY_MS = 86_400_000;
const ORIGIN = 'http://localhost:3000';

type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };

async function call(app: TestApp, method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  return app.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Asserts the status and the whole error envelope, whose requestId is the response's x-request-id. */
async function expectError(res: Response, status: number, error: ErrorBody): Promise<void> {
  expect({ status: res.status, body: await res.json() }).toEqual({
    status,
    body: { error: { ...error, requestId: res.headers.get('x-request-id') } },
  });
}

async function dataOf<T = CampaignView>(res: Response): Promise<T> {
  return ((await res.json()) as { data: T }).data;
}

async function signedIn(options: Parameters<typeof createUser>[1]): Promise<{ user: User; cookie: string }> {
  const user = await createUser(t.db, options);
  return { user, cookie: await loginAs(t.db, user) };
}

async function campaignRow(id: string) {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

async function campaignCount(brandId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(campaigns).where(eq(campaigns.brandId, brandId));
  return row?.n ?? 0;
}

const validBody = {
  title: 'Höstens kaffe',
  description: 'Visa hur du fikar med vårt nya mellanrostade kaffe.',
  objectives: ['awareness', 'ugc_content'],
  categories: ['food', 'lifestyle'],
  platforms: ['instagram', 'tiktok'],
  creatorTiers: ['nano', 'micro'],
  audienceCountries: ['SE'],
  audienceAgeGroups: ['25-34'],
  budgetOre: 5_000_000,
  payoutOre: 250_000,
  slots: 20,
  startsAt: '2030-03-02T09:00:00+01:00',
  endsAt: '2030-04-01T18:00:00+02:00',
  hashtags: ['#kaffe', 'fika'],
  preferredCreatorType: 'Kaffeälskare med egen kanal',
  brandLink: 'https://rosteriet.se',
  productLink: 'https://rosteriet.se/host',
  guidelines: ['Visa förpackningen', 'Nämn rabattkoden HOST10'],
  usageRights: 'paid_ads',
  usageMonths: 6,
  maxRevisions: 3,
};

describe('POST /api/campaigns', () => {
  it('creates a draft for a brand with a verified e-mail address, normalising dates and hashtags', async () => {
    const brand = await signedIn({ role: 'brand', fullName: 'Rosteriet Kontakt' });

    const res = await call(t, 'POST', '/api/campaigns', brand.cookie, validBody);

    expect(res.status).toBe(201);
    expect(await dataOf(res)).toEqual({
      id: expect.any(String),
      brand: { id: brand.user.id, name: 'Rosteriet Kontakt', instagram: null },
      title: 'Höstens kaffe',
      description: 'Visa hur du fikar med vårt nya mellanrostade kaffe.',
      objectives: ['awareness', 'ugc_content'],
      categories: ['food', 'lifestyle'],
      platforms: ['instagram', 'tiktok'],
      creatorTiers: ['nano', 'micro'],
      audienceCountries: ['SE'],
      audienceAgeGroups: ['25-34'],
      audienceGender: 'any',
      budgetOre: 5_000_000,
      payoutOre: 250_000,
      slots: 20,
      slotsTaken: 0,
      startsAt: '2030-03-02T08:00:00.000Z',
      endsAt: '2030-04-01T16:00:00.000Z',
      hashtags: ['kaffe', 'fika'],
      preferredCreatorType: 'Kaffeälskare med egen kanal',
      brandLink: 'https://rosteriet.se',
      productLink: 'https://rosteriet.se/host',
      guidelines: ['Visa förpackningen', 'Nämn rabattkoden HOST10'],
      usageRights: 'paid_ads',
      usageMonths: 6,
      maxRevisions: 3,
      requireVerifiedCreators: false,
      coverUrl: null,
      coverSrcSet: null,
      status: 'draft',
      state: 'draft',
      publishedAt: null,
      createdAt: expect.any(String),
      myClaim: null,
    });
    expect(await campaignCount(brand.user.id)).toBe(1);
  });

  it('fills in the optional fields with their defaults', async () => {
    const brand = await signedIn({ role: 'brand' });
    const {
      audienceCountries,
      audienceAgeGroups,
      hashtags,
      preferredCreatorType,
      brandLink,
      productLink,
      guidelines,
      usageRights,
      usageMonths,
      maxRevisions,
      ...required
    } = validBody;

    const res = await call(t, 'POST', '/api/campaigns', brand.cookie, required);

    expect(res.status).toBe(201);
    expect(await dataOf(res)).toMatchObject({
      audienceCountries: [],
      audienceAgeGroups: [],
      audienceGender: 'any',
      hashtags: [],
      preferredCreatorType: null,
      brandLink: null,
      productLink: null,
      guidelines: [],
      usageRights: 'organic',
      usageMonths: null,
      maxRevisions: 2,
    });
  });

  it('refuses a brand whose e-mail address is not verified (403)', async () => {
    const brand = await signedIn({ role: 'brand', verified: false });

    const res = await call(t, 'POST', '/api/campaigns', brand.cookie, validBody);

    await expectError(res, 403, { code: 'forbidden', message: 'Verify your e-mail address first' });
    expect(await campaignCount(brand.user.id)).toBe(0);
  });

  it.each(['creator', 'admin'] as const)('refuses a %s (403)', async (role) => {
    const actor = await signedIn({ role });

    const res = await call(t, 'POST', '/api/campaigns', actor.cookie, validBody);

    await expectError(res, 403, { code: 'forbidden', message: 'Only for brand accounts' });
    expect(await campaignCount(actor.user.id)).toBe(0);
  });

  it('refuses anonymous visitors (401)', async () => {
    const res = await call(t, 'POST', '/api/campaigns', undefined, validBody);

    await expectError(res, 401, { code: 'unauthorized', message: 'Sign in first' });
  });

  describe('bad input is a 422 naming the field, and stores nothing', () => {
    let brand: { user: User; cookie: string };
    beforeAll(async () => {
      brand = await signedIn({ role: 'brand' });
    });

    it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
      ['payout × slots above the budget', { budgetOre: 4_999_999 }, { budgetOre: ['below_payout_times_slots'] }],
      ['end before start', { endsAt: '2030-03-01T09:00:00+01:00' }, { endsAt: ['before_start'] }],
      ['end at the start', { endsAt: '2030-03-02T08:00:00Z' }, { endsAt: ['before_start'] }],
      ['paid ads without usage months', { usageMonths: undefined }, { usageMonths: ['required'] }],
      ['paid ads with usage months null', { usageMonths: null }, { usageMonths: ['required'] }],
      ['an unknown category', { categories: ['food', 'cars'] }, { 'categories.1': ['unknown_category'] }],
      ['no categories', { categories: [] }, { categories: ['required'] }],
      ['no objectives', { objectives: [] }, { objectives: ['required'] }],
      ['an unknown objective', { objectives: ['fame'] }, { 'objectives.0': ['invalid_value'] }],
      ['a brand link that is not a URL', { brandLink: 'rosteriet' }, { brandLink: ['invalid_url'] }],
      [
        'a product link that is not http(s)',
        { productLink: 'ftp://rosteriet.se/host' },
        { productLink: ['invalid_url'] },
      ],
      ['a hashtag with a space', { hashtags: ['god kaffe'] }, { 'hashtags.0': ['invalid_hashtag'] }],
      ['a hashtag with punctuation', { hashtags: ['kaffe!'] }, { 'hashtags.0': ['invalid_hashtag'] }],
      ['an unknown field', { budget: 100 }, { budget: ['unknown_field'] }],
      ['no title', { title: undefined }, { title: ['required'] }],
      ['a blank title', { title: '   ' }, { title: ['required'] }],
      ['a payout in fractions of an öre', { payoutOre: 2500.5 }, { payoutOre: ['invalid_amount'] }],
      ['a negative payout', { payoutOre: -250_000 }, { payoutOre: ['invalid_amount'] }],
      ['no slots', { slots: 0 }, { slots: ['too_small'] }],
      ['a start that is not a date', { startsAt: 'nästa vecka' }, { startsAt: ['invalid_date'] }],
      ['an unknown platform', { platforms: ['youtube'] }, { 'platforms.0': ['invalid_value'] }],
    ])('%s', async (_case, change, fields) => {
      const res = await call(t, 'POST', '/api/campaigns', brand.cookie, { ...validBody, ...change });

      await expectError(res, 422, { code: 'validation_failed', message: 'Request json is invalid', fields });
      expect(await campaignCount(brand.user.id)).toBe(0);
    });
  });
});

describe('PATCH /api/campaigns/{id}', () => {
  let brand: { user: User; cookie: string };
  beforeAll(async () => {
    brand = await signedIn({ role: 'brand' });
  });

  async function draft(): Promise<CampaignView> {
    return dataOf(await call(t, 'POST', '/api/campaigns', brand.cookie, validBody));
  }

  it('edits a draft freely, money terms included', async () => {
    const campaign = await draft();

    const res = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, {
      title: 'Vinterns kaffe',
      budgetOre: 6_000_000,
      payoutOre: 300_000,
      slots: 20,
    });

    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({
      id: campaign.id,
      title: 'Vinterns kaffe',
      budgetOre: 6_000_000,
      payoutOre: 300_000,
      slots: 20,
      status: 'draft',
    });
  });

  it('checks the merged campaign against the rules (payout × slots ≤ budget, end after start)', async () => {
    const campaign = await draft();

    const money = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, { payoutOre: 300_000 });
    const dates = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, {
      startsAt: '2030-05-01T00:00:00Z',
    });

    await expectError(money, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { budgetOre: ['below_payout_times_slots'] },
    });
    await expectError(dates, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { endsAt: ['before_start'] },
    });
    expect(await campaignRow(campaign.id)).toMatchObject({
      payoutOre: 250_000,
      startsAt: new Date(validBody.startsAt),
    });
  });

  it('changes only the fields the request names', async () => {
    const campaign = await draft();

    const res = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, { title: 'Bara ny titel' });

    expect(res.status).toBe(200);
    expect(await dataOf(res)).toEqual({ ...campaign, title: 'Bara ny titel' });
  });

  it('locks budget, payout and slots once published, naming the locked fields (409)', async () => {
    const campaign = await draft();
    await fundCampaign(t.db, campaign);
    expect((await call(t, 'POST', `/api/campaigns/${campaign.id}/publish`, brand.cookie)).status).toBe(200);

    const both = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, {
      budgetOre: 6_000_000,
      slots: 24,
    });
    const payout = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, {
      title: 'Med ny ersättning',
      payoutOre: 200_000,
    });

    await expectError(both, 409, {
      code: 'conflict',
      message: 'Money terms are locked once published: budgetOre, slots',
    });
    await expectError(payout, 409, { code: 'conflict', message: 'Money terms are locked once published: payoutOre' });
    expect(await campaignRow(campaign.id)).toMatchObject({
      title: 'Höstens kaffe',
      budgetOre: 5_000_000,
      payoutOre: 250_000,
      slots: 20,
    });
  });

  it('still edits the other fields of a published campaign, and accepts unchanged money terms', async () => {
    const campaign = await draft();
    await fundCampaign(t.db, campaign);
    await call(t, 'POST', `/api/campaigns/${campaign.id}/publish`, brand.cookie);

    const res = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, {
      title: 'Höstens kaffe – förlängd',
      description: 'Nu med kardemumma.',
      endsAt: '2030-04-15T18:00:00+02:00',
      slots: 20,
    });

    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({
      title: 'Höstens kaffe – förlängd',
      description: 'Nu med kardemumma.',
      endsAt: '2030-04-15T16:00:00.000Z',
      slots: 20,
      status: 'published',
    });
  });

  it('refuses any change to a cancelled campaign (409)', async () => {
    const campaign = await draft();
    await call(t, 'POST', `/api/campaigns/${campaign.id}/cancel`, brand.cookie);

    const res = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, { title: 'Ändå?' });

    await expectError(res, 409, { code: 'conflict', message: 'A cancelled campaign cannot be changed' });
    expect((await campaignRow(campaign.id))?.title).toBe('Höstens kaffe');
  });

  it('rejects an unknown field (422)', async () => {
    const campaign = await draft();

    const res = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, brand.cookie, { status: 'published' });

    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Request json is invalid',
      fields: { status: ['unknown_field'] },
    });
  });
});

describe('publish, pause, resume, cancel', () => {
  let brand: { user: User; cookie: string };
  beforeAll(async () => {
    brand = await signedIn({ role: 'brand' });
  });

  const step = (id: string, action: string) => call(t, 'POST', `/api/campaigns/${id}/${action}`, brand.cookie);

  it('walks draft → published → paused → published → cancelled, refusing the wrong moves (409)', async () => {
    const campaign = await dataOf(await call(t, 'POST', '/api/campaigns', brand.cookie, validBody));
    const conflict = (status: string, action: string) => ({
      code: 'conflict',
      message: `Campaign is ${status}; it cannot ${action}`,
    });

    await expectError(await step(campaign.id, 'pause'), 409, conflict('draft', 'pause'));
    await expectError(await step(campaign.id, 'resume'), 409, conflict('draft', 'resume'));
    await expectError(await step(campaign.id, 'publish'), 402, {
      code: 'payment_required',
      message: 'Pay for the campaign before it goes live',
    });
    await fundCampaign(t.db, campaign);

    const published = await step(campaign.id, 'publish');
    expect(published.status).toBe(200);
    expect(await dataOf(published)).toMatchObject({
      status: 'published',
      state: 'coming_soon',
      publishedAt: expect.any(String),
    });
    await expectError(await step(campaign.id, 'publish'), 409, conflict('published', 'publish'));
    await expectError(await step(campaign.id, 'resume'), 409, conflict('published', 'resume'));

    const paused = await step(campaign.id, 'pause');
    expect(paused.status).toBe(200);
    expect(await dataOf(paused)).toMatchObject({ status: 'paused', state: 'paused' });
    await expectError(await step(campaign.id, 'pause'), 409, conflict('paused', 'pause'));
    await expectError(await step(campaign.id, 'publish'), 409, conflict('paused', 'publish'));

    const resumed = await step(campaign.id, 'resume');
    expect(resumed.status).toBe(200);
    expect(await dataOf(resumed)).toMatchObject({ status: 'published', state: 'coming_soon' });

    const cancelled = await step(campaign.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(await dataOf(cancelled)).toMatchObject({ status: 'cancelled', state: 'cancelled' });
    for (const action of ['publish', 'pause', 'resume', 'cancel']) {
      await expectError(await step(campaign.id, action), 409, conflict('cancelled', action));
    }
  });

  it('cancels a draft and a paused campaign', async () => {
    const drafted = await createCampaign(t.db, brand.user.id, { status: 'draft' });
    const paused = await createCampaign(t.db, brand.user.id, { status: 'paused' });

    const fromDraft = await step(drafted.id, 'cancel');
    const fromPaused = await step(paused.id, 'cancel');

    expect([fromDraft.status, fromPaused.status]).toEqual([200, 200]);
    expect((await campaignRow(drafted.id))?.status).toBe('cancelled');
    expect((await campaignRow(paused.id))?.status).toBe('cancelled');
  });

  it('refuses to publish a campaign that has already ended (422)', async () => {
    const ended = await createCampaign(t.db, brand.user.id, {
      status: 'draft',
      startsAt: new Date(Date.now() - 10 * DAY_MS),
      endsAt: new Date(Date.now() - DAY_MS),
    });

    const res = await step(ended.id, 'publish');

    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { endsAt: ['in_the_past'] },
    });
    expect((await campaignRow(ended.id))?.status).toBe('draft');
  });

  it('refuses to publish for a brand whose e-mail address is no longer verified (403)', async () => {
    const other = await signedIn({ role: 'brand' });
    const drafted = await createCampaign(t.db, other.user.id, { status: 'draft' });
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, other.user.id));

    const res = await call(t, 'POST', `/api/campaigns/${drafted.id}/publish`, other.cookie);

    await expectError(res, 403, { code: 'forbidden', message: 'Verify your e-mail address before publishing' });
    expect((await campaignRow(drafted.id))?.status).toBe('draft');
  });

  it('lets an admin pause and resume any campaign', async () => {
    const admin = await signedIn({ role: 'admin' });
    const campaign = await createCampaign(t.db, brand.user.id);

    const paused = await call(t, 'POST', `/api/campaigns/${campaign.id}/pause`, admin.cookie);
    const resumed = await call(t, 'POST', `/api/campaigns/${campaign.id}/resume`, admin.cookie);

    expect([paused.status, resumed.status]).toEqual([200, 200]);
    expect((await campaignRow(campaign.id))?.status).toBe('published');
  });

  it('withdraws pending claims and expires pending invitations when cancelled, leaving the rest', async () => {
    const campaign = await createCampaign(t.db, brand.user.id);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db, { role: 'creator' })));
    if (!a || !b || !c || !d) throw new Error('creators missing');
    const pending = await createClaim(t.db, campaign, a.id);
    const approved = await createClaim(t.db, campaign, b.id, { status: 'approved' });
    const open = await createInvitation(t.db, campaign.id, c.id);
    const answered = await createInvitation(t.db, campaign.id, d.id, { status: 'accepted' });

    const res = await step(campaign.id, 'cancel');

    expect(res.status).toBe(200);
    const statuses = await t.db
      .select({ id: claims.id, status: claims.status })
      .from(claims)
      .where(eq(claims.campaignId, campaign.id));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [pending.id]: 'cancelled',
      [approved.id]: 'approved',
    });
    const events = await t.db
      .select({
        fromStatus: claimEvents.fromStatus,
        toStatus: claimEvents.toStatus,
        actorId: claimEvents.actorId,
        actorRole: claimEvents.actorRole,
        reason: claimEvents.reason,
      })
      .from(claimEvents)
      .where(eq(claimEvents.claimId, pending.id));
    expect(events).toEqual([
      {
        fromStatus: 'pending',
        toStatus: 'cancelled',
        actorId: brand.user.id,
        actorRole: 'brand',
        reason: 'campaign_cancelled',
      },
    ]);
    const invitationRows = await t.db
      .select({ id: invitations.id, status: invitations.status })
      .from(invitations)
      .where(eq(invitations.campaignId, campaign.id));
    expect(Object.fromEntries(invitationRows.map((row) => [row.id, row.status]))).toEqual({
      [open.id]: 'expired',
      [answered.id]: 'accepted',
    });
    expect((await campaignRow(campaign.id))?.slotsTaken).toBe(1);
  });
});

describe('matching on publish', () => {
  async function creatorWith(
    name: string,
    profile: Partial<typeof creatorProfiles.$inferInsert>,
    options: { verified?: boolean; locale?: 'sv' | 'en' } = {},
  ): Promise<User> {
    const user = await createUser(t.db, { role: 'creator', fullName: name, ...options });
    await t.db.update(creatorProfiles).set(profile).where(eq(creatorProfiles.userId, user.id));
    return user;
  }

  it('invites the eligible creators best first, with a respond-by date 5 working days ahead, and mails them', async () => {
    const brand = await signedIn({ role: 'brand' });
    const clear = await creatorWith('Clara Klar', {
      categories: ['pets', 'travel'],
      instagramHandle: 'clara.klar',
      instagramFollowers: 5_000,
    });
    const partial = await creatorWith(
      'Bo Delvis',
      { categories: ['pets', 'music'], instagramHandle: 'bo.delvis', instagramFollowers: 50_000 },
      { locale: 'en' },
    );
    const noHandle = await creatorWith('Tova Tiktok', {
      categories: ['pets', 'travel'],
      tiktokHandle: 'tova.tok',
      tiktokFollowers: 5_000,
    });
    const noOverlap = await creatorWith('Gunnar Gamer', {
      categories: ['gaming'],
      instagramHandle: 'gunnar.gamer',
      instagramFollowers: 5_000,
    });
    const tooSmall = await creatorWith('Lisa Liten', {
      categories: ['pets', 'travel'],
      instagramHandle: 'lisa.liten',
      instagramFollowers: 400,
    });
    const unverified = await creatorWith(
      'Ulla Overifierad',
      { categories: ['pets', 'travel'], instagramHandle: 'ulla.o', instagramFollowers: 5_000 },
      { verified: false },
    );
    const suspended = await creatorWith('Sven Spärrad', {
      categories: ['pets', 'travel'],
      instagramHandle: 'sven.s',
      instagramFollowers: 5_000,
    });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const campaign = await dataOf(
      await call(t, 'POST', '/api/campaigns', brand.cookie, {
        ...validBody,
        title: 'Hundresor',
        categories: ['pets', 'travel'],
        platforms: ['instagram'],
        audienceCountries: [],
        audienceAgeGroups: [],
        slots: 2,
      }),
    );

    await fundCampaign(t.db, campaign);
    const published = await dataOf(await call(t, 'POST', `/api/campaigns/${campaign.id}/publish`, brand.cookie));
    const res = await call(t, 'GET', `/api/campaigns/${campaign.id}/matches`, brand.cookie);

    expect(res.status).toBe(200);
    const respondBy = addWorkingDays(new Date(published.publishedAt ?? ''), 5).toISOString();
    expect(await dataOf(res)).toEqual([
      {
        invitationId: expect.any(String),
        creator: {
          id: clear.id,
          name: 'Clara Klar',
          image: null,
          instagramHandle: 'clara.klar',
          instagramFollowers: 5_000,
          tiktokHandle: null,
          tiktokFollowers: null,
        },
        score: 100,
        reasons: [
          { code: 'categories', matched: 2, total: 2 },
          { code: 'platform', platforms: ['instagram'] },
          { code: 'tier', tier: 'nano' },
        ],
        status: 'pending',
        respondBy,
      },
      {
        invitationId: expect.any(String),
        creator: {
          id: partial.id,
          name: 'Bo Delvis',
          image: null,
          instagramHandle: 'bo.delvis',
          instagramFollowers: 50_000,
          tiktokHandle: null,
          tiktokFollowers: null,
        },
        score: 80,
        reasons: [
          { code: 'categories', matched: 1, total: 2 },
          { code: 'platform', platforms: ['instagram'] },
          { code: 'tier', tier: 'micro' },
        ],
        status: 'pending',
        respondBy,
      },
    ]);
    const invited = await t.db
      .select({ creatorId: invitations.creatorId })
      .from(invitations)
      .where(eq(invitations.campaignId, campaign.id));
    expect(invited.map((row) => row.creatorId).sort()).toEqual([clear.id, partial.id].sort());

    const svMail = await smtp.waitForMail(clear.email, (mail) => mail.subject === 'Du är inbjuden till en kampanj');
    const enMail = await smtp.waitForMail(partial.email, (mail) => mail.subject === 'You are invited to a campaign');
    expect(svMail.text).toContain('Du har matchats med kampanjen "Hundresor"');
    expect(svMail.text).toContain('http://localhost:3000/app/invitations');
    expect(enMail.text).toContain('You were matched with the campaign "Hundresor"');
    const others = [noHandle, noOverlap, tooSmall, unverified, suspended].map((user) => user.email.toLowerCase());
    await settlePendingWork();
    expect(smtp.messages.filter((mail) => others.includes(mail.to))).toEqual([]);
  });

  it('ranks a creator with a verified account first among equal scores, and says so (ADR 032)', async () => {
    const brand = await signedIn({ role: 'brand' });
    const bigger = await creatorWith('Stor Osäker', {
      categories: ['finance'],
      instagramHandle: 'stor.osaker',
      instagramFollowers: 9_000,
    });
    const proven = await creatorWith('Vera Verifierad', {
      categories: ['finance'],
      instagramHandle: 'vera.verifierad',
      instagramFollowers: 2_000,
    });
    await t.db.insert(accountVerifications).values({
      creatorId: proven.id,
      platform: 'instagram',
      handle: 'vera.verifierad',
      verifiedAt: new Date(),
      followers: 2_000,
    });
    const campaign = await dataOf(
      await call(t, 'POST', '/api/campaigns', brand.cookie, {
        ...validBody,
        title: 'Sparkonto',
        categories: ['finance'],
        platforms: ['instagram'],
        audienceCountries: [],
        audienceAgeGroups: [],
        slots: 1,
      }),
    );
    await fundCampaign(t.db, campaign);
    await call(t, 'POST', `/api/campaigns/${campaign.id}/publish`, brand.cookie);

    const matches = (await dataOf(await call(t, 'GET', `/api/campaigns/${campaign.id}/matches`, brand.cookie))) as {
      creator: { id: string };
      score: number;
      reasons: unknown[];
    }[];

    expect(matches.map((match) => [match.creator.id, match.score])).toEqual([
      [proven.id, 100],
      [bigger.id, 100],
    ]);
    expect(matches[0]?.reasons).toEqual([
      { code: 'categories', matched: 1, total: 1 },
      { code: 'platform', platforms: ['instagram'] },
      { code: 'tier', tier: 'nano' },
      { code: 'verified', platforms: ['instagram'] },
    ]);
    expect(matches[1]?.reasons).not.toContainEqual(expect.objectContaining({ code: 'verified' }));
  });

  it('shows the matches only to the owning brand and admins', async () => {
    const owner = await signedIn({ role: 'brand' });
    const otherBrand = await signedIn({ role: 'brand' });
    const creator = await signedIn({ role: 'creator' });
    const admin = await signedIn({ role: 'admin' });
    const campaign = await createCampaign(t.db, owner.user.id);
    const path = `/api/campaigns/${campaign.id}/matches`;

    const asAdmin = await call(t, 'GET', path, admin.cookie);

    expect(asAdmin.status).toBe(200);
    expect(await dataOf(asAdmin)).toEqual([]);
    await expectError(await call(t, 'GET', path, otherBrand.cookie), 404, {
      code: 'not_found',
      message: 'Campaign not found',
    });
    await expectError(await call(t, 'GET', path, creator.cookie), 403, {
      code: 'forbidden',
      message: 'Only for brand or admin accounts',
    });
    await expectError(await call(t, 'GET', path), 401, { code: 'unauthorized', message: 'Sign in first' });
  });
});

describe('GET /api/campaigns (own database)', () => {
  let l: TestApp;
  const ids: Record<string, string> = {};
  const cookies: Record<'creator' | 'brand1' | 'brand2' | 'admin', string> = {
    creator: '',
    brand1: '',
    brand2: '',
    admin: '',
  };

  beforeAll(async () => {
    l = await createTestApp();
    const brand1 = await createUser(l.db, { role: 'brand', fullName: 'Karin Kontakt' });
    const brand2 = await createUser(l.db, { role: 'brand', fullName: 'Modehuset' });
    const creator = await createUser(l.db, { role: 'creator' });
    cookies.creator = await loginAs(l.db, creator);
    cookies.brand1 = await loginAs(l.db, brand1);
    cookies.brand2 = await loginAs(l.db, brand2);
    cookies.admin = await loginAs(l.db, await createUser(l.db, { role: 'admin' }));
    const saved = await call(l, 'PUT', '/api/brand-profile', cookies.brand1, { companyName: 'Rosteriet AB' });
    expect(saved.status).toBe(200);

    const now = Date.now();
    const add = async (key: string, brandId: string, values: Parameters<typeof createCampaign>[2]) => {
      ids[key] = (await createCampaign(l.db, brandId, values)).id;
    };
    await add('active', brand1.id, {
      title: 'Hostens rostning',
      hashtags: ['kaffe', 'fika'],
      categories: ['food'],
      platforms: ['instagram'],
      startsAt: new Date(now - 5 * DAY_MS),
    });
    await add('draft', brand1.id, { title: 'Utkast', categories: ['food'], status: 'draft' });
    await add('cancelled', brand1.id, { title: 'Installd', categories: ['food'], status: 'cancelled' });
    await add('comingSoon', brand2.id, {
      title: 'Varmode',
      categories: ['fashion'],
      platforms: ['tiktok'],
      startsAt: new Date(now + 7 * DAY_MS),
      endsAt: new Date(now + 30 * DAY_MS),
    });
    await add('ended', brand2.id, {
      title: 'Sommarresor',
      categories: ['travel'],
      platforms: ['instagram', 'tiktok'],
      startsAt: new Date(now - 20 * DAY_MS),
      endsAt: new Date(now - DAY_MS),
    });
    await add('full', brand2.id, {
      title: 'Fulla platser',
      categories: ['beauty'],
      slots: 2,
      slotsTaken: 2,
      budgetOre: 500_000,
    });
    await add('pausedClaimed', brand2.id, { title: 'Pausad', categories: ['pets'], status: 'paused' });
    await createClaim(l.db, { id: ids.pausedClaimed ?? '', payoutOre: 250_000 }, creator.id);
  });
  afterAll(async () => {
    await l?.close();
  });

  async function list(actor: keyof typeof cookies, query = '') {
    const res = await call(l, 'GET', `/api/campaigns?pageSize=100${query}`, cookies[actor]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: CampaignView[]; total: number };
    return { titles: body.data.map((campaign) => campaign.title).sort(), total: body.total, data: body.data };
  }

  it('shows creators the published campaigns and the ones they claimed', async () => {
    const { titles, total, data } = await list('creator');

    expect({ titles, total }).toEqual({
      titles: ['Fulla platser', 'Hostens rostning', 'Pausad', 'Sommarresor', 'Varmode'],
      total: 5,
    });
    expect(data.find((campaign) => campaign.title === 'Pausad')?.myClaim).toEqual({
      id: expect.any(String),
      status: 'pending',
    });
    expect(data.find((campaign) => campaign.title === 'Varmode')?.myClaim).toBeNull();
  });

  it('shows brands only their own campaigns, in every status', async () => {
    expect(await list('brand1')).toMatchObject({ titles: ['Hostens rostning', 'Installd', 'Utkast'], total: 3 });
    expect(await list('brand2')).toMatchObject({
      titles: ['Fulla platser', 'Pausad', 'Sommarresor', 'Varmode'],
      total: 4,
    });
  });

  it('shows admins every campaign', async () => {
    expect(await list('admin')).toMatchObject({
      titles: ['Fulla platser', 'Hostens rostning', 'Installd', 'Pausad', 'Sommarresor', 'Utkast', 'Varmode'],
      total: 7,
    });
  });

  it('derives the shown state from dates, slots and status', async () => {
    const { data } = await list('admin');

    expect(Object.fromEntries(data.map((campaign) => [campaign.title, campaign.state]))).toEqual({
      'Hostens rostning': 'active',
      Utkast: 'draft',
      Installd: 'cancelled',
      Varmode: 'coming_soon',
      Sommarresor: 'over',
      'Fulla platser': 'over',
      Pausad: 'paused',
    });
  });

  it.each<[string, string, string[]]>([
    ['a word of the title', '&q=rostning', ['Hostens rostning']],
    ['a hashtag with #', `&q=${encodeURIComponent('#kaffe')}`, ['Hostens rostning']],
    ['a hashtag without #', '&q=kaffe', ['Hostens rostning']],
    ["the brand's company name", '&q=rosteriet', ['Hostens rostning']],
    ["the brand's name when it has no profile", '&q=modehuset', ['Fulla platser', 'Pausad', 'Sommarresor', 'Varmode']],
    ['a category', '&category=food', ['Hostens rostning']],
    ['a platform', '&platform=tiktok', ['Sommarresor', 'Varmode']],
    ['a category and a platform', '&category=travel&platform=instagram', ['Sommarresor']],
  ])('finds campaigns for a creator by %s', async (_case, query, expected) => {
    expect(await list('creator', query)).toMatchObject({ titles: expected, total: expected.length });
  });

  it("searches the brand's company name only among campaigns the actor may see", async () => {
    expect(await list('admin', '&q=rosteriet')).toMatchObject({
      titles: ['Hostens rostning', 'Installd', 'Utkast'],
      total: 3,
    });
  });

  it('answers an empty page with total 0 when nothing matches', async () => {
    const res = await call(l, 'GET', '/api/campaigns?q=finnsinte', cookies.creator);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: [], total: 0, totalIsEstimate: false, nextCursor: null });
  });

  it('paginates on the server and reports the total', async () => {
    const res = await call(l, 'GET', '/api/campaigns?sort=title&order=asc&page=2&pageSize=2', cookies.admin);

    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: CampaignView[]; total: number };
    expect({ titles: body.data.map((campaign) => campaign.title), total: body.total }).toEqual({
      titles: ['Installd', 'Pausad'],
      total: 7,
    });
  });

  it('refuses anonymous visitors (401) and bad query parameters (422)', async () => {
    await expectError(await call(l, 'GET', '/api/campaigns'), 401, { code: 'unauthorized', message: 'Sign in first' });
    await expectError(await call(l, 'GET', '/api/campaigns?category=cars', cookies.creator), 422, {
      code: 'validation_failed',
      message: 'Request query is invalid',
      fields: { category: ['invalid_value'] },
    });
  });
});

describe('authorization (ADR 004: another brand’s campaign is a 404)', () => {
  let owner: { user: User; cookie: string };
  let otherBrand: { user: User; cookie: string };
  let creator: { user: User; cookie: string };
  let admin: { user: User; cookie: string };
  beforeAll(async () => {
    owner = await signedIn({ role: 'brand' });
    otherBrand = await signedIn({ role: 'brand' });
    creator = await signedIn({ role: 'creator' });
    admin = await signedIn({ role: 'admin' });
  });

  const notFound = { code: 'not_found', message: 'Campaign not found' };

  it.each<[string, string, unknown]>([
    ['GET', '', undefined],
    ['PATCH', '', { title: 'Kapad' }],
    ['POST', '/publish', undefined],
    ['POST', '/pause', undefined],
    ['POST', '/resume', undefined],
    ['POST', '/cancel', undefined],
    ['GET', '/matches', undefined],
  ])('another brand gets 404 on %s /api/campaigns/{id}%s and changes nothing', async (method, suffix, body) => {
    const campaign = await createCampaign(t.db, owner.user.id, { status: 'draft' });

    const res = await call(t, method, `/api/campaigns/${campaign.id}${suffix}`, otherBrand.cookie, body);

    await expectError(res, 404, notFound);
    expect(await campaignRow(campaign.id)).toEqual(campaign);
  });

  it('another brand cannot upload a cover (404)', async () => {
    const campaign = await createCampaign(t.db, owner.user.id);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await pngBytes())], 'omslag.png', { type: 'image/png' }));

    const res = await t.app.request(`/api/campaigns/${campaign.id}/cover`, {
      method: 'POST',
      headers: { Cookie: otherBrand.cookie, Origin: ORIGIN },
      body: form,
    });

    await expectError(res, 404, notFound);
  });

  it('a creator cannot see a draft (404) but sees a published campaign', async () => {
    const drafted = await createCampaign(t.db, owner.user.id, { status: 'draft' });
    const published = await createCampaign(t.db, owner.user.id);

    await expectError(await call(t, 'GET', `/api/campaigns/${drafted.id}`, creator.cookie), 404, notFound);
    const res = await call(t, 'GET', `/api/campaigns/${published.id}`, creator.cookie);
    expect(res.status).toBe(200);
    expect(await dataOf(res)).toMatchObject({ id: published.id, state: 'active', myClaim: null });
  });

  it.each<[string, string, unknown]>([
    ['PATCH', '', { title: 'Kapad' }],
    ['POST', '/publish', undefined],
    ['POST', '/cancel', undefined],
  ])('a creator gets 403 on %s /api/campaigns/{id}%s', async (method, suffix, body) => {
    const campaign = await createCampaign(t.db, owner.user.id);

    const res = await call(t, method, `/api/campaigns/${campaign.id}${suffix}`, creator.cookie, body);

    await expectError(res, 403, { code: 'forbidden', message: 'Only for brand or admin accounts' });
  });

  it('anonymous visitors get 401 on a campaign', async () => {
    const campaign = await createCampaign(t.db, owner.user.id);

    await expectError(await call(t, 'GET', `/api/campaigns/${campaign.id}`), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });
    await expectError(await call(t, 'POST', `/api/campaigns/${campaign.id}/cancel`), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });
  });

  it('an admin sees and edits any campaign', async () => {
    const campaign = await createCampaign(t.db, owner.user.id, { status: 'draft' });

    const read = await call(t, 'GET', `/api/campaigns/${campaign.id}`, admin.cookie);
    const edit = await call(t, 'PATCH', `/api/campaigns/${campaign.id}`, admin.cookie, { title: 'Rättad titel' });

    expect([read.status, edit.status]).toEqual([200, 200]);
    expect((await campaignRow(campaign.id))?.title).toBe('Rättad titel');
  });

  it('an unknown id is a 404', async () => {
    await expectError(await call(t, 'GET', '/api/campaigns/finnsinte', owner.cookie), 404, notFound);
  });
});

describe('/api/brand-profile', () => {
  it('is null until saved, then holds the normalised organisation number and handle', async () => {
    const brand = await signedIn({ role: 'brand' });

    const before = await call(t, 'GET', '/api/brand-profile', brand.cookie);
    const saved = await call(t, 'PUT', '/api/brand-profile', brand.cookie, {
      companyName: 'Rosteriet AB',
      orgNumber: '5560160680',
      website: 'https://rosteriet.se',
      instagramHandle: '@Rosteriet',
    });
    const after = await call(t, 'GET', '/api/brand-profile', brand.cookie);

    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ data: null });
    const profile = {
      companyName: 'Rosteriet AB',
      orgNumber: '556016-0680',
      website: 'https://rosteriet.se',
      instagramHandle: 'rosteriet',
      instagramPosts: null,
      instagramFollowers: null,
      instagramFollowing: null,
    };
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ data: profile });
    expect(await after.json()).toEqual({ data: profile });
  });

  it("keeps an organisation number given as '556016-0680' and shows the company on its campaigns", async () => {
    const brand = await signedIn({ role: 'brand' });
    const campaign = await createCampaign(t.db, brand.user.id);

    const saved = await call(t, 'PUT', '/api/brand-profile', brand.cookie, {
      companyName: 'Rosteriet AB',
      orgNumber: '556016-0680',
      instagramHandle: 'rosteriet',
    });
    const view = await dataOf(await call(t, 'GET', `/api/campaigns/${campaign.id}`, brand.cookie));

    expect(saved.status).toBe(200);
    expect(await dataOf<{ orgNumber: string }>(saved)).toMatchObject({ orgNumber: '556016-0680' });
    expect(view.brand).toEqual({
      id: brand.user.id,
      name: 'Rosteriet AB',
      instagram: { handle: 'rosteriet', posts: null, followers: null, following: null },
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>, string]>([
    ['a bad checksum', { orgNumber: '556016-0681' }, { orgNumber: ['invalid_org_number'] }, 'Request is invalid'],
    ['too few digits', { orgNumber: '55601' }, { orgNumber: ['invalid_org_number'] }, 'Request is invalid'],
    ['no company name', { companyName: '' }, { companyName: ['required'] }, 'Request json is invalid'],
    ['a bad website', { website: 'rosteriet' }, { website: ['invalid_url'] }, 'Request json is invalid'],
  ])('rejects %s (422) and saves nothing', async (_case, change, fields, message) => {
    const brand = await signedIn({ role: 'brand' });

    const res = await call(t, 'PUT', '/api/brand-profile', brand.cookie, { companyName: 'Rosteriet AB', ...change });

    await expectError(res, 422, { code: 'validation_failed', message, fields });
    expect(await (await call(t, 'GET', '/api/brand-profile', brand.cookie)).json()).toEqual({ data: null });
  });

  it('is only for brands (403) and signed-in users (401)', async () => {
    const creator = await signedIn({ role: 'creator' });
    const forbidden = { code: 'forbidden', message: 'Only for brand accounts' };

    await expectError(await call(t, 'GET', '/api/brand-profile', creator.cookie), 403, forbidden);
    await expectError(
      await call(t, 'PUT', '/api/brand-profile', creator.cookie, { companyName: 'Inte ett bolag' }),
      403,
      forbidden,
    );
    await expectError(await call(t, 'GET', '/api/brand-profile'), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });
  });
});

async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#8a5a2b' } })
    .png()
    .toBuffer();
}

describe('cover image', () => {
  it('turns an uploaded PNG into a 1200×630 WebP served at coverUrl', async () => {
    const brand = await signedIn({ role: 'brand' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await pngBytes())], 'omslag.png', { type: 'image/png' }));

    const res = await t.app.request(`/api/campaigns/${campaign.id}/cover`, {
      method: 'POST',
      headers: { Cookie: brand.cookie, Origin: ORIGIN },
      body: form,
    });

    expect(res.status).toBe(200);
    const view = await dataOf(res);
    expect(view.coverUrl).toMatch(new RegExp(`^/api/campaigns/${campaign.id}/cover\\?v=`));
    const image = await t.app.request(view.coverUrl ?? '', { headers: { Cookie: brand.cookie } });
    expect((await t.app.request(view.coverUrl ?? '')).status).toBe(401);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      format: 'webp',
      width: 1200,
      height: 630,
    });
    expect(image.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const url = view.coverUrl ?? '';
    expect(view.coverSrcSet).toBe(`${url}&w=480 480w, ${url}&w=800 800w, ${url} 1200w`);
    for (const [width, height] of [
      [480, 252],
      [800, 420],
    ]) {
      const copy = await t.app.request(`${url}&w=${width}`, { headers: { Cookie: brand.cookie } });
      expect(copy.status).toBe(200);
      const size = await sharp(Buffer.from(await copy.arrayBuffer())).metadata();
      expect([size.format, size.width, size.height]).toEqual(['webp', width, height]);
    }
    const stale = await t.app.request(`/api/campaigns/${campaign.id}/cover?v=old`, {
      headers: { Cookie: brand.cookie },
    });
    expect(stale.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('replacing a cover deletes the old image and its smaller copies', async () => {
    const brand = await signedIn({ role: 'brand' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const upload = async () => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(await pngBytes())], 'omslag.png', { type: 'image/png' }));
      const res = await t.app.request(`/api/campaigns/${campaign.id}/cover`, {
        method: 'POST',
        headers: { Cookie: brand.cookie, Origin: ORIGIN },
        body: form,
      });
      expect(res.status).toBe(200);
      return (await campaignRow(campaign.id))?.coverKey ?? '';
    };
    const first = await upload();
    await upload();
    for (const key of [first, first.replace(/\.webp$/, '-480.webp'), first.replace(/\.webp$/, '-800.webp')]) {
      expect(await createStorage(t.env).get(key), key).toBeNull();
    }
  });

  it('rejects a file that is not an image (422) and keeps the campaign without a cover', async () => {
    const brand = await signedIn({ role: 'brand' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const form = new FormData();
    form.append('file', new File(['inte en bild'], 'omslag.png', { type: 'image/png' }));

    const res = await t.app.request(`/api/campaigns/${campaign.id}/cover`, {
      method: 'POST',
      headers: { Cookie: brand.cookie, Origin: ORIGIN },
      body: form,
    });

    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Not a JPEG, PNG or WebP image',
      fields: { file: ['unsupported_type'] },
    });
    expect((await campaignRow(campaign.id))?.coverKey).toBeNull();
    await expectError(
      await t.app.request(`/api/campaigns/${campaign.id}/cover`, { headers: { Cookie: brand.cookie } }),
      404,
      {
        code: 'not_found',
        message: 'No cover image',
      },
    );
  });
});

describe('invariant: claims that hold a slot', () => {
  it('never exceed the slots: the database refuses slotsTaken above slots', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, brand.id, { slots: 1, budgetOre: 250_000 });

    await expect(t.db.update(campaigns).set({ slotsTaken: 2 }).where(eq(campaigns.id, campaign.id))).rejects.toThrow();
  });
});
