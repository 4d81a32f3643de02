import type { ClaimDetails, ClaimView } from '@kollab/contract/api/claims';
import { type Campaign, type Claim, campaigns, claimEvents, claims, invitations, type User } from '@kollab/db/schema';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createInvitation,
  createUser,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sweep } from '../../jobs/scheduler.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
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

type Status = Claim['status'];
type ErrorBody = { code: string; message: string; fields?: Record<string, string[]> };
type SignedIn = { user: User; cookie: string };

/** A request as the portal sends it: JSON with a Content-Type when there is a body, none without. */
async function call(app: TestApp, method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  if (body === undefined) {
    const headers: Record<string, string> = { Origin: 'http://localhost:3000', ...(cookie ? { Cookie: cookie } : {}) };
    return app.app.request(path, { method, headers });
  }
  return app.app.request(path, { method, headers: jsonHeaders(cookie), body: JSON.stringify(body) });
}

/** Asserts the status and the whole error envelope, whose requestId is the response's x-request-id. */
async function expectError(res: Response, status: number, error: ErrorBody): Promise<void> {
  expect({ status: res.status, body: await res.json() }).toEqual({
    status,
    body: { error: { ...error, requestId: res.headers.get('x-request-id') } },
  });
}

async function dataOf<T = ClaimDetails>(res: Response): Promise<T> {
  return ((await res.json()) as { data: T }).data;
}

async function signedIn(app: TestApp, options: Parameters<typeof createUser>[1]): Promise<SignedIn> {
  const user = await createUser(app.db, options);
  return { user, cookie: await loginAs(app.db, user) };
}

async function claimRow(id: string, app = t) {
  const [row] = await app.db.select().from(claims).where(eq(claims.id, id));
  if (!row) throw new Error(`claim ${id} missing`);
  return row;
}

async function slotsTaken(campaignId: string, app = t): Promise<number> {
  const [row] = await app.db
    .select({ slotsTaken: campaigns.slotsTaken })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.slotsTaken ?? -1;
}

async function eventsOf(claimId: string, app = t) {
  return app.db
    .select({
      fromStatus: claimEvents.fromStatus,
      toStatus: claimEvents.toStatus,
      actorId: claimEvents.actorId,
      actorRole: claimEvents.actorRole,
      reason: claimEvents.reason,
    })
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claimId))
    .orderBy(asc(claimEvents.createdAt));
}

const GOOD_LINK = 'https://www.instagram.com/reel/CxYz123AbC/';
const submitBody = { url: GOOD_LINK, adLabelConfirmed: true };

let brand: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  brand = await signedIn(t, { role: 'brand', fullName: 'Rosteriet Kontakt' });
  admin = await signedIn(t, { role: 'admin' });
});

describe('POST /api/campaigns/{id}/claims', () => {
  it('makes a pending claim for a verified creator who confirmed the guidelines, and tells the brand', async () => {
    const creator = await signedIn(t, { role: 'creator', fullName: 'Clara Skapare' });
    const campaign = await createCampaign(t.db, brand.user.id, { title: 'Höstens kaffe', maxRevisions: 3 });

    const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, {
      guidelinesConfirmed: true,
    });

    expect(res.status).toBe(201);
    expect(await dataOf(res)).toEqual({
      id: expect.any(String),
      status: 'pending',
      campaign: {
        id: campaign.id,
        title: 'Höstens kaffe',
        brandId: brand.user.id,
        brandName: 'Rosteriet Kontakt',
        maxRevisions: 3,
      },
      creator: {
        id: creator.user.id,
        name: 'Clara Skapare',
        image: null,
        instagramHandle: null,
        instagramFollowers: null,
        tiktokHandle: null,
        tiktokFollowers: null,
      },
      payoutOre: 250_000,
      revisionsUsed: 0,
      autoAcceptAt: null,
      acceptedAt: null,
      latestSubmission: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      events: [
        { fromStatus: null, toStatus: 'pending', actorRole: 'creator', reason: null, createdAt: expect.any(String) },
      ],
      submissions: [],
    });
    const mail = await smtp.waitForMail(brand.user.email, (m) => m.text.includes('"Höstens kaffe"'));
    expect(mail.subject).toBe('Ny ansökan till din kampanj');
    expect(mail.text).toContain('Clara Skapare vill vara med i kampanjen "Höstens kaffe"');
  });

  describe('refusals change nothing', () => {
    async function claimCount(campaignId: string): Promise<number> {
      const [row] = await t.db.select({ n: count() }).from(claims).where(eq(claims.campaignId, campaignId));
      return row?.n ?? -1;
    }

    it.each<[string, unknown, ErrorBody]>([
      [
        'guidelines not confirmed',
        { guidelinesConfirmed: false },
        { code: 'validation_failed', message: 'Request is invalid', fields: { guidelinesConfirmed: ['required'] } },
      ],
      [
        'no confirmation at all',
        {},
        {
          code: 'validation_failed',
          message: 'Request json is invalid',
          fields: { guidelinesConfirmed: ['required'] },
        },
      ],
      [
        'an unknown field',
        { guidelinesConfirmed: true, payoutOre: 1 },
        { code: 'validation_failed', message: 'Request json is invalid', fields: { payoutOre: ['unknown_field'] } },
      ],
    ])('%s → 422', async (_case, body, error) => {
      const creator = await signedIn(t, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id);

      const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, body);

      await expectError(res, 422, error);
      expect(await claimCount(campaign.id)).toBe(0);
    });

    it('a campaign that has not started yet → 409', async () => {
      const creator = await signedIn(t, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id, {
        startsAt: new Date(Date.now() + 3 * DAY_MS),
        endsAt: new Date(Date.now() + 30 * DAY_MS),
      });

      const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, {
        guidelinesConfirmed: true,
      });

      await expectError(res, 409, { code: 'conflict', message: 'Campaign is coming_soon; it cannot be claimed' });
      expect(await claimCount(campaign.id)).toBe(0);
    });

    it('a campaign that has ended → 409', async () => {
      const creator = await signedIn(t, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id, {
        startsAt: new Date(Date.now() - 30 * DAY_MS),
        endsAt: new Date(Date.now() - DAY_MS),
      });

      const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, {
        guidelinesConfirmed: true,
      });

      await expectError(res, 409, { code: 'conflict', message: 'Campaign is over; it cannot be claimed' });
      expect(await claimCount(campaign.id)).toBe(0);
    });

    it('a second live claim on the same campaign → 409', async () => {
      const creator = await signedIn(t, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id);
      const body = { guidelinesConfirmed: true };
      expect((await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, body)).status).toBe(201);

      const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, body);

      await expectError(res, 409, { code: 'conflict', message: 'You already have a live claim on this campaign' });
      expect(await claimCount(campaign.id)).toBe(1);
    });

    it('an unverified creator → 403', async () => {
      const creator = await signedIn(t, { role: 'creator', verified: false });
      const campaign = await createCampaign(t.db, brand.user.id);

      const res = await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, {
        guidelinesConfirmed: true,
      });

      await expectError(res, 403, { code: 'forbidden', message: 'Verify your e-mail address first' });
      expect(await claimCount(campaign.id)).toBe(0);
    });

    it('a brand → 403, anonymous → 401, a draft → 404', async () => {
      const creator = await signedIn(t, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id);
      const draft = await createCampaign(t.db, brand.user.id, { status: 'draft' });
      const body = { guidelinesConfirmed: true };

      await expectError(await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, brand.cookie, body), 403, {
        code: 'forbidden',
        message: 'Only for creator accounts',
      });
      await expectError(await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, undefined, body), 401, {
        code: 'unauthorized',
        message: 'Sign in first',
      });
      await expectError(await call(t, 'POST', `/api/campaigns/${draft.id}/claims`, creator.cookie, body), 404, {
        code: 'not_found',
        message: 'Campaign not found',
      });
      expect(await claimCount(campaign.id)).toBe(0);
      expect(await claimCount(draft.id)).toBe(0);
    });
  });
});

describe('the claim state machine', () => {
  const STATUSES: Status[] = [
    'pending',
    'approved',
    'rejected',
    'cancelled',
    'expired',
    'submitted',
    'changes_requested',
    'accepted',
  ];
  const SLOT_HOLDING: Status[] = ['approved', 'submitted', 'changes_requested', 'accepted'];
  /** DESIGN §3: every transition that exists and the parties that make it (admins may make any). */
  const MACHINE: Partial<Record<Status, Partial<Record<Status, ('creator' | 'brand' | 'system')[]>>>> = {
    pending: { approved: ['brand'], rejected: ['brand'], cancelled: ['creator', 'system'], expired: ['system'] },
    approved: { submitted: ['creator'], cancelled: ['system'] },
    submitted: {
      changes_requested: ['brand'],
      accepted: ['brand', 'system'],
      rejected: ['brand'],
      cancelled: ['system'],
    },
    changes_requested: { submitted: ['creator'], cancelled: ['system'] },
  };
  const ROUTE: Partial<Record<Status, string>> = {
    approved: 'approve',
    rejected: 'reject',
    cancelled: 'cancel',
    changes_requested: 'request-changes',
    accepted: 'accept',
    submitted: 'submit',
  };
  type Party = 'creator' | 'brand' | 'admin with reason' | 'admin without reason';
  type Case = { from: Status; to: Status; party: Party; status: number; error?: ErrorBody };

  function expectation(from: Status, to: Status, party: Party): Omit<Case, 'from' | 'to' | 'party'> {
    const parties = MACHINE[from]?.[to];
    if (party === 'admin without reason') {
      return {
        status: 422,
        error: { code: 'validation_failed', message: 'Request json is invalid', fields: { reason: ['required'] } },
      };
    }
    const conflict = { status: 409, error: { code: 'conflict', message: `Claim is ${from}; it cannot become ${to}` } };
    if (party === 'admin with reason') return parties ? { status: 200 } : conflict;
    if (party === 'brand' && to === 'submitted') {
      return { status: 403, error: { code: 'forbidden', message: 'Only for creator or admin accounts' } };
    }
    if (!parties) return conflict;
    if (parties.includes(party)) return { status: 200 };
    // A transition only Kollab makes (an erasure's cancel) does not exist for the creator or the brand.
    if (!parties.includes('creator') && !parties.includes('brand')) return conflict;
    return { status: 403, error: { code: 'forbidden', message: `Only the other party can make this claim ${to}` } };
  }

  const cases: Case[] = [];
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      for (const party of ['creator', 'brand', 'admin with reason', 'admin without reason'] as Party[]) {
        if ((party === 'creator' || party === 'brand') && !ROUTE[to]) continue;
        cases.push({ from, to, party, ...expectation(from, to, party) });
      }
    }
  }

  it.each(cases)('$from → $to by $party: $status', async ({ from, to, party, status, error }) => {
    const creator = await signedIn(t, { role: 'creator' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const claim = await createClaim(t.db, campaign, creator.user.id, { status: from });
    const holding = SLOT_HOLDING.includes(from) ? 1 : 0;
    expect(await slotsTaken(campaign.id)).toBe(holding);
    let res: Response;
    let actor: User;
    let reason: string | null;
    if (party === 'creator' || party === 'brand') {
      const who = party === 'creator' ? creator : brand;
      actor = who.user;
      reason = to === 'submitted' ? null : 'Tabellfall';
      const body = to === 'submitted' ? submitBody : { reason: 'Tabellfall' };
      res = await call(t, 'POST', `/api/claims/${claim.id}/${ROUTE[to]}`, who.cookie, body);
    } else {
      actor = admin.user;
      reason = party === 'admin with reason' ? 'Supportärende 42' : null;
      res = await call(t, 'POST', `/api/claims/${claim.id}/force`, admin.cookie, reason ? { to, reason } : { to });
    }

    if (status === 200) {
      expect(res.status).toBe(200);
      expect((await dataOf(res)).status).toBe(to);
      expect(await eventsOf(claim.id)).toEqual([
        { fromStatus: from, toStatus: to, actorId: actor.id, actorRole: actor.role, reason },
      ]);
      expect(await slotsTaken(campaign.id)).toBe(SLOT_HOLDING.includes(to) ? 1 : 0);
    } else {
      await expectError(res, status, error as ErrorBody);
      expect((await claimRow(claim.id)).status).toBe(from);
      expect(await eventsOf(claim.id)).toEqual([]);
      expect(await slotsTaken(campaign.id)).toBe(holding);
    }
  });

  it('an admin using a party route must give a reason (422) and may with one', async () => {
    const creator = await signedIn(t, { role: 'creator' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const claim = await createClaim(t.db, campaign, creator.user.id);

    const without = await call(t, 'POST', `/api/claims/${claim.id}/approve`, admin.cookie, {});
    await expectError(without, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { reason: ['required'] },
    });
    const withReason = await call(t, 'POST', `/api/claims/${claim.id}/approve`, admin.cookie, {
      reason: 'Varumärket bad support om hjälp',
    });
    expect(withReason.status).toBe(200);
    expect(await eventsOf(claim.id)).toEqual([
      {
        fromStatus: 'pending',
        toStatus: 'approved',
        actorId: admin.user.id,
        actorRole: 'admin',
        reason: 'Varumärket bad support om hjälp',
      },
    ]);
  });

  describe("someone else's claim is a 404 (ADR 004)", () => {
    let claim: Claim;
    let otherCreator: SignedIn;
    let otherBrand: SignedIn;
    beforeAll(async () => {
      const owner = await createUser(t.db, { role: 'creator' });
      const campaign = await createCampaign(t.db, brand.user.id);
      claim = await createClaim(t.db, campaign, owner.id, { status: 'submitted' });
      otherCreator = await signedIn(t, { role: 'creator' });
      otherBrand = await signedIn(t, { role: 'brand' });
    });

    const notFound = { code: 'not_found', message: 'Claim not found' };
    const routes: [string, string, unknown][] = [
      ['GET', '', undefined],
      ['POST', '/approve', { reason: 'x' }],
      ['POST', '/reject', { reason: 'x' }],
      ['POST', '/cancel', { reason: 'x' }],
      ['POST', '/request-changes', { reason: 'x' }],
      ['POST', '/accept', {}],
      ['POST', '/submit', submitBody],
    ];

    it.each(routes)('another creator: %s /api/claims/{id}%s → 404', async (method, suffix, body) => {
      const res = await call(t, method, `/api/claims/${claim.id}${suffix}`, otherCreator.cookie, body);

      await expectError(res, 404, notFound);
      expect((await claimRow(claim.id)).status).toBe('submitted');
    });

    it.each(routes.filter(([, suffix]) => suffix !== '/submit'))(
      'another brand: %s /api/claims/{id}%s → 404',
      async (method, suffix, body) => {
        const res = await call(t, method, `/api/claims/${claim.id}${suffix}`, otherBrand.cookie, body);

        await expectError(res, 404, notFound);
        expect((await claimRow(claim.id)).status).toBe('submitted');
      },
    );

    it('anonymous → 401; a brand or creator on the admin route → 403', async () => {
      await expectError(await call(t, 'GET', `/api/claims/${claim.id}`), 401, {
        code: 'unauthorized',
        message: 'Sign in first',
      });
      for (const who of [otherCreator, otherBrand, brand]) {
        await expectError(
          await call(t, 'POST', `/api/claims/${claim.id}/force`, who.cookie, { to: 'accepted', reason: 'x' }),
          403,
          { code: 'forbidden', message: 'Only for admin accounts' },
        );
      }
      expect((await claimRow(claim.id)).status).toBe('submitted');
    });
  });
});

describe('submissions', () => {
  async function approvedClaim(overrides: Parameters<typeof createCampaign>[2] = {}) {
    const creator = await signedIn(t, { role: 'creator' });
    const campaign = await createCampaign(t.db, brand.user.id, overrides);
    const claim = await createClaim(t.db, campaign, creator.user.id, { status: 'approved' });
    return { creator, campaign, claim };
  }

  it.each<[string, string, string, string]>([
    ['https://www.instagram.com/p/CxYz123AbC/', 'https://www.instagram.com/p/CxYz123AbC/', 'instagram', 'post'],
    [
      'https://instagram.com/reel/CxYz123AbC?igsh=abc123',
      'https://www.instagram.com/reel/CxYz123AbC/',
      'instagram',
      'reel',
    ],
    ['https://www.instagram.com/tv/CxYz123AbC/', 'https://www.instagram.com/tv/CxYz123AbC/', 'instagram', 'tv'],
    [
      'https://www.tiktok.com/@Anna.Creates/video/7234567890123456789?is_from_webapp=1',
      'https://www.tiktok.com/@anna.creates/video/7234567890123456789',
      'tiktok',
      'video',
    ],
    ['https://vm.tiktok.com/ZMabc1234/', 'https://vm.tiktok.com/ZMabc1234/', 'tiktok', 'short'],
  ])('accepts %s', async (url, normalised, platform, kind) => {
    const { creator, claim } = await approvedClaim();

    const res = await call(t, 'POST', `/api/claims/${claim.id}/submit`, creator.cookie, {
      url,
      adLabelConfirmed: true,
    });

    expect(res.status).toBe(200);
    const data = await dataOf(res);
    expect(data.status).toBe('submitted');
    expect(data.latestSubmission).toEqual({
      id: expect.any(String),
      url: normalised,
      platform,
      kind,
      reviewNote: null,
      reviewedAt: null,
      createdAt: expect.any(String),
    });
  });

  it.each<[string, string]>([
    ['https://www.instagram.com/anna.creates/', 'invalid_instagram_url'],
    ['https://www.instagram.com/stories/anna.creates/3123456789/', 'invalid_instagram_url'],
    ['https://www.tiktok.com/@anna.creates', 'invalid_tiktok_url'],
    ['https://www.tiktok.com/@anna.creates/video/123', 'invalid_tiktok_url'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'unsupported_platform'],
    ['https://instagram.com.evil.example/p/CxYz123AbC/', 'unsupported_platform'],
    ['inte en länk', 'invalid_url'],
    ['ftp://www.instagram.com/p/CxYz123AbC/', 'invalid_url'],
    ['', 'invalid_url'],
  ])('rejects %j with %s (422)', async (url, code) => {
    const { creator, claim } = await approvedClaim();

    const res = await call(t, 'POST', `/api/claims/${claim.id}/submit`, creator.cookie, {
      url,
      adLabelConfirmed: true,
    });

    await expectError(res, 422, { code: 'validation_failed', message: 'Request is invalid', fields: { url: [code] } });
    expect((await claimRow(claim.id)).status).toBe('approved');
  });

  it('requires the ad label to be confirmed (422)', async () => {
    const { creator, claim } = await approvedClaim();

    const res = await call(t, 'POST', `/api/claims/${claim.id}/submit`, creator.cookie, {
      url: GOOD_LINK,
      adLabelConfirmed: false,
    });

    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { adLabelConfirmed: ['required'] },
    });
    expect((await claimRow(claim.id)).status).toBe('approved');
  });

  it('gives the brand 3 Swedish working days before the submission is accepted automatically', async () => {
    const { creator, claim } = await approvedClaim();

    const before = new Date();
    const res = await call(t, 'POST', `/api/claims/${claim.id}/submit`, creator.cookie, submitBody);
    const after = new Date();

    expect(res.status).toBe(200);
    const autoAcceptAt = new Date((await dataOf(res)).autoAcceptAt ?? '').getTime();
    expect(autoAcceptAt).toBeGreaterThanOrEqual(addWorkingDays(before, 3).getTime());
    expect(autoAcceptAt).toBeLessThanOrEqual(addWorkingDays(after, 3).getTime() + 2_000);
  });

  it('needs a note to request changes (422), and stops after maxRevisions rounds (409)', async () => {
    const { creator, claim } = await approvedClaim({ maxRevisions: 2 });
    const path = (action: string) => `/api/claims/${claim.id}/${action}`;

    expect((await call(t, 'POST', path('submit'), creator.cookie, submitBody)).status).toBe(200);
    for (const body of [{}, { reason: '   ' }]) {
      await expectError(await call(t, 'POST', path('request-changes'), brand.cookie, body), 422, {
        code: 'validation_failed',
        message: 'Request is invalid',
        fields: { reason: ['required'] },
      });
    }
    for (const round of [1, 2]) {
      const changes = await call(t, 'POST', path('request-changes'), brand.cookie, { reason: `Runda ${round}` });
      expect(changes.status).toBe(200);
      expect((await dataOf(changes)).revisionsUsed).toBe(round);
      expect((await call(t, 'POST', path('submit'), creator.cookie, submitBody)).status).toBe(200);
    }

    const third = await call(t, 'POST', path('request-changes'), brand.cookie, { reason: 'Runda 3' });

    await expectError(third, 409, { code: 'conflict', message: 'No revision rounds left' });
    expect(await claimRow(claim.id)).toMatchObject({ status: 'submitted', revisionsUsed: 2 });
  });

  it('goes approved → submitted → changes_requested → submitted → accepted, keeping the payout', async () => {
    const { creator, claim, campaign } = await approvedClaim({ payoutOre: 312_500, budgetOre: 3_125_000 });
    const path = (action: string) => `/api/claims/${claim.id}/${action}`;

    await call(t, 'POST', path('submit'), creator.cookie, {
      url: 'https://www.instagram.com/p/First123/',
      adLabelConfirmed: true,
    });
    await call(t, 'POST', path('request-changes'), brand.cookie, { reason: 'Visa förpackningen tydligare' });
    await call(t, 'POST', path('submit'), creator.cookie, {
      url: 'https://www.instagram.com/p/Second123/',
      adLabelConfirmed: true,
    });
    const accepted = await call(t, 'POST', path('accept'), brand.cookie);

    expect(accepted.status).toBe(200);
    const data = await dataOf(accepted);
    expect(data).toMatchObject({
      status: 'accepted',
      payoutOre: 312_500,
      revisionsUsed: 1,
      autoAcceptAt: null,
      acceptedAt: expect.any(String),
    });
    expect(data.events.map((event) => [event.fromStatus, event.toStatus, event.actorRole, event.reason])).toEqual([
      ['approved', 'submitted', 'creator', null],
      ['submitted', 'changes_requested', 'brand', 'Visa förpackningen tydligare'],
      ['changes_requested', 'submitted', 'creator', null],
      ['submitted', 'accepted', 'brand', null],
    ]);
    expect(
      data.submissions.map((submission) => [submission.url, submission.reviewNote, submission.reviewedAt !== null]),
    ).toEqual([
      ['https://www.instagram.com/p/Second123/', null, true],
      ['https://www.instagram.com/p/First123/', 'Visa förpackningen tydligare', true],
    ]);
    expect(await slotsTaken(campaign.id)).toBe(1);
  });
});

describe('slots', () => {
  it('refuses to approve when every slot is taken (409), and a rejected submission frees its slot', async () => {
    const campaign = await createCampaign(t.db, brand.user.id, { slots: 1, budgetOre: 250_000 });
    const [first, second] = await Promise.all([1, 2].map(() => createUser(t.db, { role: 'creator' })));
    if (!first || !second) throw new Error('creators missing');
    const submitted = await createClaim(t.db, campaign, first.id, { status: 'submitted' });
    const waiting = await createClaim(t.db, campaign, second.id);

    await expectError(await call(t, 'POST', `/api/claims/${waiting.id}/approve`, brand.cookie), 409, {
      code: 'conflict',
      message: 'Every slot of this campaign is taken',
    });
    expect((await claimRow(waiting.id)).status).toBe('pending');

    const rejected = await call(t, 'POST', `/api/claims/${submitted.id}/reject`, brand.cookie, {
      reason: 'Fel produkt i videon',
    });
    expect(rejected.status).toBe(200);
    expect(await slotsTaken(campaign.id)).toBe(0);

    expect((await call(t, 'POST', `/api/claims/${waiting.id}/approve`, brand.cookie)).status).toBe(200);
    expect(await slotsTaken(campaign.id)).toBe(1);
  });

  it('refuses to approve on a paused campaign (409)', async () => {
    const campaign = await createCampaign(t.db, brand.user.id, { status: 'paused' });
    const creator = await createUser(t.db, { role: 'creator' });
    const claim = await createClaim(t.db, campaign, creator.id);

    await expectError(await call(t, 'POST', `/api/claims/${claim.id}/approve`, brand.cookie), 409, {
      code: 'conflict',
      message: 'Campaign is paused',
    });
    expect(await slotsTaken(campaign.id)).toBe(0);
  });

  it('gives exactly 10 of 50 simultaneous approvals on a 10-slot campaign', async () => {
    const campaign = await createCampaign(t.db, brand.user.id, { slots: 10, budgetOre: 2_500_000 });
    const creators = await Promise.all(Array.from({ length: 50 }, () => createUser(t.db, { role: 'creator' })));
    const pending = await Promise.all(creators.map((creator) => createClaim(t.db, campaign, creator.id)));

    const responses = await Promise.all(
      pending.map((claim) => call(t, 'POST', `/api/claims/${claim.id}/approve`, brand.cookie)),
    );

    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    for (const res of responses.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { error: ErrorBody }).error.message).toBe('Every slot of this campaign is taken');
    }
    expect(await slotsTaken(campaign.id)).toBe(10);
    const [holding] = await t.db
      .select({ n: count() })
      .from(claims)
      .where(
        and(
          eq(claims.campaignId, campaign.id),
          inArray(claims.status, ['approved', 'submitted', 'changes_requested', 'accepted']),
        ),
      );
    expect(holding?.n).toBe(10);
  });
});

describe('invitations', () => {
  async function invited(overrides: Parameters<typeof createInvitation>[3] = {}, campaignOverrides = {}) {
    const creator = await signedIn(t, { role: 'creator' });
    const campaign = await createCampaign(t.db, brand.user.id, campaignOverrides);
    const invitation = await createInvitation(t.db, campaign.id, creator.user.id, overrides);
    return { creator, campaign, invitation };
  }

  async function invitationRow(id: string) {
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, id));
    return row;
  }

  it("lists the creator's own invitations", async () => {
    const { creator, campaign, invitation } = await invited();
    await invited();
    await createBrandProfile(t.db, brand.user.id, { companyName: 'Rosteriet AB' });

    const res = await call(t, 'GET', '/api/invitations', creator.cookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [
        {
          id: invitation.id,
          status: 'pending',
          respondBy: invitation.respondBy.toISOString(),
          score: 80,
          reasons: [{ code: 'categories', matched: 1, total: 1 }],
          campaign: {
            id: campaign.id,
            title: campaign.title,
            brandName: 'Rosteriet AB',
            payoutOre: 250_000,
            startsAt: campaign.startsAt.toISOString(),
            endsAt: campaign.endsAt.toISOString(),
          },
          createdAt: expect.any(String),
        },
      ],
    });
    await expectError(await call(t, 'GET', '/api/invitations', brand.cookie), 403, {
      code: 'forbidden',
      message: 'Only for creator accounts',
    });
  });

  it('accepting makes a pending claim (201), also on a campaign that has not started yet', async () => {
    const { creator, campaign, invitation } = await invited(
      {},
      { startsAt: new Date(Date.now() + 2 * DAY_MS), endsAt: new Date(Date.now() + 30 * DAY_MS) },
    );

    const res = await call(t, 'POST', `/api/invitations/${invitation.id}/accept`, creator.cookie, {
      guidelinesConfirmed: true,
    });

    expect(res.status).toBe(201);
    expect(await dataOf(res)).toMatchObject({
      status: 'pending',
      campaign: { id: campaign.id },
      creator: { id: creator.user.id },
    });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'accepted', respondedAt: expect.any(Date) });
  });

  it('accepting needs the guidelines confirmed (422) and leaves the invitation open', async () => {
    const { creator, invitation } = await invited();

    const res = await call(t, 'POST', `/api/invitations/${invitation.id}/accept`, creator.cookie, {});

    await expectError(res, 422, {
      code: 'validation_failed',
      message: 'Request is invalid',
      fields: { guidelinesConfirmed: ['required'] },
    });
    expect((await invitationRow(invitation.id))?.status).toBe('pending');
  });

  it('declining answers 204 and closes the invitation', async () => {
    const { creator, invitation } = await invited();

    const res = await call(t, 'POST', `/api/invitations/${invitation.id}/decline`, creator.cookie);

    expect(res.status).toBe(204);
    expect((await invitationRow(invitation.id))?.status).toBe('declined');
  });

  it('an invitation is answered once (409)', async () => {
    const accepted = await invited();
    const declined = await invited();
    const confirm = { guidelinesConfirmed: true };
    await call(t, 'POST', `/api/invitations/${accepted.invitation.id}/accept`, accepted.creator.cookie, confirm);
    await call(t, 'POST', `/api/invitations/${declined.invitation.id}/decline`, declined.creator.cookie);

    await expectError(
      await call(t, 'POST', `/api/invitations/${accepted.invitation.id}/accept`, accepted.creator.cookie, confirm),
      409,
      { code: 'conflict', message: 'Invitation is accepted' },
    );
    await expectError(
      await call(t, 'POST', `/api/invitations/${accepted.invitation.id}/decline`, accepted.creator.cookie),
      409,
      { code: 'conflict', message: 'Invitation is accepted' },
    );
    await expectError(
      await call(t, 'POST', `/api/invitations/${declined.invitation.id}/accept`, declined.creator.cookie, confirm),
      409,
      { code: 'conflict', message: 'Invitation is declined' },
    );
    expect((await invitationRow(declined.invitation.id))?.status).toBe('declined');
  });

  it('cannot be answered after its respond-by date (409)', async () => {
    const { creator, invitation } = await invited({ respondBy: new Date(Date.now() - 60_000) });

    await expectError(
      await call(t, 'POST', `/api/invitations/${invitation.id}/accept`, creator.cookie, { guidelinesConfirmed: true }),
      409,
      { code: 'conflict', message: 'Invitation is expired' },
    );
    await expectError(await call(t, 'POST', `/api/invitations/${invitation.id}/decline`, creator.cookie), 409, {
      code: 'conflict',
      message: 'Invitation is expired',
    });
  });

  it('stays open when the claim cannot be made (campaign full → 409)', async () => {
    const { creator, invitation } = await invited({}, { slots: 1, slotsTaken: 1, budgetOre: 250_000 });

    const res = await call(t, 'POST', `/api/invitations/${invitation.id}/accept`, creator.cookie, {
      guidelinesConfirmed: true,
    });

    await expectError(res, 409, { code: 'conflict', message: 'Campaign is over; it cannot be claimed' });
    expect(await invitationRow(invitation.id)).toMatchObject({ status: 'pending', respondedAt: null });
  });

  it("another creator's invitation is a 404", async () => {
    const { invitation } = await invited();
    const other = await signedIn(t, { role: 'creator' });

    await expectError(
      await call(t, 'POST', `/api/invitations/${invitation.id}/accept`, other.cookie, { guidelinesConfirmed: true }),
      404,
      { code: 'not_found', message: 'Invitation not found' },
    );
    await expectError(await call(t, 'POST', `/api/invitations/${invitation.id}/decline`, other.cookie), 404, {
      code: 'not_found',
      message: 'Invitation not found',
    });
    expect((await invitationRow(invitation.id))?.status).toBe('pending');
  });
});

describe('e-mails', () => {
  it("tells the creator about an approval in the creator's language", async () => {
    const campaign = await createCampaign(t.db, brand.user.id, { title: 'Vinterfika' });
    const sv = await createUser(t.db, { role: 'creator', locale: 'sv', fullName: 'Stina Svensk' });
    const en = await createUser(t.db, { role: 'creator', locale: 'en', fullName: 'Emma English' });
    const svClaim = await createClaim(t.db, campaign, sv.id);
    const enClaim = await createClaim(t.db, campaign, en.id);

    await call(t, 'POST', `/api/claims/${svClaim.id}/approve`, brand.cookie);
    await call(t, 'POST', `/api/claims/${enClaim.id}/approve`, brand.cookie);

    const svMail = await smtp.waitForMail(sv.email, (mail) => mail.subject === 'Din ansökan är godkänd');
    const enMail = await smtp.waitForMail(en.email, (mail) => mail.subject === 'Your claim was approved');
    expect(svMail.text).toContain('Hej Stina Svensk!');
    expect(svMail.text).toContain('Du är med i kampanjen "Vinterfika"');
    expect(svMail.text).toContain(`http://localhost:3000/app/claims/${svClaim.id}`);
    expect(enMail.text).toContain('You are in the campaign "Vinterfika"');
  });

  it('tells the brand about a submission', async () => {
    const mailBrand = await signedIn(t, { role: 'brand', locale: 'sv' });
    const campaign = await createCampaign(t.db, mailBrand.user.id, { title: 'Vårfika' });
    const creator = await signedIn(t, { role: 'creator', fullName: 'Sara Skapare' });
    const claim = await createClaim(t.db, campaign, creator.user.id, { status: 'approved' });

    await call(t, 'POST', `/api/claims/${claim.id}/submit`, creator.cookie, submitBody);

    const mail = await smtp.waitForMail(mailBrand.user.email, (m) => m.subject === 'Nytt innehåll att granska');
    expect(mail.text).toContain('Sara Skapare har skickat in innehåll för "Vårfika"');
  });
});

describe('GET /api/claims/{id}', () => {
  it('shows the events in order and every submission, newest first', async () => {
    const creator = await signedIn(t, { role: 'creator' });
    const campaign = await createCampaign(t.db, brand.user.id);
    const created = await dataOf(
      await call(t, 'POST', `/api/campaigns/${campaign.id}/claims`, creator.cookie, { guidelinesConfirmed: true }),
    );
    const path = (action: string) => `/api/claims/${created.id}/${action}`;
    await call(t, 'POST', path('approve'), brand.cookie, { reason: 'Välkommen!' });
    await call(t, 'POST', path('submit'), creator.cookie, {
      url: 'https://www.instagram.com/p/Forst123/',
      adLabelConfirmed: true,
    });
    await call(t, 'POST', path('request-changes'), brand.cookie, { reason: 'Tagga oss' });
    await call(t, 'POST', path('submit'), creator.cookie, {
      url: 'https://vm.tiktok.com/ZMabc9876/',
      adLabelConfirmed: true,
    });

    for (const cookie of [creator.cookie, brand.cookie, admin.cookie]) {
      const res = await call(t, 'GET', `/api/claims/${created.id}`, cookie);
      expect(res.status).toBe(200);
      const data = await dataOf(res);
      expect(data.events).toEqual([
        { fromStatus: null, toStatus: 'pending', actorRole: 'creator', reason: null, createdAt: expect.any(String) },
        {
          fromStatus: 'pending',
          toStatus: 'approved',
          actorRole: 'brand',
          reason: 'Välkommen!',
          createdAt: expect.any(String),
        },
        {
          fromStatus: 'approved',
          toStatus: 'submitted',
          actorRole: 'creator',
          reason: null,
          createdAt: expect.any(String),
        },
        {
          fromStatus: 'submitted',
          toStatus: 'changes_requested',
          actorRole: 'brand',
          reason: 'Tagga oss',
          createdAt: expect.any(String),
        },
        {
          fromStatus: 'changes_requested',
          toStatus: 'submitted',
          actorRole: 'creator',
          reason: null,
          createdAt: expect.any(String),
        },
      ]);
      expect(data.submissions).toEqual([
        {
          id: expect.any(String),
          url: 'https://vm.tiktok.com/ZMabc9876/',
          platform: 'tiktok',
          kind: 'short',
          reviewNote: null,
          reviewedAt: null,
          createdAt: expect.any(String),
        },
        {
          id: expect.any(String),
          url: 'https://www.instagram.com/p/Forst123/',
          platform: 'instagram',
          kind: 'post',
          reviewNote: 'Tagga oss',
          reviewedAt: expect.any(String),
          createdAt: expect.any(String),
        },
      ]);
      expect(data.latestSubmission).toEqual(data.submissions[0]);
    }
  });
});

describe('GET /api/claims (own database)', () => {
  let l: TestApp;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    l = await createTestApp();
    const brandA = await createUser(l.db, { role: 'brand' });
    const brandB = await createUser(l.db, { role: 'brand' });
    const anna = await createUser(l.db, { role: 'creator', fullName: 'Anna' });
    const bo = await createUser(l.db, { role: 'creator', fullName: 'Bo' });
    for (const [key, user] of Object.entries({ brandA, brandB, anna, bo })) cookies[key] = await loginAs(l.db, user);
    cookies.admin = await loginAs(l.db, await createUser(l.db, { role: 'admin' }));
    const a1 = await createCampaign(l.db, brandA.id, { title: 'A1' });
    const a2 = await createCampaign(l.db, brandA.id, { title: 'A2' });
    const b1 = await createCampaign(l.db, brandB.id, { title: 'B1' });
    ids.a1 = a1.id;
    ids.b1 = b1.id;
    // Explicit times: PGlite's clock can give two quick inserts the same millisecond.
    const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    ids.annaA1 = (await createClaim(l.db, a1, anna.id, { createdAt: at(40) })).id;
    ids.annaB1 = (await createClaim(l.db, b1, anna.id, { status: 'approved', createdAt: at(30) })).id;
    ids.boA2 = (await createClaim(l.db, a2, bo.id, { status: 'submitted', createdAt: at(20) })).id;
    ids.boA1 = (await createClaim(l.db, a1, bo.id, { status: 'rejected', createdAt: at(10) })).id;
  });
  afterAll(async () => {
    await l?.close();
  });

  async function list(who: string, query = '') {
    const res = await call(l, 'GET', `/api/claims?pageSize=100${query}`, cookies[who]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: ClaimView[]; total: number };
    return { ids: body.data.map((claim) => claim.id), total: body.total, data: body.data };
  }

  it.each<[string, string, string[]]>([
    ['a creator sees their own', 'anna', ['annaB1', 'annaA1']],
    ['another creator sees theirs', 'bo', ['boA1', 'boA2']],
    ['a brand sees those on its campaigns', 'brandA', ['boA1', 'boA2', 'annaA1']],
    ['another brand sees those on its campaigns', 'brandB', ['annaB1']],
    ['an admin sees all', 'admin', ['boA1', 'boA2', 'annaB1', 'annaA1']],
  ])('%s, newest first', async (_case, who, expected) => {
    const result = await list(who);

    expect({ ids: result.ids, total: result.total }).toEqual({
      ids: expected.map((key) => ids[key]),
      total: expected.length,
    });
  });

  it.each<[string, string, string, string[]]>([
    ['status', 'admin', '&status=pending', ['annaA1']],
    ['status', 'brandA', '&status=submitted', ['boA2']],
    ['campaign', 'brandA', '&campaignId=A1', ['boA1', 'annaA1']],
    ["another brand's campaign", 'brandB', '&campaignId=A1', []],
    ['campaign and status', 'admin', '&campaignId=A1&status=rejected', ['boA1']],
  ])('filters by %s (%s %s)', async (_case, who, query, expected) => {
    const result = await list(who, query.replace('A1', ids.a1 ?? ''));

    expect({ ids: result.ids, total: result.total }).toEqual({
      ids: expected.map((key) => ids[key]),
      total: expected.length,
    });
  });

  it('paginates, oldest first on request', async () => {
    const res = await call(l, 'GET', '/api/claims?order=asc&page=2&pageSize=3', cookies.admin);

    expect(await res.json()).toMatchObject({ data: [{ id: ids.boA1 }], total: 4 });
  });

  it('refuses anonymous visitors (401)', async () => {
    await expectError(await call(l, 'GET', '/api/claims'), 401, { code: 'unauthorized', message: 'Sign in first' });
  });
});

describe('scheduler sweep (own database)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ settings: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('expires old invitations and stale pending claims, auto-accepts due submissions, and is idempotent', async () => {
    const now = new Date();
    const brandUser = await createUser(s.db, { role: 'brand' });
    const creators = await Promise.all(Array.from({ length: 7 }, () => createUser(s.db, { role: 'creator' })));
    const [c1, c2, c3, c4, c5, c6, c7] = creators as [User, User, User, User, User, User, User];
    const ended = await createCampaign(s.db, brandUser.id, {
      startsAt: new Date(now.getTime() - 30 * DAY_MS),
      endsAt: new Date(now.getTime() - 60_000),
    });
    const running: Campaign = await createCampaign(s.db, brandUser.id);
    const overdueInvitation = await createInvitation(s.db, running.id, c1.id, {
      respondBy: new Date(now.getTime() - 60_000),
    });
    const openInvitation = await createInvitation(s.db, running.id, c2.id);
    const answeredInvitation = await createInvitation(s.db, running.id, c3.id, {
      status: 'accepted',
      respondBy: new Date(now.getTime() - 60_000),
    });
    const stale = await createClaim(s.db, ended, c4.id);
    const approvedOnEnded = await createClaim(s.db, ended, c5.id, { status: 'approved' });
    const due = await createClaim(s.db, running, c6.id, {
      status: 'submitted',
      autoAcceptAt: new Date(now.getTime() - 60_000),
    });
    const notYet = await createClaim(s.db, running, c7.id, {
      status: 'submitted',
      autoAcceptAt: new Date(now.getTime() + DAY_MS),
    });
    const pendingOnRunning = await createClaim(s.db, running, c1.id);
    const deps = { db: s.db, mailer: createMailer(s.env, createLogger('silent')), env: s.env };

    const first = await sweep(deps, now);

    expect(first).toEqual({
      invitationsExpired: 1,
      claimsExpired: 1,
      claimsAutoAccepted: 1,
      postReadsQueued: 0,
      escrowsClosed: 1,
      verificationReminders: 0,
      billingDocumentsMailed: 0,
      messageNotifications: 0,
      deletionRequestsProcessed: 0,
      providerCachePurged: 0,
      clientLogsPurged: 0,
      expiredCredentialsPurged: 0,
    });
    const invitationStatus = async (id: string) =>
      (await s.db.select().from(invitations).where(eq(invitations.id, id)))[0]?.status;
    expect(await invitationStatus(overdueInvitation.id)).toBe('expired');
    expect(await invitationStatus(openInvitation.id)).toBe('pending');
    expect(await invitationStatus(answeredInvitation.id)).toBe('accepted');
    const statusOf = async (claim: Claim) => (await claimRow(claim.id, s)).status;
    expect(await statusOf(stale)).toBe('expired');
    expect(await statusOf(approvedOnEnded)).toBe('approved');
    expect(await statusOf(due)).toBe('accepted');
    expect(await statusOf(notYet)).toBe('submitted');
    expect(await statusOf(pendingOnRunning)).toBe('pending');
    expect((await claimRow(due.id, s)).acceptedAt).toBeInstanceOf(Date);
    expect(await eventsOf(due.id, s)).toEqual([
      { fromStatus: 'submitted', toStatus: 'accepted', actorId: null, actorRole: 'system', reason: null },
    ]);
    expect(await eventsOf(stale.id, s)).toEqual([
      { fromStatus: 'pending', toStatus: 'expired', actorId: null, actorRole: 'system', reason: null },
    ]);
    const eventCount = async () => (await s.db.select({ n: count() }).from(claimEvents))[0]?.n;
    const eventsAfterFirst = await eventCount();

    const second = await sweep(deps, now);

    expect(second).toEqual({
      invitationsExpired: 0,
      claimsExpired: 0,
      claimsAutoAccepted: 0,
      postReadsQueued: 0,
      escrowsClosed: 0,
      verificationReminders: 0,
      billingDocumentsMailed: 0,
      messageNotifications: 0,
      deletionRequestsProcessed: 0,
      providerCachePurged: 0,
      clientLogsPurged: 0,
      expiredCredentialsPurged: 0,
    });
    expect(await eventCount()).toBe(eventsAfterFirst);
    expect(await slotsTaken(ended.id, s)).toBe(1);
    expect(await slotsTaken(running.id, s)).toBe(2);
  });
});

describe('mail delivery failures', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every mail fails to send.
    broken = await createTestApp({ settings: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('do not fail a claim transition that has been made (claims.service notify: "never fatal")', async () => {
    const owner = await signedIn(broken, { role: 'brand' });
    const creator = await createUser(broken.db, { role: 'creator' });
    const campaign = await createCampaign(broken.db, owner.user.id);
    const claim = await createClaim(broken.db, campaign, creator.id);

    const res = await call(broken, 'POST', `/api/claims/${claim.id}/approve`, owner.cookie);

    expect(res.status).toBe(200);
    expect((await claimRow(claim.id, broken)).status).toBe('approved');
  });
});
