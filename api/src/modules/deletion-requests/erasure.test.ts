import { stockholmDate } from '@kollab/contract/stockholm-date';
import { queryRows } from '@kollab/db';
import {
  auditLog,
  balances,
  brandProfiles,
  type Campaign,
  type Claim,
  campaigns,
  claimEvents,
  claims,
  creatorTaxProfiles,
  deletionRequests,
  idempotencyKeys,
  invitations,
  postings,
  type User,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBrandProfile,
  createCampaign,
  createClaim,
  createInvitation,
  createUser,
} from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { type ReceivedMail, startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sweep } from '../../jobs/scheduler.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { toDeletionRequestView } from '../admin/privacy.service.ts';
import { creditAcceptedClaim } from '../ledger/escrow.ts';

// ADR 022: erasing an account settles its money and work first. Every path over HTTP, on one
// database per file; the review hold on new payout methods is off so an admin can pay at once.
let t: TestApp;
let smtp: TestSmtp;
let admin: User;
let adminCookie: string;
let sequence = 0;
const DAY_MS = 24 * 60 * 60 * 1000;
// PayPal: the payout method an admin marks paid by hand (bank, IBAN and Swish go through the payout rails, ADR 029).
const PAYPAL = { type: 'paypal', masked: 'PayPal e•••@example.se' } as const;
const KEPT_UNTIL = `${stockholmDate(new Date()).year + 7}-12-31`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, PAYOUT_METHOD_HOLD_HOURS: '0' } });
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await loginAs(t.db, admin);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function call(method: string, path: string, cookie?: string, body?: unknown, extra: Record<string, string> = {}) {
  return t.app.request(path, {
    method,
    headers: { ...jsonHeaders(cookie), ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function json<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const body = await res.json();
  expect({ status: res.status, body }).toMatchObject({ status });
  return body as T;
}

type Signed = { user: User; cookie: string };

async function signedIn(role: User['role']): Promise<Signed> {
  sequence += 1;
  const user = await createUser(t.db, { role, email: `erasure-${role}-${sequence}@example.se`, locale: 'en' });
  if (role === 'brand') await createBrandProfile(t.db, user.id);
  return { user, cookie: await loginAs(t.db, user) };
}

/** A creator whose content worth `amountOre` was accepted by a brand, over HTTP. */
async function creatorEarning(amountOre: number, options: { paypal?: boolean } = {}): Promise<Signed> {
  const creator = await signedIn('creator');
  // Invoicing with F-skatt, the creator's balance is the whole payout (ADR 028): the figures below are the payout's.
  await t.db.insert(creatorTaxProfiles).values({ userId: creator.user.id, status: 'f_tax', orgNumber: '559012-3450' });
  const brand = await signedIn('brand');
  const campaign = await createCampaign(t.db, brand.user.id, { payoutOre: amountOre, budgetOre: amountOre * 10 });
  const claim = await createClaim(t.db, campaign, creator.user.id, { status: 'submitted' });
  await json(await call('POST', `/api/claims/${claim.id}/accept`, brand.cookie, {}), 200);
  if (options.paypal) await addPaypal(creator);
  return creator;
}

async function addPaypal(creator: Signed): Promise<string> {
  const res = await call('POST', '/api/user/payment-methods/add', creator.cookie, {
    type: 'paypal',
    email: 'erasure@example.se',
  });
  return (await json<{ data: { id: string } }>(res, 201)).data.id;
}

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

async function withdraw(creator: Signed, amountOre: number, paymentMethodId: string): Promise<string> {
  const res = await call('POST', '/api/withdrawals', creator.cookie, { amountOre, paymentMethodId }, key());
  return (await json<{ data: { id: string } }>(res, 201)).data.id;
}

async function pay(withdrawalId: string, reference: string) {
  await json(await call('POST', `/api/admin/withdrawals/${withdrawalId}/pay`, adminCookie, { reference }, key()), 200);
}

async function reject(withdrawalId: string, reason: string) {
  await json(await call('POST', `/api/admin/withdrawals/${withdrawalId}/reject`, adminCookie, { reason }, key()), 200);
}

async function requestDeletion(who: Signed): Promise<string> {
  const res = await call('POST', '/api/account/deletion-request', who.cookie);
  return (await json<{ data: { id: string } }>(res, 202)).data.id;
}

const process = (requestId: string) => call('POST', `/api/admin/deletion-requests/${requestId}/process`, adminCookie);

async function plan(who: Signed) {
  return (await json<{ data: unknown }>(await call('GET', '/api/account/deletion-request/plan', who.cookie), 200)).data;
}

/** The request as the admin API shows it, read from the database. */
async function requestView(requestId: string) {
  const [row] = await t.db.select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
  if (!row) throw new Error(`no request ${requestId}`);
  return toDeletionRequestView(row);
}

async function withdrawalsOf(userId: string) {
  return t.db
    .select({
      amountOre: withdrawals.amountOre,
      status: withdrawals.status,
      paymentMethodMasked: withdrawals.paymentMethodMasked,
      reason: withdrawals.reason,
      reference: withdrawals.reference,
      deletionRequestId: withdrawals.deletionRequestId,
    })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(asc(withdrawals.createdAt));
}

async function balancesOf(userId: string) {
  const rows = await t.db.select().from(balances).where(eq(balances.holderId, userId));
  const of = (account: string) => rows.find((row) => row.account === account)?.amountOre ?? 0;
  return { available: of('creator_available'), pending: of('creator_pending') };
}

const postingCount = async () => (await t.db.select({ id: postings.id }).from(postings)).length;

/** tests/crash/verify.ts's ledger invariants, over the whole database. */
async function expectLedgerBalanced() {
  const unbalanced = await queryRows(
    t.db,
    sql`select p.reference from postings p left join ledger_entries e on e.posting_id = p.id
         group by p.id, p.reference having count(e.id) = 0 or coalesce(sum(e.amount_ore), 0) <> 0`,
  );
  const drifted = await queryRows(
    t.db,
    sql`select coalesce(b.holder_id, l.holder_id) as holder from balances b
          full join (select holder_id, account, sum(amount_ore) as total from ledger_entries group by holder_id, account) l
            on l.holder_id = b.holder_id and l.account = b.account
         where coalesce(b.amount_ore, 0) <> coalesce(l.total, 0)`,
  );
  const negative = await queryRows(
    t.db,
    sql`select holder_id from balances where account in ('creator_available', 'creator_pending') and amount_ore < 0`,
  );
  const [total] = await queryRows<{ total: string }>(
    t.db,
    sql`select coalesce(sum(amount_ore), 0)::text as total from ledger_entries`,
  );
  expect({ unbalanced, drifted, negative, total: Number(total?.total) }).toEqual({
    unbalanced: [],
    drifted: [],
    negative: [],
    total: 0,
  });
}

/** The mails with `subject` to `email`, once the queued mail has gone out. */
async function mailsTo(email: string, subject: string): Promise<ReceivedMail[]> {
  await t.settle();
  return smtp.messages.filter((mail) => mail.to === email && mail.subject === subject);
}

const HELD_SUBJECT = 'We settle your money before we delete your data';
const DONE_SUBJECT = 'Your data at Kollab has been deleted';

async function expectErased(user: User) {
  const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
  expect(row).toMatchObject({ fullName: 'Deleted user', email: `deleted-${user.id}@deleted.kollab.invalid` });
  await smtp.waitForMail(user.email, (mail) => mail.subject === DONE_SUBJECT);
}

describe('a creator with a balance and a payout method', () => {
  it('is told first, paid the whole balance through a withdrawal, and erased once it is paid', async () => {
    const creator = await creatorEarning(250_000, { paypal: true });

    expect(await plan(creator)).toEqual({
      role: 'creator',
      money: {
        availableOre: 250_000,
        pendingWithdrawals: { count: 0, amountOre: 0 },
        remainingBalance: 'paid_out',
        payoutMethod: PAYPAL,
      },
      work: {
        claimsCancelled: 0,
        submissionsAccepted: 0,
        campaignsEnded: 0,
        creatorsNotified: 0,
        invitationsClosed: 0,
      },
      bookkeepingKeptUntil: KEPT_UNTIL,
    });
    const requestId = await requestDeletion(creator);
    const postingsBefore = await postingCount();

    // Processed twice at once, and by the scheduler: one payout, one posting, one mail.
    const answers = await Promise.all([process(requestId), process(requestId)]);
    const due = await sweep(deps(), new Date(Date.now() + 15 * DAY_MS));

    expect(answers.map((res) => res.status)).toEqual([202, 202]);
    const held = { ...(await requestView(requestId)), heldReason: 'withdrawals_pending' };
    for (const res of answers) expect(await res.json()).toEqual({ data: held });
    expect(due.deletionRequestsProcessed).toBe(0);
    expect(await withdrawalsOf(creator.user.id)).toEqual([
      {
        amountOre: 250_000,
        status: 'requested',
        paymentMethodMasked: PAYPAL.masked,
        reason: null,
        reference: null,
        deletionRequestId: requestId,
      },
    ]);
    expect(await balancesOf(creator.user.id)).toEqual({ available: 0, pending: 250_000 });
    expect(await postingCount()).toBe(postingsBefore + 1);
    const told = await mailsTo(creator.user.email, HELD_SUBJECT);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toBe(
      'Your deletion request is being processed. First we pay out what you have left: SEK\u00a02,500.00 to PayPal e•••@example.se. Once the payout is made, we delete your data and let you know.\n',
    );
    const [account] = await t.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(account?.email).toBe(creator.user.email);
    await expectLedgerBalanced();

    // Like every withdrawal, it has its Idempotency-Key row (one per request and payout method).
    const [payout] = await t.db.select().from(withdrawals).where(eq(withdrawals.deletionRequestId, requestId));
    const keys = await t.db
      .select({ key: idempotencyKeys.key, status: idempotencyKeys.responseStatus, body: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, creator.user.id));
    expect(keys).toEqual([
      {
        key: `erasure:${requestId}:${payout?.paymentMethodId}`,
        status: 201,
        body: { data: expect.objectContaining({ id: payout?.id, amountOre: 250_000, status: 'requested' }) },
      },
    ]);
    await pay(payout?.id ?? '', 'PAYPAL-ERASE-1');
    const done = await process(requestId);

    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({
      data: {
        ...(await requestView(requestId)),
        status: 'completed',
        heldReason: null,
        bookkeepingKeptUntil: KEPT_UNTIL,
      },
    });
    await expectErased(creator.user);
    // The payout stays for the bookkeeping: amount, status, dates and the bank's reference, no payment details.
    expect(await withdrawalsOf(creator.user.id)).toEqual([
      {
        amountOre: 250_000,
        status: 'paid',
        paymentMethodMasked: '—',
        reason: null,
        reference: 'PAYPAL-ERASE-1',
        deletionRequestId: requestId,
      },
    ]);
    expect(await balancesOf(creator.user.id)).toEqual({ available: 0, pending: 0 });
    await expectLedgerBalanced();
    const again = await process(requestId);
    expect(again.status).toBe(409);
    expect(await postingCount()).toBe(postingsBefore + 2);
  });
});

describe('a creator with a balance and no payout method', () => {
  it('is held until the balance is withdrawn; a returned payout is not made again to the same method', async () => {
    const creator = await creatorEarning(180_000);

    expect(await plan(creator)).toMatchObject({
      money: {
        availableOre: 180_000,
        pendingWithdrawals: { count: 0, amountOre: 0 },
        remainingBalance: 'held',
        payoutMethod: null,
      },
    });
    const requestId = await requestDeletion(creator);

    const first = await process(requestId);
    await process(requestId);

    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ data: { status: 'pending', heldReason: 'balance_held' } });
    expect(await withdrawalsOf(creator.user.id)).toEqual([]);
    expect((await mailsTo(creator.user.email, HELD_SUBJECT)).map((mail) => mail.text)).toEqual([
      'Your deletion request is being processed, but you have SEK\u00a01,800.00 left in Kollab and no payout method for us to pay it to. Sign in and add one – we then pay out the whole balance – or withdraw it yourself. We delete your data once the balance is zero. If you would rather keep your account, withdraw the request under Manage account.\n',
    ]);

    // She adds PayPal: the next run pays the whole balance there.
    const methodId = await addPaypal(creator);
    expect(await plan(creator)).toMatchObject({ money: { remainingBalance: 'paid_out', payoutMethod: PAYPAL } });
    expect(await (await process(requestId)).json()).toMatchObject({ data: { heldReason: 'withdrawals_pending' } });
    const [payout] = await t.db.select().from(withdrawals).where(eq(withdrawals.deletionRequestId, requestId));
    expect(payout).toMatchObject({ amountOre: 180_000, paymentMethodId: methodId, status: 'requested' });

    // The bank returns it: the money is back, held, and not sent to that number again.
    await reject(payout?.id ?? '', 'PayPal-kontot är stängt');
    expect(await plan(creator)).toMatchObject({ money: { remainingBalance: 'held', payoutMethod: null } });
    expect(await (await process(requestId)).json()).toMatchObject({ data: { heldReason: 'balance_held' } });
    expect(await (await process(requestId)).json()).toMatchObject({ data: { heldReason: 'balance_held' } });
    expect(await withdrawalsOf(creator.user.id)).toHaveLength(1);
    expect(await mailsTo(creator.user.email, HELD_SUBJECT)).toHaveLength(3);
    expect(await balancesOf(creator.user.id)).toEqual({ available: 180_000, pending: 0 });

    // She withdraws it herself; once paid, the scheduler erases the account.
    const own = await withdraw(creator, 180_000, methodId);
    expect(await (await process(requestId)).json()).toMatchObject({ data: { heldReason: 'withdrawals_pending' } });
    await pay(own, 'PAYPAL-OWN-2');
    const due = await sweep(deps(), new Date(Date.now() + 15 * DAY_MS));

    expect(due.deletionRequestsProcessed).toBe(1);
    expect(await requestView(requestId)).toMatchObject({ status: 'completed', heldReason: null });
    await expectErased(creator.user);
    expect(await withdrawalsOf(creator.user.id)).toEqual([
      {
        amountOre: 180_000,
        status: 'rejected',
        paymentMethodMasked: '—',
        reason: null,
        reference: null,
        deletionRequestId: requestId,
      },
      {
        amountOre: 180_000,
        status: 'paid',
        paymentMethodMasked: '—',
        reason: null,
        reference: 'PAYPAL-OWN-2',
        deletionRequestId: null,
      },
    ]);
    // Audit entries keep amounts, statuses and references, not the words that named the number.
    const audit = await t.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'withdrawal'),
          inArray(
            auditLog.entityId,
            (await t.db.select().from(withdrawals).where(eq(withdrawals.userId, creator.user.id))).map((w) => w.id),
          ),
        ),
      )
      .orderBy(asc(auditLog.createdAt));
    expect(audit).toEqual([
      { action: 'withdrawal.request', details: { amountOre: 180_000, deletionRequestId: requestId } },
      { action: 'withdrawal.rejected', details: { status: 'rejected', anonymised: true } },
      { action: 'withdrawal.request', details: { amountOre: 180_000 } },
      { action: 'withdrawal.paid', details: { status: 'paid', reference: 'PAYPAL-OWN-2' } },
    ]);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain('070-123 45 67');
    await expectLedgerBalanced();
  });
});

describe('a creator with a pending withdrawal', () => {
  it('waits for it to be paid or returned, then pays out the rest', async () => {
    const creator = await creatorEarning(300_000);
    const methodId = await addPaypal(creator);
    const pending = await withdraw(creator, 120_000, methodId);

    expect(await plan(creator)).toMatchObject({
      money: {
        availableOre: 180_000,
        pendingWithdrawals: { count: 1, amountOre: 120_000 },
        remainingBalance: 'paid_out',
        payoutMethod: PAYPAL,
      },
    });
    const requestId = await requestDeletion(creator);

    expect(await (await process(requestId)).json()).toMatchObject({ data: { heldReason: 'withdrawals_pending' } });
    expect(await withdrawalsOf(creator.user.id)).toHaveLength(1);
    expect((await mailsTo(creator.user.email, HELD_SUBJECT)).map((mail) => mail.text)).toEqual([
      'Your deletion request is being processed. First we pay out what you have left. Once the payout is made, we delete your data and let you know.\n',
    ]);

    await reject(pending, 'Fel belopp');
    const res = await process(requestId);

    expect(await res.json()).toMatchObject({ data: { heldReason: 'withdrawals_pending' } });
    expect((await withdrawalsOf(creator.user.id)).map((w) => [w.amountOre, w.status, w.deletionRequestId])).toEqual([
      [120_000, 'rejected', null],
      [300_000, 'requested', requestId],
    ]);
    expect(await balancesOf(creator.user.id)).toEqual({ available: 0, pending: 300_000 });

    const [payout] = await t.db.select().from(withdrawals).where(eq(withdrawals.deletionRequestId, requestId));
    await pay(payout?.id ?? '', 'PAYPAL-REST-3');
    expect((await process(requestId)).status).toBe(200);
    await expectErased(creator.user);
    expect(await balancesOf(creator.user.id)).toEqual({ available: 0, pending: 0 });
    await expectLedgerBalanced();
  });
});

async function claimState(claimId: string) {
  const [claim] = await t.db.select().from(claims).where(eq(claims.id, claimId));
  const events = await t.db
    .select({
      fromStatus: claimEvents.fromStatus,
      toStatus: claimEvents.toStatus,
      actorRole: claimEvents.actorRole,
      reason: claimEvents.reason,
    })
    .from(claimEvents)
    .where(eq(claimEvents.claimId, claimId));
  return { status: claim?.status, events };
}

const slotsOf = async (campaign: Campaign) =>
  (await t.db.select({ slotsTaken: campaigns.slotsTaken }).from(campaigns).where(eq(campaigns.id, campaign.id)))[0]
    ?.slotsTaken;

describe('a creator mid-claim', () => {
  it('has every undecided claim cancelled through the state machine, slots freed and brands told', async () => {
    const creator = await signedIn('creator');
    const brand = await signedIn('brand');
    const campaign = await createCampaign(t.db, brand.user.id, { title: 'Höstkampanj' });
    const other = await createCampaign(t.db, brand.user.id, { title: 'Vinterkampanj' });
    const third = await createCampaign(t.db, brand.user.id);
    const fourth = await createCampaign(t.db, brand.user.id);
    const approved = await createClaim(t.db, campaign, creator.user.id, { status: 'approved' });
    const submitted = await createClaim(t.db, other, creator.user.id, { status: 'submitted' });
    const revising = await createClaim(t.db, third, creator.user.id, { status: 'changes_requested' });
    const pending = await createClaim(t.db, fourth, creator.user.id);
    const invitation = await createInvitation(t.db, (await createCampaign(t.db, brand.user.id)).id, creator.user.id);

    expect(await plan(creator)).toEqual({
      role: 'creator',
      money: {
        availableOre: 0,
        pendingWithdrawals: { count: 0, amountOre: 0 },
        remainingBalance: 'none',
        payoutMethod: null,
      },
      work: {
        claimsCancelled: 4,
        submissionsAccepted: 0,
        campaignsEnded: 0,
        creatorsNotified: 0,
        invitationsClosed: 1,
      },
      bookkeepingKeptUntil: KEPT_UNTIL,
    });
    const requestId = await requestDeletion(creator);

    expect((await process(requestId)).status).toBe(200);

    for (const [claim, from] of [
      [approved, 'approved'],
      [submitted, 'submitted'],
      [revising, 'changes_requested'],
      [pending, 'pending'],
    ] as const) {
      expect(await claimState(claim.id)).toEqual({
        status: 'cancelled',
        events: [{ fromStatus: from, toStatus: 'cancelled', actorRole: 'admin', reason: 'creator_account_erased' }],
      });
    }
    for (const row of [campaign, other, third, fourth]) expect(await slotsOf(row)).toBe(0);
    const [closed] = await t.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(closed?.status).toBe('expired');
    const told = await mailsTo(brand.user.email, 'A creator has closed their account');
    expect(told).toHaveLength(4);
    expect(told.map((mail) => mail.text)).toContain(
      `Hi ${brand.user.fullName},\n\nA creator with a claim on "Höstkampanj" has closed their Kollab account. The claim is cancelled and its slot is free again.\n\nhttp://localhost:3000/app/claims/${approved.id}\n\n– Kollab\n`,
    );
    await expectErased(creator.user);
    await expectLedgerBalanced();
  });
});

describe('a brand with a live campaign and creators mid-work', () => {
  it('ends its campaigns, closes claims through the state machine, pays what was delivered and tells the creators', async () => {
    const brand = await signedIn('brand');
    const creators = await Promise.all(Array.from({ length: 7 }, () => signedIn('creator')));
    const [a, b, c, d, e, f, g] = creators.map((creator) => creator.user) as [User, User, User, User, User, User, User];
    const live = await createCampaign(t.db, brand.user.id, { title: 'Sommarlansering', payoutOre: 150_000 });
    const paused = await createCampaign(t.db, brand.user.id, { status: 'paused', payoutOre: 90_000 });
    const draft = await createCampaign(t.db, brand.user.id, { status: 'draft' });
    // A brand's own cancel leaves claims that hold a slot in place: the erasure closes them too.
    const cancelled = await createCampaign(t.db, brand.user.id, { status: 'cancelled' });
    const claimOf: Record<string, Claim> = {
      a: await createClaim(t.db, live, a.id),
      b: await createClaim(t.db, live, b.id, { status: 'approved' }),
      c: await createClaim(t.db, live, c.id, { status: 'submitted' }),
      d: await createClaim(t.db, live, d.id, { status: 'changes_requested' }),
      e: await createClaim(t.db, live, e.id, { status: 'accepted', acceptedAt: new Date() }),
      f: await createClaim(t.db, paused, f.id, { status: 'submitted' }),
      g: await createClaim(t.db, cancelled, g.id, { status: 'approved' }),
    };
    await t.db.transaction((tx) => creditAcceptedClaim(tx, claimOf.e as Claim));
    const invited = await createInvitation(t.db, live.id, (await signedIn('creator')).user.id);

    expect(await plan(brand)).toEqual({
      role: 'brand',
      money: {
        availableOre: 0,
        pendingWithdrawals: { count: 0, amountOre: 0 },
        remainingBalance: 'none',
        payoutMethod: null,
      },
      work: {
        claimsCancelled: 4,
        submissionsAccepted: 2,
        campaignsEnded: 3,
        creatorsNotified: 6,
        invitationsClosed: 1,
      },
      bookkeepingKeptUntil: KEPT_UNTIL,
    });
    const requestId = await requestDeletion(brand);
    const postingsBefore = await postingCount();

    const answers = await Promise.all([process(requestId), process(requestId)]);

    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    for (const row of [live, paused, draft, cancelled]) {
      const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, row.id));
      expect(campaign?.status).toBe('cancelled');
    }
    const erased = { actorRole: 'admin', reason: 'brand_account_erased' };
    expect(await claimState(claimOf.a?.id ?? '')).toEqual({
      status: 'cancelled',
      events: [{ fromStatus: 'pending', toStatus: 'cancelled', ...erased }],
    });
    for (const [name, from] of [
      ['b', 'approved'],
      ['d', 'changes_requested'],
      ['g', 'approved'],
    ] as const) {
      expect(await claimState(claimOf[name]?.id ?? '')).toEqual({
        status: 'cancelled',
        events: [{ fromStatus: from, toStatus: 'cancelled', ...erased }],
      });
    }
    for (const name of ['c', 'f'] as const) {
      expect(await claimState(claimOf[name]?.id ?? '')).toEqual({
        status: 'accepted',
        events: [{ fromStatus: 'submitted', toStatus: 'accepted', ...erased }],
      });
    }
    expect((await claimState(claimOf.e?.id ?? '')).status).toBe('accepted');
    expect([await slotsOf(live), await slotsOf(paused), await slotsOf(draft), await slotsOf(cancelled)]).toEqual([
      2, 1, 0, 0,
    ]);
    const [invitation] = await t.db.select().from(invitations).where(eq(invitations.id, invited.id));
    expect(invitation?.status).toBe('expired');

    // Delivered work is paid once (c, f); the reservations of the cancelled claims (b, d, g) are
    // released, and the unused escrow of the two funded campaigns it cancelled returns to the brand.
    expect(await postingCount()).toBe(postingsBefore + 7);
    // The creators are private persons (ADR 028): of 1 500 kr, 359 kr employer contributions and
    // 342 kr tax are owed to Skatteverket, 799 kr is theirs; 900 kr stays under the yearly threshold.
    expect(await balancesOf(c.id)).toEqual({ available: 79_900, pending: 0 });
    expect(await balancesOf(f.id)).toEqual({ available: 90_000, pending: 0 });
    expect(await balancesOf(e.id)).toEqual({ available: 79_900, pending: 0 });
    for (const creator of [a, b, d, g]) expect(await balancesOf(creator.id)).toEqual({ available: 0, pending: 0 });
    await expectLedgerBalanced();

    for (const creator of [a, b, d, g]) {
      expect(await mailsTo(creator.email, 'The campaign has ended')).toHaveLength(1);
    }
    expect((await mailsTo(b.email, 'The campaign has ended'))[0]?.text).toBe(
      `Hi ${b.fullName},\n\nThe brand behind "Sommarlansering" has closed its Kollab account, so the campaign has ended and your claim is closed. Payouts already in your balance are yours.\n\nhttp://localhost:3000/app/claims/${claimOf.b?.id}\n\n– Kollab\n`,
    );
    for (const creator of [c, f]) {
      expect(await mailsTo(creator.email, 'Your content was accepted')).toHaveLength(1);
    }
    expect(await mailsTo(e.email, 'Your content was accepted')).toEqual([]);

    await expectErased(brand.user);
    const [profile] = await t.db.select().from(brandProfiles).where(eq(brandProfiles.userId, brand.user.id));
    expect(profile?.companyName).toBe('Deleted user');
    const cancels = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.cancel'), eq(auditLog.entityId, live.id)));
    expect(cancels).toEqual([{ details: { reason: 'brand_account_erased' } }]);
  });
});

describe('the plans', () => {
  it("an admin sees the plan of a request's account, and null for an address without one", async () => {
    const creator = await creatorEarning(50_000, { paypal: true });
    const requestId = await requestDeletion(creator);
    const res = await call('GET', `/api/admin/deletion-requests/${requestId}/plan`, adminCookie);

    expect(await json(res, 200)).toEqual({ data: await plan(creator) });
    expect(await plan(creator)).toMatchObject({ money: { availableOre: 50_000, remainingBalance: 'paid_out' } });

    await call(
      'POST',
      '/api/deletion-requests',
      undefined,
      { email: 'nobody-here@example.se' },
      { 'X-Forwarded-For': '10.44.0.1' },
    );
    const [publicRequest] = await t.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.email, 'nobody-here@example.se'));
    const none = await call('GET', `/api/admin/deletion-requests/${publicRequest?.id}/plan`, adminCookie);
    expect(await json(none, 200)).toEqual({ data: null });
    const missing = await call('GET', '/api/admin/deletion-requests/nope/plan', adminCookie);
    expect(await json(missing, 404)).toEqual({
      error: {
        code: 'not_found',
        message: 'Deletion request not found',
        requestId: missing.headers.get('x-request-id'),
      },
    });
  });
});

function deps() {
  return { db: t.db, mailer: createMailer(t.env, createLogger('silent')), env: t.env };
}
