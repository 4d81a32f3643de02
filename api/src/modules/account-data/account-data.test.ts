import { queryRows } from '@kollab/db';
import {
  accountVerifications,
  auditLog,
  billingAddresses,
  claimEvents,
  creatorProfiles,
  creatorTaxProfiles,
  deletionRequests,
  emailTokens,
  identityVerifications,
  ledgerEntries,
  messages,
  moderationCases,
  oauthAccounts,
  paymentMethods,
  postReadings,
  providerUsage,
  sessions,
  submissions,
  subscribers,
  trackedPosts,
  trackingUsage,
  type User,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/support/auth-client.ts';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sweep } from '../../jobs/scheduler.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createStorage } from '../../lib/storage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'lagom långt lösenord 42';
/** A refused sign-in: 401 and the sign-in page on the test app's PUBLIC_URL (ADR 018). */
const SIGN_IN_REFUSED = { url: 'http://localhost:3000/app/login?error=CredentialsSignin&callbackUrl=%2Fapp%2F' };

let t: TestApp;
let smtp: TestSmtp;
let adminCookie: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  adminCookie = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function call(app: TestApp, method: string, path: string, cookie?: string, body?: unknown, extra = {}) {
  return app.app.request(path, {
    method,
    headers: { ...jsonHeaders(cookie), ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectError(res: Response, status: number, error: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ error: { ...error, requestId: res.headers.get('x-request-id') } });
}

describe('/api/account/deletion-request', () => {
  it('files a confirmed account request due in 14 days, returns it again, shows it and cancels it', async () => {
    const user = await createUser(t.db, { email: 'leaving@example.se', locale: 'en' });
    const cookie = await loginAs(t.db, user);
    const before = Date.now();

    const created = await call(t, 'POST', '/api/account/deletion-request', cookie);
    const again = await call(t, 'POST', '/api/account/deletion-request', cookie);

    expect(created.status).toBe(202);
    const { data } = (await created.json()) as { data: Record<string, string> };
    expect(data).toMatchObject({
      userId: user.id,
      email: 'leaving@example.se',
      locale: 'en',
      source: 'account',
      status: 'pending',
      completedAt: null,
    });
    expect(data.confirmedAt).toEqual(expect.any(String));
    const dueIn = new Date(data.dueAt ?? 0).getTime() - before;
    expect(dueIn).toBeGreaterThanOrEqual(14 * DAY_MS - 1000);
    expect(dueIn).toBeLessThan(14 * DAY_MS + 60_000);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ data });
    expect(await (await call(t, 'GET', '/api/account/deletion-request', cookie)).json()).toEqual({ data });

    const cancelled = await call(t, 'DELETE', '/api/account/deletion-request', cookie);

    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ data: { ...data, status: 'cancelled' } });
    await expectError(await call(t, 'DELETE', '/api/account/deletion-request', cookie), 404, {
      code: 'not_found',
      message: 'No pending deletion request',
    });
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, data.id ?? ''))
      .orderBy(asc(auditLog.createdAt));
    expect(actions.map((row) => row.action)).toEqual(['deletion_request.create', 'deletion_request.cancel']);
  });

  it('answers null before any request', async () => {
    const cookie = await loginAs(t.db, await createUser(t.db));
    expect(await (await call(t, 'GET', '/api/account/deletion-request', cookie)).json()).toEqual({ data: null });
  });

  it.each([
    ['POST', '/api/account/deletion-request'],
    ['GET', '/api/account/deletion-request'],
    ['GET', '/api/account/deletion-request/plan'],
    ['DELETE', '/api/account/deletion-request'],
    ['GET', '/api/account/export'],
  ])('%s %s needs a session', async (method, path) => {
    await expectError(await call(t, method, path), 401, { code: 'unauthorized', message: 'Sign in first' });
  });
});

describe('public deletion requests', () => {
  it('are not carried out before they are confirmed, by the job or by an admin', async () => {
    const user = await createUser(t.db, { email: 'unconfirmed@example.se' });
    await call(
      t,
      'POST',
      '/api/deletion-requests',
      undefined,
      { email: 'unconfirmed@example.se' },
      {
        'X-Forwarded-For': '10.9.0.1',
      },
    );
    const [request] = await t.db.select().from(deletionRequests).where(eq(deletionRequests.userId, user.id));
    await t.db
      .update(deletionRequests)
      .set({ dueAt: new Date(Date.now() - DAY_MS) })
      .where(eq(deletionRequests.id, request?.id ?? ''));

    const deps = { db: t.db, mailer: createMailer(t.env, createLogger('silent')), env: t.env };
    await sweep(deps);
    const res = await call(t, 'POST', `/api/admin/deletion-requests/${request?.id}/process`, adminCookie);

    await expectError(res, 409, { code: 'conflict', message: 'Deletion request is not confirmed yet' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe('unconfirmed@example.se');
  });

  it('for an address without an account only removes the subscription, and mails the requester', async () => {
    await t.db.insert(subscribers).values({
      email: 'Reader@Example.se',
      instagramName: 'reader',
      categories: ['food'],
      consentVersion: '2026-11-01',
      consentedAt: new Date(),
      unsubscribeTokenHash: 'hash-reader',
    });
    await call(
      t,
      'POST',
      '/api/deletion-requests',
      undefined,
      { email: 'reader@example.se', locale: 'en' },
      {
        'X-Forwarded-For': '10.9.0.2',
      },
    );
    const link = smtp.linkIn(await smtp.waitForMail('reader@example.se'), 'token=');
    const token = new URL(link).searchParams.get('token');
    await call(t, 'POST', '/api/deletion-requests/confirm', undefined, { token }, { 'X-Forwarded-For': '10.9.0.2' });
    const [request] = await t.db.select().from(deletionRequests).where(eq(deletionRequests.email, 'reader@example.se'));

    const res = await call(t, 'POST', `/api/admin/deletion-requests/${request?.id}/process`, adminCookie);

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { id: request?.id, status: 'completed', userId: null } });
    expect(await t.db.select().from(subscribers).where(sql`lower(${subscribers.email}) = 'reader@example.se'`)).toEqual(
      [],
    );
    const done = await smtp.waitForMail('reader@example.se', (mail) => mail.subject.includes('deleted'));
    expect(done.subject).toBe('Your data at Kollab has been deleted');
    await expectError(await call(t, 'POST', `/api/admin/deletion-requests/${request?.id}/process`, adminCookie), 409, {
      code: 'conflict',
      message: 'Deletion request is already completed',
    });
  });
});

describe('the deletion job (own database)', () => {
  let s: TestApp;
  beforeAll(async () => {
    // The creator withdraws to a method added moments ago and is paid at once: no review hold here.
    s = await createTestApp({ settings: { SMTP_URL: smtp.url, PAYOUT_METHOD_HOLD_HOURS: '0' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A creator with an accepted claim, messages, a paid withdrawal, a picture, a subscription and sessions. */
  async function busyCreator() {
    const brand = await createUser(s.db, { role: 'brand' });
    await createBrandProfile(s.db, brand.id);
    const brandCookie = await loginAs(s.db, brand);
    const admin = await loginAs(s.db, await createUser(s.db, { role: 'admin' }));
    const creator = await createUser(s.db, { email: 'Erase.Me@example.se', password: PASSWORD, locale: 'en' });
    const cookie = await loginAs(s.db, creator);
    const campaign = await createCampaign(s.db, brand.id);
    const claim = await createClaim(s.db, campaign, creator.id, { status: 'submitted' });
    expect((await call(s, 'POST', `/api/claims/${claim.id}/accept`, brandCookie, {})).status).toBe(200);
    for (const [who, body] of [
      [cookie, 'Hej, här är min video'],
      [brandCookie, 'Tack, den är godkänd'],
    ] as const) {
      expect((await call(s, 'POST', `/api/conversations/${claim.id}/messages`, who, { body })).status).toBe(201);
    }
    // PayPal: paid by hand below (bank, IBAN and Swish go through the payout rails).
    const method = await call(s, 'POST', '/api/user/payment-methods/add', cookie, {
      type: 'paypal',
      email: 'erased@example.se',
    });
    const methodId = ((await method.json()) as { data: { id: string } }).data.id;
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const requested = await call(
      s,
      'POST',
      '/api/withdrawals',
      cookie,
      // Her whole balance: a balance left would hold the erasure until it is paid out (ADR 022). A
      // private person's net of the 2 500 kr payout (ADR 028: 598 kr contributions, 570 kr tax).
      { amountOre: 133_200, paymentMethodId: methodId },
      key,
    );
    const withdrawalId = ((await requested.json()) as { data: { id: string } }).data.id;
    const paid = await call(
      s,
      'POST',
      `/api/admin/withdrawals/${withdrawalId}/pay`,
      admin,
      { reference: 'B-1' },
      {
        'Idempotency-Key': crypto.randomUUID(),
      },
    );
    expect(paid.status).toBe(200);
    const avatarKey = `avatars/${creator.id}/picture.webp`;
    await createStorage(s.env).put(avatarKey, Buffer.from('webp'), 'image/webp');
    const updated = await call(s, 'POST', `/api/user/update/${creator.id}`, cookie, {
      phone: '070-123 45 67',
      personalNumber: '811228-9874',
    });
    expect(updated.status).toBe(200);
    await s.db.update(users).set({ avatarKey }).where(eq(users.id, creator.id));
    await s.db
      .update(creatorProfiles)
      .set({ instagramHandle: 'erase.me', instagramFollowers: 5000, bio: 'Jag lagar mat' })
      .where(eq(creatorProfiles.userId, creator.id));
    await s.db.insert(oauthAccounts).values({ provider: 'google', providerUserId: 'g-1', userId: creator.id });
    // Her first video, sent back with a note naming her, then the accepted one, still being read
    // after acceptance (ADR 033).
    const [first] = await s.db
      .insert(submissions)
      .values({
        claimId: claim.id,
        url: 'https://www.tiktok.com/@erase.me/video/0',
        platform: 'tiktok',
        kind: 'video',
        adLabelConfirmed: new Date(Date.now() - 2 * DAY_MS),
        reviewNote: 'Nämn @erase.me och #samarbete i texten',
        reviewedAt: new Date(Date.now() - DAY_MS),
        createdAt: new Date(Date.now() - 2 * DAY_MS),
      })
      .returning();
    await s.db.insert(claimEvents).values({
      claimId: claim.id,
      fromStatus: 'submitted',
      toStatus: 'changes_requested',
      actorId: brand.id,
      actorRole: 'brand',
      reason: first?.reviewNote,
      createdAt: new Date(Date.now() - DAY_MS),
    });
    const [submission] = await s.db
      .insert(submissions)
      .values({
        claimId: claim.id,
        url: 'https://www.tiktok.com/@erase.me/video/1',
        platform: 'tiktok',
        kind: 'video',
        adLabelConfirmed: new Date(),
      })
      .returning();
    const [post] = await s.db
      .insert(trackedPosts)
      .values({
        submissionId: submission?.id ?? '',
        claimId: claim.id,
        campaignId: campaign.id,
        creatorId: creator.id,
        brandId: brand.id,
        platform: 'tiktok',
        url: 'https://www.tiktok.com/@erase.me/video/1',
        status: 'tracking',
        caption: 'Reklam: min matlåda #samarbete',
        adLabelOk: true,
        nextMilestone: '24h',
        nextReadAt: new Date(Date.now() + DAY_MS),
      })
      .returning();
    await s.db.insert(postReadings).values({
      trackedPostId: post?.id ?? '',
      milestone: '1h',
      readAt: new Date(),
      views: 800,
      likes: 30,
      comments: 2,
      shares: 1,
      brandId: brand.id,
    });
    await s.db.insert(subscribers).values({
      email: 'erase.me@example.se',
      tiktokName: 'eraseme',
      categories: ['food'],
      consentVersion: '2026-11-01',
      consentedAt: new Date(),
      unsubscribeTokenHash: 'hash-erase-me',
    });
    // A second campaign's video awaiting review: the erasure cancels that claim first (ADR 022).
    const waiting = await createClaim(s.db, await createCampaign(s.db, brand.id), creator.id, { status: 'submitted' });
    const [waitingVideo] = await s.db
      .insert(submissions)
      .values({
        claimId: waiting.id,
        url: 'https://www.instagram.com/reel/ERASEME/',
        platform: 'instagram',
        kind: 'reel',
        adLabelConfirmed: new Date(),
      })
      .returning();
    await s.db.insert(trackedPosts).values({
      submissionId: waitingVideo?.id ?? '',
      claimId: waiting.id,
      campaignId: waiting.campaignId,
      creatorId: creator.id,
      brandId: brand.id,
      platform: 'instagram',
      url: 'https://www.instagram.com/reel/ERASEME/',
      status: 'checking',
      // Its check found no ad label: the admins' list shows it until she is erased.
      caption: 'Min matlåda',
      adLabelOk: false,
      adLabel: { ok: false, problems: [{ code: 'advertiser_not_named' }] },
      adLabelCheckedAt: new Date(),
      nextMilestone: 'check',
      nextReadAt: new Date(),
    });
    return {
      creator,
      cookie,
      brandCookie,
      admin,
      claimId: claim.id,
      waitingClaimId: waiting.id,
      withdrawalId,
      avatarKey,
      postId: post?.id ?? '',
    };
  }

  async function ledgerTotal(): Promise<number> {
    const [row] = await queryRows<{ total: string | null }>(
      s.db,
      sql`select coalesce(sum(amount_ore), 0)::text as total from ledger_entries`,
    );
    return Number(row?.total);
  }

  it('erases the account after the due date and not before, keeping bookkeeping and messages', async () => {
    const { creator, cookie, brandCookie, admin, claimId, waitingClaimId, withdrawalId, avatarKey, postId } =
      await busyCreator();
    const flagged = async () =>
      ((await (await call(s, 'GET', '/api/admin/ad-label-flags', admin)).json()) as { data: { url: string }[] }).data;
    expect((await flagged()).map((flag) => flag.url)).toEqual(['https://www.instagram.com/reel/ERASEME/']);
    const requested = await call(s, 'POST', '/api/account/deletion-request', cookie);
    const requestId = ((await requested.json()) as { data: { id: string } }).data.id;
    const ledgerBefore = await s.db.select().from(ledgerEntries).where(eq(ledgerEntries.holderId, creator.id));
    const postsBefore = await s.db
      .select()
      .from(trackedPosts)
      .where(eq(trackedPosts.creatorId, creator.id))
      .orderBy(asc(trackedPosts.createdAt));
    const readingsBefore = await s.db.select().from(postReadings).where(eq(postReadings.trackedPostId, postId));
    const deps = {
      db: s.db,
      mailer: createMailer(s.env, createLogger('silent')),
      env: s.env,
      storage: createStorage(s.env),
    };

    const early = await sweep(deps, new Date(Date.now() + 13 * DAY_MS));

    expect(early.deletionRequestsProcessed).toBe(0);
    expect((await s.db.select().from(users).where(eq(users.id, creator.id)))[0]?.fullName).toBe(creator.fullName);
    expect((await call(s, 'GET', '/api/account/export', cookie)).status).toBe(200);

    const due = await sweep(deps, new Date(Date.now() + 15 * DAY_MS));

    expect(due.deletionRequestsProcessed).toBe(1);
    const [erased] = await s.db.select().from(users).where(eq(users.id, creator.id));
    expect(erased).toMatchObject({
      fullName: 'Deleted user',
      email: `deleted-${creator.id}@deleted.kollab.invalid`,
      passwordHash: null,
      phone: null,
      personalNumberEncrypted: null,
      avatarKey: null,
      emailVerifiedAt: null,
    });
    expect(erased?.suspendedAt).toBeInstanceOf(Date);
    expect(await createStorage(s.env).get(avatarKey)).toBeNull();
    const [profile] = await s.db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, creator.id));
    expect(profile).toMatchObject({ instagramHandle: null, tiktokHandle: null, bio: null });
    for (const table of [paymentMethods, sessions, oauthAccounts, emailTokens] as const) {
      expect(await s.db.select().from(table).where(eq(table.userId, creator.id))).toEqual([]);
    }
    expect(await s.db.select().from(subscribers)).toEqual([]);
    // Her posts are read no more and their addresses and captions go; the brand keeps the numbers it
    // paid for (ADR 022, 033), and every row the payout and the results totals are made of.
    const postsAfter = await s.db
      .select()
      .from(trackedPosts)
      .where(eq(trackedPosts.creatorId, creator.id))
      .orderBy(asc(trackedPosts.createdAt));
    expect(postsAfter).toEqual(
      postsBefore.map((row) => ({
        ...row,
        url: null,
        caption: null,
        status: 'finished',
        nextMilestone: null,
        nextReadAt: null,
        updatedAt: expect.any(Date),
      })),
    );
    expect(postsBefore).toHaveLength(2);
    for (const [index, row] of postsAfter.entries()) {
      expect(row.updatedAt.getTime()).toBeGreaterThan(postsBefore[index]?.updatedAt.getTime() ?? Infinity);
    }
    expect(await s.db.select().from(postReadings).where(eq(postReadings.trackedPostId, postId))).toEqual(
      readingsBefore,
    );
    // Her videos keep platform, kind and dates; the brand's written note, which named her, goes, and
    // the erasure's own reason code stays.
    const videos = (claim: string) =>
      s.db.select().from(submissions).where(eq(submissions.claimId, claim)).orderBy(asc(submissions.createdAt));
    expect(await videos(claimId)).toEqual([
      {
        id: expect.any(String),
        claimId,
        url: null,
        platform: 'tiktok',
        kind: 'video',
        adLabelConfirmed: expect.any(Date),
        reviewNote: null,
        reviewedAt: expect.any(Date),
        createdAt: expect.any(Date),
      },
      {
        id: postsBefore[0]?.submissionId,
        claimId,
        url: null,
        platform: 'tiktok',
        kind: 'video',
        adLabelConfirmed: expect.any(Date),
        reviewNote: null,
        reviewedAt: null,
        createdAt: expect.any(Date),
      },
    ]);
    expect(await videos(waitingClaimId)).toEqual([
      {
        id: postsBefore[1]?.submissionId,
        claimId: waitingClaimId,
        url: null,
        platform: 'instagram',
        kind: 'reel',
        adLabelConfirmed: expect.any(Date),
        reviewNote: 'creator_account_erased',
        reviewedAt: expect.any(Date),
        createdAt: expect.any(Date),
      },
    ]);
    const events = await s.db
      .select({ claimId: claimEvents.claimId, to: claimEvents.toStatus, reason: claimEvents.reason })
      .from(claimEvents)
      .where(inArray(claimEvents.claimId, [claimId, waitingClaimId]))
      .orderBy(asc(claimEvents.createdAt));
    expect(events).toEqual([
      { claimId, to: 'changes_requested', reason: null },
      { claimId, to: 'accepted', reason: null },
      { claimId: waitingClaimId, to: 'cancelled', reason: 'creator_account_erased' },
    ]);
    // What the brand sees: the post and its numbers without the link, and no new check to ask for.
    const seen = await call(s, 'GET', `/api/claims/${claimId}/post`, brandCookie);
    const { data: shown } = (await seen.json()) as { data: Record<string, unknown> };
    expect(shown).toMatchObject({ url: null, caption: null, status: 'finished', nextRead: null });
    expect(shown.readings).toEqual([expect.objectContaining({ milestone: '1h', views: 800 })]);
    await expectError(await call(s, 'POST', `/api/claims/${claimId}/post/check`, brandCookie), 409, {
      code: 'conflict',
      message: 'The post is no longer tracked',
    });
    // Nothing left for the admins to look at or have fixed.
    expect(await flagged()).toEqual([]);
    const detail = await call(s, 'GET', `/api/claims/${claimId}`, brandCookie);
    const { data: claimShown } = (await detail.json()) as { data: { submissions: { url: unknown }[] } };
    expect(claimShown.submissions.map((video) => video.url)).toEqual([null, null]);

    // Bookkeeping stays: the withdrawal row and every ledger entry, still summing to zero.
    expect(await s.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId))).toMatchObject([
      { userId: creator.id, status: 'paid', amountOre: 133_200, paymentMethodMasked: '—', paymentMethodId: null },
    ]);
    expect(await s.db.select().from(ledgerEntries).where(eq(ledgerEntries.holderId, creator.id))).toEqual(ledgerBefore);
    expect(ledgerBefore).toHaveLength(4);
    expect(await ledgerTotal()).toBe(0);

    // No way back in: not with the password, not with the old session.
    for (const email of ['erase.me@example.se', `deleted-${creator.id}@deleted.kollab.invalid`]) {
      const refused = await new TestBrowser(s).signIn(email, PASSWORD);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual(SIGN_IN_REFUSED);
    }
    await expectError(await call(s, 'GET', '/api/account/export', cookie), 401, {
      code: 'unauthorized',
      message: 'Sign in first',
    });

    // The brand still sees the conversation, with the creator's messages from a deleted user.
    const thread = await call(s, 'GET', `/api/conversations/${claimId}/messages`, brandCookie);
    const { data: lines } = (await thread.json()) as { data: { author: unknown; body: string }[] };
    expect(lines.map((line) => [line.body, line.author])).toEqual([
      ['Hej, här är min video', { id: null, name: 'Deleted user', role: 'deleted', image: null }],
      ['Tack, den är godkänd', expect.objectContaining({ name: 'Testbolag AB', role: 'brand' })],
    ]);
    expect(await s.db.select().from(messages).where(eq(messages.authorId, creator.id))).toEqual([]);

    const [request] = await s.db.select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
    expect(request).toMatchObject({ status: 'completed', email: 'erase.me@example.se' });
    const mail = await smtp.waitForMail('erase.me@example.se', (sent) => sent.subject.includes('deleted'));
    expect(mail.subject).toBe('Your data at Kollab has been deleted');
    const audit = await s.db.select().from(auditLog).where(eq(auditLog.entityId, requestId));
    expect(audit.map((row) => [row.action, row.actorRole])).toEqual([
      ['deletion_request.create', 'creator'],
      ['deletion_request.complete', 'system'],
    ]);

    expect((await sweep(deps, new Date(Date.now() + 16 * DAY_MS))).deletionRequestsProcessed).toBe(0);
  });
});

describe('GET /api/account/export', () => {
  async function creatorWithData(name: string, brandCookie: string, campaign: { id: string; payoutOre: number }) {
    const user = await createUser(t.db, { fullName: name, email: `${name.toLowerCase()}@example.se` });
    const cookie = await loginAs(t.db, user);
    const claim = await createClaim(t.db, campaign, user.id);
    expect((await call(t, 'POST', `/api/claims/${claim.id}/approve`, brandCookie, {})).status).toBe(200);
    await call(t, 'POST', `/api/conversations/${claim.id}/messages`, cookie, { body: `Message from ${name}` });
    await call(t, 'POST', '/api/user/payment-methods/add', cookie, { type: 'swish', number: '070-765 43 21' });
    return { user, cookie, claim };
  }

  it("contains the user's own data and nothing of anyone else", async () => {
    const brand: User = await createUser(t.db, { role: 'brand', fullName: 'Brand Person', email: 'bp@example.se' });
    const brandCookie = await loginAs(t.db, brand);
    const campaign = await createCampaign(t.db, brand.id);
    const alice = await creatorWithData('Alice', brandCookie, campaign);
    const bob = await creatorWithData('Bobby', brandCookie, campaign);
    await call(t, 'POST', `/api/conversations/${alice.claim.id}/messages`, brandCookie, { body: 'Brand reply' });

    await t.db.insert(identityVerifications).values({
      userId: alice.user.id,
      method: 'bankid',
      personalNumberHash: 'hash-of-the-number',
      givenName: 'Alice',
      surname: 'Andersson',
      birthDate: '1990-01-15',
      verifiedAt: new Date('2026-11-01T10:00:00Z'),
    });

    const res = await call(t, 'GET', '/api/account/export', alice.cookie);

    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="kollab-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: alice.user.id, email: 'alice@example.se', fullName: 'Alice' });
    expect(data.claims).toHaveLength(1);
    expect(data.claims[0]).toMatchObject({ id: alice.claim.id, status: 'approved' });
    expect(data.claims[0].events.map((event: { toStatus: string; by: string }) => [event.toStatus, event.by])).toEqual([
      ['approved', 'brand'],
    ]);
    expect(data.messages.map((message: { body: string }) => message.body)).toEqual(['Message from Alice']);
    expect(data.paymentMethods).toEqual([
      {
        id: expect.any(String),
        type: 'swish',
        masked: expect.any(String),
        isDefault: true,
        createdAt: expect.any(String),
      },
    ]);
    expect(data.identityVerification).toEqual({
      method: 'bankid',
      givenName: 'Alice',
      surname: 'Andersson',
      birthDate: '1990-01-15',
      verifiedAt: '2026-11-01T10:00:00.000Z',
    });
    expect(data.twoFactor).toEqual({ enabledAt: null, passkeys: [] });
    expect(data.signedAgreements).toEqual([]);
    expect(text).not.toContain('hash-of-the-number');
    for (const key of [
      'creatorProfile',
      'withdrawals',
      'ledgerEntries',
      'subscriptions',
      'deletionRequests',
      'auditEntries',
      'notifications',
      'mailPreferences',
    ]) {
      expect(data).toHaveProperty(key);
    }
    for (const foreign of [
      bob.user.id,
      'Bobby',
      'bobby@example.se',
      brand.id,
      'Brand Person',
      'bp@example.se',
      'Brand reply',
    ]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toMatch(/765 ?43 ?21|passwordHash|TokenHash|detailsEncrypted/);
  });

  /** A submitted post of the claim as post tracking holds it (ADR 033), with the given reads. */
  async function trackedPost(
    claim: { id: string; campaignId: string; creatorId: string },
    brandId: string,
    url: string,
    reads: { milestone: 'check' | '1h' | '24h'; readAt: Date; views: number; typicalViews?: number }[],
  ) {
    const [submission] = await t.db
      .insert(submissions)
      .values({ claimId: claim.id, url, platform: 'tiktok', kind: 'video', adLabelConfirmed: new Date() })
      .returning();
    const [post] = await t.db
      .insert(trackedPosts)
      .values({
        submissionId: submission?.id ?? '',
        claimId: claim.id,
        campaignId: claim.campaignId,
        creatorId: claim.creatorId,
        brandId,
        platform: 'tiktok',
        url,
        status: 'tracking',
        postedAt: new Date('2026-11-20T09:00:00Z'),
        caption: 'Reklam för Testbolag #samarbete',
        adLabelOk: true,
        adLabel: { ok: true, problems: [] },
        adLabelCheckedAt: new Date('2026-11-20T09:05:00Z'),
        nextMilestone: '7d',
        nextReadAt: new Date('2026-11-27T09:00:00Z'),
        createdAt: new Date('2026-11-20T09:01:00Z'),
      })
      .returning();
    for (const read of reads) {
      await t.db.insert(postReadings).values({
        trackedPostId: post?.id ?? '',
        milestone: read.milestone,
        readAt: read.readAt,
        views: read.views,
        likes: 40,
        comments: 3,
        shares: 2,
        typicalViews: read.typicalViews ?? null,
        creditHundredths: read.milestone === 'check' ? 0 : 25,
        rawRequests: read.milestone === 'check' ? 0 : 1,
        brandId,
      });
    }
    return post as NonNullable<typeof post>;
  }

  it("holds the creator's tracked posts with every read, sessions, verified accounts and tax status", async () => {
    const brand = await createUser(t.db, { role: 'brand', fullName: 'Spårbolag Person', email: 'sp@example.se' });
    const brandCookie = await loginAs(t.db, brand);
    const campaign = await createCampaign(t.db, brand.id, { title: 'Vinterkampanj' });
    const carl = await creatorWithData('Carl', brandCookie, campaign);
    const dana = await creatorWithData('Danaa', brandCookie, campaign);
    const post = await trackedPost(carl.claim, brand.id, 'https://www.tiktok.com/@carl/video/111', [
      { milestone: 'check', readAt: new Date('2026-11-20T09:05:00Z'), views: 10 },
      { milestone: '1h', readAt: new Date('2026-11-20T10:00:00Z'), views: 900, typicalViews: 1200 },
      { milestone: '24h', readAt: new Date('2026-11-21T09:00:00Z'), views: 5400, typicalViews: 1200 },
    ]);
    await trackedPost(dana.claim, brand.id, 'https://www.tiktok.com/@danaa/video/222', [
      { milestone: 'check', readAt: new Date('2026-11-20T09:05:00Z'), views: 77 },
    ]);
    await t.db.insert(accountVerifications).values({
      creatorId: carl.user.id,
      platform: 'tiktok',
      handle: 'carl',
      linkedAt: new Date('2026-11-02T08:00:00Z'),
      code: 'KOLLAB-1234',
      verifiedAt: new Date('2026-11-02T08:10:00Z'),
      followers: 4200,
    });
    await t.db.insert(creatorTaxProfiles).values({
      userId: carl.user.id,
      status: 'private',
      birthDate: '1995-04-03',
      updatedAt: new Date('2026-11-03T08:00:00Z'),
    });
    await t.db.insert(moderationCases).values({
      claimId: carl.claim.id,
      openedBy: carl.user.id,
      openedByRole: 'creator',
      reason: 'Otrevlig ton i chatten',
      createdAt: new Date('2026-11-22T10:00:00Z'),
    });
    await t.db
      .update(sessions)
      .set({ userAgent: 'Mozilla/5.0 (iPhone) Safari/605', ipPrefix: '192.0.2.0/24' })
      .where(eq(sessions.userId, carl.user.id));

    const res = await call(t, 'GET', '/api/account/export', carl.cookie);

    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.trackedPosts).toEqual([
      {
        id: post.id,
        claimId: carl.claim.id,
        campaignId: campaign.id,
        campaignTitle: 'Vinterkampanj',
        platform: 'tiktok',
        url: 'https://www.tiktok.com/@carl/video/111',
        status: 'tracking',
        postedAt: '2026-11-20T09:00:00.000Z',
        caption: 'Reklam för Testbolag #samarbete',
        adLabel: { ok: true, problems: [] },
        adLabelCheckedAt: '2026-11-20T09:05:00.000Z',
        nextRead: '7d',
        nextReadAt: '2026-11-27T09:00:00.000Z',
        pausedReason: null,
        disappearedAt: null,
        createdAt: '2026-11-20T09:01:00.000Z',
        readings: [
          {
            milestone: 'check',
            readAt: '2026-11-20T09:05:00.000Z',
            views: 10,
            likes: 40,
            comments: 3,
            shares: 2,
            typicalViews: null,
          },
          {
            milestone: '1h',
            readAt: '2026-11-20T10:00:00.000Z',
            views: 900,
            likes: 40,
            comments: 3,
            shares: 2,
            typicalViews: 1200,
          },
          {
            milestone: '24h',
            readAt: '2026-11-21T09:00:00.000Z',
            views: 5400,
            likes: 40,
            comments: 3,
            shares: 2,
            typicalViews: 1200,
          },
        ],
      },
    ]);
    expect(data.verifiedAccounts).toEqual([
      {
        platform: 'tiktok',
        handle: 'carl',
        linkedAt: '2026-11-02T08:00:00.000Z',
        verifiedAt: '2026-11-02T08:10:00.000Z',
        followers: 4200,
      },
    ]);
    expect(data.taxProfile).toEqual({
      status: 'private',
      orgNumber: null,
      vatRegistered: false,
      birthDate: '1995-04-03',
      updatedAt: '2026-11-03T08:00:00.000Z',
    });
    expect(data.earnings).toEqual([]);
    expect(data.conversationReads).toEqual([
      { claimId: carl.claim.id, lastReadId: expect.any(Number), lastNotifiedAt: null },
    ]);
    expect(data.sessions).toEqual([
      {
        createdAt: expect.any(String),
        authenticatedAt: expect.any(String),
        lastSeenAt: expect.any(String),
        expiresAt: expect.any(String),
        userAgent: 'Mozilla/5.0 (iPhone) Safari/605',
        networkRange: '192.0.2.0/24',
      },
    ]);
    expect(data.moderationReports).toEqual([
      {
        claimId: carl.claim.id,
        reason: 'Otrevlig ton i chatten',
        status: 'open',
        createdAt: '2026-11-22T10:00:00.000Z',
        closedAt: null,
      },
    ]);
    expect(data).toMatchObject({ emailLinks: [], recoveryCodesLeft: 0, bankIdOrders: [], clientLogs: [] });
    expect(data).toMatchObject({ billingAddress: null, payments: [], refunds: [], billingDocuments: [] });
    // The brand's costs of reading the post, the other creator's post and the brand itself stay out.
    for (const foreign of [brand.id, 'Spårbolag', 'danaa', dana.user.id, 'creditHundredths', 'KOLLAB-1234']) {
      expect(text).not.toContain(foreign);
    }
  });

  it("holds a brand's billing address and what its post reads and searches spent, not the creators' posts", async () => {
    const brand = await createUser(t.db, { role: 'brand', fullName: 'Mätbolag Person', email: 'mp@example.se' });
    const brandCookie = await loginAs(t.db, brand);
    const campaign = await createCampaign(t.db, brand.id);
    const erik = await creatorWithData('Erik', brandCookie, campaign);
    await trackedPost(erik.claim, brand.id, 'https://www.tiktok.com/@erik/video/333', [
      { milestone: '1h', readAt: new Date('2026-11-20T10:00:00Z'), views: 900 },
    ]);
    await t.db
      .insert(billingAddresses)
      .values({ userId: brand.id, street: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm' });
    await t.db
      .insert(trackingUsage)
      .values({ brandId: brand.id, month: '2026-11', creditHundredths: 25, rawRequests: 1 });
    await t.db.insert(providerUsage).values({
      userId: brand.id,
      day: '2026-11-19',
      creditHundredths: 150,
      rawRequests: 0,
      requests: 3,
      cacheHits: 1,
    });

    const res = await call(t, 'GET', '/api/account/export', brandCookie);

    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.billingAddress).toEqual({
      street: 'Storgatan 1',
      postalCode: '111 22',
      city: 'Stockholm',
      country: 'SE',
    });
    expect(data.trackingUsage).toEqual([{ month: '2026-11', creditHundredths: 25, rawRequests: 1 }]);
    expect(data.discoveryUsage).toEqual([
      { day: '2026-11-19', creditHundredths: 150, rawRequests: 0, requests: 3, cacheHits: 1 },
    ]);
    // The factory's campaign is funded by a paid invoice payment.
    expect(data.payments).toEqual([
      {
        id: expect.any(String),
        campaignId: campaign.id,
        purpose: 'funding',
        method: 'invoice',
        status: 'paid',
        slots: 10,
        payoutOre: 250_000,
        creatorBudgetOre: 2_500_000,
        feeBasisPoints: 1500,
        feeOre: 375_000,
        vatBasisPoints: 2500,
        vatOre: 93_750,
        creditAppliedOre: 0,
        amountOre: 2_968_750,
        receivedOre: 2_968_750,
        providerPaymentId: null,
        failureCode: null,
        paidAt: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    expect(data).toMatchObject({ refunds: [], billingDocuments: [], trackedPosts: [], taxProfile: null });
    expect(data.campaigns.map((row: { id: string }) => row.id)).toEqual([campaign.id]);
    for (const foreign of [erik.user.id, 'Erik', '@erik']) expect(text).not.toContain(foreign);
  });
  /**
   * Where each table with a foreign key to users appears in the export, or why it does not. A new
   * table holding a user id fails this until it is exported or named here with its reason. (Tables
   * holding a user id without a foreign key: `creator_earnings` → earnings, `balances` and
   * `ledger_entries` → balances and ledgerEntries, `idempotency_keys` → left out: a replay cache.)
   */
  const USER_TABLES: Record<string, string> = {
    account_verifications: 'verifiedAccounts',
    audit_log: 'auditEntries',
    bank_files: 'left out: uploaded by an admin, the uploader is staff',
    bankid_orders: 'bankIdOrders',
    billing_addresses: 'billingAddress',
    billing_documents: 'billingDocuments',
    brand_profiles: 'brandProfile',
    campaigns: 'campaigns',
    claim_agreements: 'signedAgreements',
    claim_events: 'claims',
    claims: 'claims',
    client_logs: 'clientLogs',
    conversation_reads: 'conversationReads',
    creator_profiles: 'creatorProfile',
    creator_tax_profiles: 'taxProfile',
    deletion_requests: 'deletionRequests',
    email_tokens: 'emailLinks',
    identity_verifications: 'identityVerification',
    invitations: 'invitations',
    mail_opt_outs: 'mailPreferences',
    messages: 'messages',
    moderation_cases: 'moderationReports',
    notifications: 'notifications',
    oauth_accounts: 'signInProviders',
    passkey_registrations: 'left out: a five-minute WebAuthn challenge, nothing about the person',
    passkeys: 'twoFactor',
    payment_methods: 'paymentMethods',
    payment_refunds: 'refunds',
    payments: 'payments',
    payout_answer_files: 'left out: uploaded by an admin, the uploader is staff',
    payout_batches: 'left out: made by an admin, the maker is staff',
    post_readings: 'trackedPosts',
    provider_usage: 'discoveryUsage',
    ratings: 'ratings',
    recovery_codes: 'recoveryCodesLeft',
    sessions: 'sessions',
    sign_in_challenges: 'left out: a minutes-long second-factor step holding only a path',
    totp_credentials: 'twoFactor',
    tracked_posts: 'trackedPosts',
    tracking_usage: 'trackingUsage',
    withdrawals: 'withdrawals',
  };

  it('covers every table that holds a user id', async () => {
    const rows = await queryRows<{ name: string }>(
      t.db,
      sql`select distinct conrelid::regclass::text as name from pg_constraint
           where contype = 'f' and confrelid = 'users'::regclass order by 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(Object.keys(USER_TABLES).sort());

    const user = await createUser(t.db);
    const res = await call(t, 'GET', '/api/account/export', await loginAs(t.db, user));
    const data = (await res.json()) as Record<string, unknown>;
    const sections = Object.values(USER_TABLES).filter((where) => !where.startsWith('left out'));
    expect(sections.filter((key) => !(key in data))).toEqual([]);
  });
});
