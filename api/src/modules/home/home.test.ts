import {
  accountVerifications,
  campaigns,
  claims,
  conversationReads,
  creatorProfiles,
  creatorTaxProfiles,
  deletionRequests,
  messages,
  moderationCases,
  paymentMethods,
  ratings,
  submissions,
  trackedPosts,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createInvitation,
  createUser,
  creditCreator,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { addWorkingDays } from '../../lib/working-days.ts';

let t: TestApp;
let failures = 0;
beforeAll(async () => {
  t = await createTestApp();
  // Fails once with no retries: each failure is a dead letter at once (as failed-jobs.test.ts).
  await t.queue.work([
    {
      name: 'test.home',
      options: { retryLimit: 0 },
      async work() {
        if (failures-- > 0) throw new Error('the provider answered 503');
      },
    },
  ]);
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const home = async (cookie?: string) => {
  const res = await t.app.request('/api/home', { headers: jsonHeaders(cookie) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const noMessages = { unread: 0, conversations: [] };
const until = async (check: () => Promise<boolean>) => {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 15_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** A brand with a company name and one published campaign ending in `endsInDays` days. */
async function brandWithCampaign(name: string, endsInDays = 30) {
  const brand = await createUser(t.db, { role: 'brand', fullName: `${name} Person` });
  await createBrandProfile(t.db, brand.id, { companyName: name });
  const campaign = await createCampaign(t.db, brand.id, {
    title: `${name} kampanj`,
    endsAt: new Date(Date.now() + endsInDays * DAY_MS),
  });
  return { brand, campaign };
}

describe('GET /api/home', () => {
  it('answers 401 without a session', async () => {
    expect(await home()).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Sign in first', requestId: expect.any(String) } },
    });
  });

  it('shows an admin empty queues, then counts and dates each queue', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const empty = { count: 0, oldestAt: null };
    expect(await home(cookie)).toEqual({
      status: 200,
      body: {
        data: {
          role: 'admin',
          queues: {
            flaggedClaims: empty,
            withdrawalsToPay: empty,
            deletionRequestsDue: empty,
            reportedConversations: empty,
            failedJobs: empty,
          },
        },
      },
    });

    const { campaign, brand } = await brandWithCampaign('Flaggat AB');
    const creator = await createUser(t.db);
    const claim = await createClaim(t.db, campaign, creator.id, { status: 'submitted' });
    const checkedAt = new Date('2026-11-20T10:00:00Z');
    for (const [index, ok] of [false, true].entries()) {
      // The older post failed the check, but a newer submission replaced it: only the newest counts.
      const [submission] = await t.db
        .insert(submissions)
        .values({
          claimId: claim.id,
          url: `https://www.instagram.com/reel/abc${index}/`,
          platform: 'instagram',
          kind: 'reel',
          adLabelConfirmed: new Date(),
          createdAt: new Date(Date.now() - (2 - index) * HOUR_MS),
        })
        .returning();
      await t.db.insert(trackedPosts).values({
        submissionId: submission?.id ?? '',
        claimId: claim.id,
        campaignId: campaign.id,
        creatorId: creator.id,
        brandId: brand.id,
        platform: 'instagram',
        url: `https://www.instagram.com/reel/abc${index}/`,
        adLabelOk: ok,
        adLabelCheckedAt: checkedAt,
        createdAt: new Date(Date.now() - (2 - index) * HOUR_MS),
      });
    }
    const otherClaim = await createClaim(t.db, campaign, (await createUser(t.db)).id, { status: 'submitted' });
    const [flaggedSubmission] = await t.db
      .insert(submissions)
      .values({
        claimId: otherClaim.id,
        url: 'https://www.instagram.com/reel/xyz/',
        platform: 'instagram',
        kind: 'reel',
        adLabelConfirmed: new Date(),
      })
      .returning();
    await t.db.insert(trackedPosts).values({
      submissionId: flaggedSubmission?.id ?? '',
      claimId: otherClaim.id,
      campaignId: campaign.id,
      creatorId: otherClaim.creatorId,
      brandId: brand.id,
      platform: 'instagram',
      url: 'https://www.instagram.com/reel/xyz/',
      adLabelOk: false,
      adLabelCheckedAt: checkedAt,
    });

    const requestedAt = new Date('2026-11-24T08:00:00Z');
    for (const status of ['requested', 'requested', 'paid'] as const) {
      await t.db.insert(withdrawals).values({
        userId: creator.id,
        amountOre: 20_000,
        paymentMethodType: 'swish',
        paymentMethodMasked: 'Swish •••• 4567',
        status,
        createdAt: status === 'paid' ? new Date('2026-11-01T08:00:00Z') : requestedAt,
      });
    }
    const dueAt = new Date(Date.now() - DAY_MS);
    await t.db.insert(deletionRequests).values([
      { email: 'due@example.se', source: 'public', confirmedAt: new Date(), dueAt },
      // Not confirmed from the mailbox: never acted on, so not due.
      { email: 'unconfirmed@example.se', source: 'public', dueAt },
      { email: 'later@example.se', source: 'public', confirmedAt: new Date(), dueAt: new Date(Date.now() + DAY_MS) },
      { email: 'done@example.se', source: 'public', confirmedAt: new Date(), dueAt, status: 'completed' },
    ]);
    const reportedAt = new Date('2026-11-25T12:00:00Z');
    await t.db.insert(moderationCases).values([
      {
        claimId: claim.id,
        openedBy: creator.id,
        openedByRole: 'creator',
        reason: 'Otrevlig ton',
        createdAt: reportedAt,
      },
      {
        claimId: otherClaim.id,
        openedByRole: 'admin',
        reason: 'Stängt',
        status: 'closed',
        closedAt: new Date(),
      },
    ]);
    failures = 1;
    await t.queue.enqueue('test.home', {});
    await until(async () => (await t.queue.deadLetters()).length === 1);

    expect(await home(cookie)).toEqual({
      status: 200,
      body: {
        data: {
          role: 'admin',
          queues: {
            flaggedClaims: { count: 1, oldestAt: checkedAt.toISOString() },
            withdrawalsToPay: { count: 2, oldestAt: requestedAt.toISOString() },
            deletionRequestsDue: { count: 1, oldestAt: dueAt.toISOString() },
            reportedConversations: { count: 1, oldestAt: reportedAt.toISOString() },
            failedJobs: { count: 1, oldestAt: null },
          },
        },
      },
    });
  });

  it('refuses an admin without two-factor, as every admin route does', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db, { role: 'admin', twoFactor: false }));
    const { status, body } = await home(cookie);
    expect(status).toBe(403);
    expect(body).toEqual({
      error: { code: 'two_factor_required', message: expect.any(String), requestId: expect.any(String) },
    });
  });

  it('shows a creator with nothing to do the empty home and the first profile step', async () => {
    const creator = await createUser(t.db, { verified: false });
    expect(await home(await loginAs(t.db, creator))).toEqual({
      status: 200,
      body: {
        data: {
          role: 'creator',
          todos: [],
          todoCount: 0,
          balance: { availableOre: 0, pendingOre: 0, minimumWithdrawalOre: 10_000 },
          profile: { done: [], next: 'verify_email' },
          messages: noMessages,
        },
      },
    });
  });

  it('lists a creator’s own to-dos by deadline with the working days left, balance, profile and messages', async () => {
    const creator = await createUser(t.db);
    const other = await createUser(t.db);
    const now = Date.now();
    const soon = await brandWithCampaign('Snart AB', 3);
    const later = await brandWithCampaign('Senare AB', 20);
    const rated = await brandWithCampaign('Betygsatt AB');

    const respondBy = addWorkingDays(new Date(now), 3);
    const invitation = await createInvitation(t.db, later.campaign.id, creator.id, { respondBy });
    await createInvitation(t.db, soon.campaign.id, creator.id, { respondBy: new Date(now - HOUR_MS) }); // expired
    const toSubmit = await createClaim(t.db, soon.campaign, creator.id, { status: 'approved' });
    const changes = await createClaim(t.db, later.campaign, creator.id, { status: 'changes_requested' });
    const acceptedAt = new Date(now - 2 * DAY_MS);
    const toRate = await createClaim(t.db, rated.campaign, creator.id, { status: 'accepted', acceptedAt });
    const alreadyRated = await createClaim(t.db, later.campaign, creator.id, {
      status: 'accepted',
      acceptedAt,
      // A second claim on one campaign is allowed once the first is no longer live; here by a new campaign row.
      campaignId: (await createCampaign(t.db, later.brand.id)).id,
    });
    await t.db.insert(ratings).values({
      claimId: alreadyRated.id,
      side: 'creator',
      raterId: creator.id,
      subjectId: later.brand.id,
      brief: 5,
      communication: 5,
      payment: 5,
    });
    await createClaim(t.db, rated.campaign, creator.id, {
      status: 'accepted',
      acceptedAt: new Date(now - 20 * DAY_MS),
      campaignId: (await createCampaign(t.db, rated.brand.id)).id,
    }); // the rating window has closed
    await createClaim(t.db, soon.campaign, creator.id, {
      status: 'pending',
      campaignId: (await createCampaign(t.db, soon.brand.id)).id,
    }); // waits for the brand: nothing to do
    // Another creator's invitation and claims never show.
    await createInvitation(t.db, soon.campaign.id, other.id);
    await createClaim(t.db, later.campaign, other.id, { status: 'approved' });

    await creditCreator(t.db, { id: `home-${creator.id}`, creatorId: creator.id, payoutOre: 125_000 });
    await t.db.update(users).set({ personalNumberEncrypted: 'encrypted' }).where(eq(users.id, creator.id));
    await t.db
      .update(creatorProfiles)
      .set({ instagramHandle: 'matkreator' })
      .where(eq(creatorProfiles.userId, creator.id));
    await t.db
      .insert(accountVerifications)
      .values({ creatorId: creator.id, platform: 'instagram', handle: 'matkreator' });
    await t.db.insert(paymentMethods).values({
      userId: creator.id,
      type: 'swish',
      detailsEncrypted: 'encrypted',
      masked: 'Swish •••• 4567',
      isDefault: true,
    });
    await t.db.insert(creatorTaxProfiles).values({ userId: creator.id, status: 'private' });

    await t.db.insert(messages).values([
      { claimId: toSubmit.id, authorId: soon.brand.id, authorRole: 'brand', body: 'Hej!' },
      { claimId: toSubmit.id, authorId: soon.brand.id, authorRole: 'brand', body: 'Hör av dig.' },
      { claimId: changes.id, authorId: creator.id, authorRole: 'creator', body: 'Tack!' },
    ]);
    const [read] = await t.db
      .insert(messages)
      .values({ claimId: changes.id, authorId: later.brand.id, authorRole: 'brand', body: 'Lästa' })
      .returning();
    await t.db.insert(conversationReads).values({ claimId: changes.id, userId: creator.id, lastReadId: read?.id ?? 0 });

    const { status, body } = await home(await loginAs(t.db, creator));
    expect(status).toBe(200);
    const campaignRef = (c: { id: string; title: string }) => ({ id: c.id, title: c.title });
    expect(body).toEqual({
      data: {
        role: 'creator',
        todos: [
          {
            kind: 'submit_video',
            id: toSubmit.id,
            campaign: campaignRef(soon.campaign),
            brandName: 'Snart AB',
            dueAt: soon.campaign.endsAt.toISOString(),
            workingDaysLeft: null,
          },
          {
            kind: 'invitation',
            id: invitation.id,
            campaign: campaignRef(later.campaign),
            brandName: 'Senare AB',
            dueAt: respondBy.toISOString(),
            workingDaysLeft: 3,
          },
          {
            kind: 'rate',
            id: toRate.id,
            campaign: campaignRef(rated.campaign),
            brandName: 'Betygsatt AB',
            dueAt: new Date(acceptedAt.getTime() + 14 * DAY_MS).toISOString(),
            workingDaysLeft: null,
          },
          {
            kind: 'changes_requested',
            id: changes.id,
            campaign: campaignRef(later.campaign),
            brandName: 'Senare AB',
            dueAt: later.campaign.endsAt.toISOString(),
            workingDaysLeft: null,
          },
        ],
        todoCount: 4,
        balance: { availableOre: 125_000, pendingOre: 0, minimumWithdrawalOre: 10_000 },
        profile: {
          done: ['verify_email', 'personal_number', 'link_accounts', 'payment_method', 'tax_status'],
          next: 'identity',
        },
        messages: {
          unread: 2,
          conversations: [
            {
              claimId: changes.id,
              campaign: campaignRef(later.campaign),
              counterpart: 'Senare AB',
              unread: 0,
              lastMessageAt: expect.any(String),
            },
            {
              claimId: toSubmit.id,
              campaign: campaignRef(soon.campaign),
              counterpart: 'Snart AB',
              unread: 2,
              lastMessageAt: expect.any(String),
            },
          ],
        },
      },
    });
  });

  it('shows a brand with nothing to do the empty home', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    expect(await home(await loginAs(t.db, brand))).toEqual({
      status: 200,
      body: {
        data: {
          role: 'brand',
          claimsToApprove: { count: 0, items: [] },
          videosToReview: { count: 0, items: [] },
          drafts: { count: 0, items: [] },
          messages: noMessages,
        },
      },
    });
  });

  it('lists what waits for a brand across its own campaigns only, with the auto-accept time', async () => {
    const { brand, campaign } = await brandWithCampaign('Väntar AB');
    const second = await createCampaign(t.db, brand.id, { title: 'Andra kampanjen' });
    const unpaid = await createCampaign(t.db, brand.id, { title: 'Utkast obetalt', status: 'draft' });
    const paid = await createCampaign(t.db, brand.id, { title: 'Utkast betalt', status: 'draft' }, { funded: true });
    await t.db
      .update(campaigns)
      .set({ updatedAt: new Date(Date.now() - DAY_MS) })
      .where(eq(campaigns.id, unpaid.id));
    const anna = await createUser(t.db, { fullName: 'Anna Andersson' });
    const bo = await createUser(t.db, { fullName: 'Bo Berg' });
    const older = await createClaim(t.db, campaign, anna.id, { createdAt: new Date(Date.now() - 2 * DAY_MS) });
    const newer = await createClaim(t.db, second, bo.id);
    const autoAcceptAt = new Date(Date.now() + 3 * DAY_MS);
    const video = await createClaim(t.db, second, anna.id, { status: 'submitted', autoAcceptAt });
    await createClaim(t.db, campaign, bo.id, { status: 'approved' }); // waits for the creator
    // Another brand's claims and drafts never show.
    const other = await brandWithCampaign('Annat AB');
    await createClaim(t.db, other.campaign, anna.id);
    await createClaim(t.db, other.campaign, bo.id, { status: 'submitted', autoAcceptAt });
    await createCampaign(t.db, other.brand.id, { status: 'draft' });
    await t.db
      .insert(messages)
      .values({ claimId: video.id, authorId: anna.id, authorRole: 'creator', body: 'Videon är uppe!' });

    const { status, body } = await home(await loginAs(t.db, brand));
    expect(status).toBe(200);
    const [olderRow] = await t.db.select().from(claims).where(eq(claims.id, older.id));
    const [videoRow] = await t.db.select().from(claims).where(eq(claims.id, video.id));
    expect(body).toEqual({
      data: {
        role: 'brand',
        claimsToApprove: {
          count: 2,
          items: [
            {
              claimId: older.id,
              campaign: { id: campaign.id, title: 'Väntar AB kampanj' },
              creatorName: 'Anna Andersson',
              since: olderRow?.createdAt.toISOString(),
              autoAcceptAt: null,
            },
            {
              claimId: newer.id,
              campaign: { id: second.id, title: 'Andra kampanjen' },
              creatorName: 'Bo Berg',
              since: newer.createdAt.toISOString(),
              autoAcceptAt: null,
            },
          ],
        },
        videosToReview: {
          count: 1,
          items: [
            {
              claimId: video.id,
              campaign: { id: second.id, title: 'Andra kampanjen' },
              creatorName: 'Anna Andersson',
              since: videoRow?.updatedAt.toISOString(),
              autoAcceptAt: autoAcceptAt.toISOString(),
            },
          ],
        },
        drafts: {
          count: 2,
          items: [
            { campaign: { id: paid.id, title: 'Utkast betalt' }, funded: true, updatedAt: expect.any(String) },
            { campaign: { id: unpaid.id, title: 'Utkast obetalt' }, funded: false, updatedAt: expect.any(String) },
          ],
        },
        messages: {
          unread: 1,
          conversations: [
            {
              claimId: video.id,
              campaign: { id: second.id, title: 'Andra kampanjen' },
              counterpart: 'Anna Andersson',
              unread: 1,
              lastMessageAt: expect.any(String),
            },
          ],
        },
      },
    });
  });
  it('holds at most ten items per list and counts them all', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    for (let index = 0; index < 11; index++) {
      await createCampaign(t.db, brand.id, { title: `Utkast ${index}`, status: 'draft' });
    }
    const { status, body } = await home(await loginAs(t.db, brand));
    expect(status).toBe(200);
    const { drafts } = (body as { data: { drafts: { count: number; items: unknown[] } } }).data;
    expect(drafts.count).toBe(11);
    expect(drafts.items).toHaveLength(10);
  });
});
