import type { DeskCampaign, DeskCampaignPage } from '@kollab/contract/api/desk';
import type { User } from '@kollab/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { deskStateOf } from './desk.service.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function call(method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  return t.app.request(path, {
    method,
    headers:
      body === undefined
        ? { Origin: 'http://localhost:3000', ...(cookie ? { Cookie: cookie } : {}) }
        : jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectError(res: Response, status: number, error: Record<string, unknown>): Promise<void> {
  expect({ status: res.status, body: await res.json() }).toEqual({
    status,
    body: { error: { ...error, requestId: res.headers.get('x-request-id') } },
  });
}

async function signedIn(role: User['role']) {
  const user = await createUser(t.db, { role });
  return { user, cookie: await loginAs(t.db, user) };
}

async function deskPage(cookie: string, query = ''): Promise<DeskCampaignPage> {
  const res = await call('GET', `/api/brand/campaigns${query}`, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as DeskCampaignPage;
}

async function deskRow(cookie: string, id: string): Promise<DeskCampaign> {
  const res = await call('GET', `/api/brand/campaigns/${id}`, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: DeskCampaign }).data;
}

describe('GET /api/brand/campaigns', () => {
  it('lists the brand’s own campaigns with their state, counts and spend, newest first', async () => {
    const brand = await signedIn('brand');
    const other = await signedIn('brand');
    const now = Date.now();
    const draft = await createCampaign(t.db, brand.user.id, {
      status: 'draft',
      title: 'Höstkaffe',
      createdAt: new Date(now - 3 * DAY),
    });
    const live = await createCampaign(t.db, brand.user.id, { title: 'Vinterskor', createdAt: new Date(now - 2 * DAY) });
    const soon = await createCampaign(t.db, brand.user.id, {
      title: 'Julbak',
      startsAt: new Date(now + 5 * DAY),
      createdAt: new Date(now - DAY),
    });
    await createCampaign(t.db, other.user.id, { title: 'Not mine' });
    const autoAcceptAt = new Date(now + 3 * DAY);
    for (const [status, extra] of [
      ['pending', {}],
      ['pending', {}],
      ['approved', {}],
      ['submitted', { autoAcceptAt }],
      ['submitted', { autoAcceptAt: new Date(now + 4 * DAY) }],
      ['accepted', { acceptedAt: new Date() }],
      ['rejected', {}],
    ] as const) {
      const creator = await createUser(t.db, { role: 'creator' });
      await createClaim(t.db, live, creator.id, { status, ...extra });
    }

    const page = await deskPage(brand.cookie);

    const row = (campaign: typeof live, state: DeskCampaign['state']) => ({
      id: campaign.id,
      title: campaign.title,
      status: campaign.status,
      state,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
      createdAt: campaign.createdAt.toISOString(),
      slots: 10,
      slotsTaken: 0,
      budgetOre: 2_500_000,
      payoutOre: 250_000,
      spentOre: 0,
      reservedOre: 0,
      claimsToApprove: 0,
      videosToReview: 0,
      nextAutoAcceptAt: null,
    });
    expect(page).toEqual({
      data: [
        row(soon, 'coming_soon'),
        {
          ...row(live, 'live'),
          slotsTaken: 4,
          spentOre: 250_000,
          reservedOre: 750_000,
          claimsToApprove: 2,
          videosToReview: 2,
          nextAutoAcceptAt: autoAcceptAt.toISOString(),
        },
        row(draft, 'draft'),
      ],
      total: 3,
      totalIsEstimate: false,
    });
  });

  it('filters by state and title, sorts and pages on the server', async () => {
    const brand = await signedIn('brand');
    const now = Date.now();
    await createCampaign(t.db, brand.user.id, { title: 'Alfa löparskor' });
    await createCampaign(t.db, brand.user.id, { title: 'Beta skor', status: 'paused' });
    await createCampaign(t.db, brand.user.id, {
      title: 'Gamma 100% ull',
      startsAt: new Date(now - 40 * DAY),
      endsAt: new Date(now - DAY),
    });
    await createCampaign(t.db, brand.user.id, { title: 'Delta', status: 'cancelled' });

    const titles = (page: DeskCampaignPage) => page.data.map((campaign) => `${campaign.title}:${campaign.state}`);
    expect(titles(await deskPage(brand.cookie, '?state=ended&sort=title&order=asc'))).toEqual([
      'Delta:ended',
      'Gamma 100% ull:ended',
    ]);
    expect(titles(await deskPage(brand.cookie, '?q=SKOR&sort=title&order=asc'))).toEqual([
      'Alfa löparskor:live',
      'Beta skor:paused',
    ]);
    expect(titles(await deskPage(brand.cookie, '?q=100%25'))).toEqual(['Gamma 100% ull:ended']);
    const second = await deskPage(brand.cookie, '?sort=title&order=desc&page=2&pageSize=3');
    expect({ titles: titles(second), total: second.total }).toEqual({ titles: ['Alfa löparskor:live'], total: 4 });
  });

  it('counts change as a creator claims, the brand approves, the creator submits and the brand accepts', async () => {
    const brand = await signedIn('brand');
    const creator = await signedIn('creator');
    const campaign = await createCampaign(t.db, brand.user.id);
    const counts = async () => {
      const row = await deskRow(brand.cookie, campaign.id);
      return [row.claimsToApprove, row.videosToReview, row.slotsTaken, row.reservedOre, row.spentOre];
    };
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);

    const claimed = await call('POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, {
      guidelinesConfirmed: true,
    });
    expect(claimed.status).toBe(201);
    const claimId = ((await claimed.json()) as { data: { id: string } }).data.id;
    expect(await counts()).toEqual([1, 0, 0, 0, 0]);

    expect((await call('POST', `/api/claims/${claimId}/approve`, brand.cookie, {})).status).toBe(200);
    expect(await counts()).toEqual([0, 0, 1, 250_000, 0]);

    const submitted = await call('POST', `/api/claims/${claimId}/submit`, creator.cookie, {
      url: 'https://www.instagram.com/reel/CxYz123AbC/',
      adLabelConfirmed: true,
    });
    expect(submitted.status).toBe(200);
    const row = await deskRow(brand.cookie, campaign.id);
    expect([row.claimsToApprove, row.videosToReview, row.slotsTaken]).toEqual([0, 1, 1]);
    const autoAcceptAt = ((await submitted.json()) as { data: { autoAcceptAt: string } }).data.autoAcceptAt;
    expect(row.nextAutoAcceptAt).toBe(autoAcceptAt);

    expect((await call('POST', `/api/claims/${claimId}/accept`, brand.cookie, {})).status).toBe(200);
    expect(await counts()).toEqual([0, 0, 1, 0, 250_000]);
    expect((await deskRow(brand.cookie, campaign.id)).nextAutoAcceptAt).toBeNull();
  });

  it.each([
    ['?state=over', { state: ['invalid_value'] }],
    ['?sort=budgetOre', { sort: ['invalid_value'] }],
    ['?status=draft', { status: ['unknown_field'] }],
    ['?pageSize=101', { pageSize: ['too_large'] }],
  ])('GET %s is a 422 naming the parameter', async (query, fields) => {
    const brand = await signedIn('brand');
    await expectError(await call('GET', `/api/brand/campaigns${query}`, brand.cookie), 422, {
      code: 'validation_failed',
      message: 'Request query is invalid',
      fields,
    });
  });
});

describe('who may read the desk', () => {
  it('needs a session, and is for brands; one campaign for its brand and admins, 404 for anyone else', async () => {
    const brand = await signedIn('brand');
    const other = await signedIn('brand');
    const creator = await signedIn('creator');
    const admin = await signedIn('admin');
    const campaign = await createCampaign(t.db, brand.user.id);

    await expectError(await call('GET', '/api/brand/campaigns'), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });
    await expectError(await call('GET', '/api/brand/campaigns', creator.cookie), 403, {
      code: 'forbidden',
      message: 'Only for brand accounts',
    });
    expect(await deskPage(other.cookie)).toEqual({ data: [], total: 0, totalIsEstimate: false });
    for (const cookie of [other.cookie, creator.cookie]) {
      const res = await call('GET', `/api/brand/campaigns/${campaign.id}`, cookie);
      expect(res.status).toBe(cookie === creator.cookie ? 403 : 404);
    }
    await expectError(await call('GET', `/api/brand/campaigns/${campaign.id}`, other.cookie), 404, {
      code: 'not_found',
      message: 'Campaign not found',
    });
    expect((await deskRow(admin.cookie, campaign.id)).id).toBe(campaign.id);
  });
});

describe('deskStateOf', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  it.each([
    ['draft', -1, 5, 'draft'],
    ['paused', -1, 5, 'paused'],
    ['cancelled', -1, 5, 'ended'],
    ['published', 1, 5, 'coming_soon'],
    ['published', -1, 5, 'live'],
    ['published', -5, 0, 'ended'],
  ] as const)('a %s campaign from day %i to day %i is %s', (status, start, end, state) => {
    expect(deskStateOf({ status, startsAt: at(start), endsAt: at(end) }, now)).toBe(state);
  });
});
