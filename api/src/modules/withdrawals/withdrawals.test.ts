import { queryRows } from '@kollab/db';
import { balances, idempotencyKeys, ledgerEntries, postings, withdrawals } from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, creditCreator } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { IDEMPOTENCY_KEY_KEPT_MS } from '../../lib/idempotency.ts';
import { purgeExpiredCredentials } from '../auth/expired-credentials.ts';
import { post } from '../ledger/ledger.service.ts';

let t: TestApp;
let smtp: TestSmtp;

// The review hold on new payout methods is tested in account-security.test.ts; here it is off.
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ settings: { SMTP_URL: smtp.url, PAYOUT_METHOD_HOLD_HOURS: '0' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let claimSequence = 0;
/** Gives a creator earnings as if a claim paying `amountOre` was accepted. */
async function earn(creatorId: string, amountOre: number): Promise<void> {
  claimSequence += 1;
  await creditCreator(t.db, { id: `test-claim-${claimSequence}-${creatorId}`, creatorId, payoutOre: amountOre });
}

const SWISH = { type: 'swish', number: '070-123 45 67' };
const PAYPAL = { type: 'paypal', email: 'creator@example.se' };

async function creatorWithSwish(options: { locale?: 'sv' | 'en'; method?: typeof SWISH | typeof PAYPAL } = {}) {
  const user = await createUser(t.db, { role: 'creator', locale: options.locale });
  const cookie = await loginAs(t.db, user);
  const res = await t.app.request('/api/user/payment-methods/add', {
    method: 'POST',
    headers: jsonHeaders(cookie),
    body: JSON.stringify(options.method ?? SWISH),
  });
  const { data } = (await res.json()) as { data: { id: string } };
  return { user, cookie, methodId: data.id };
}

function withdraw(cookie: string, body: unknown, key: string | null = crypto.randomUUID()) {
  return t.app.request('/api/withdrawals', {
    method: 'POST',
    headers: { ...jsonHeaders(cookie), ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
}

async function ledgerTotal(): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    t.db,
    sql`select sum(amount_ore)::text as total from ledger_entries`,
  );
  return Number(row?.total ?? 0);
}

async function balance(holderId: string, account: 'creator_available' | 'creator_pending'): Promise<number> {
  const rows = await t.db
    .select()
    .from(balances)
    .where(sql`${balances.holderId} = ${holderId} and ${balances.account} = ${account}`);
  return rows[0]?.amountOre ?? 0;
}

/** The credential purge (ADR 021) run `offsetMs` from now; idempotency keys go a day after their request. */
const purgeAt = (offsetMs: number) => purgeExpiredCredentials(t.db, new Date(Date.now() + offsetMs));

async function keysOf(userId: string): Promise<string[]> {
  const rows = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  return rows.map((row) => row.key);
}

describe('earnings', () => {
  it('shows available, pending and paid-out money with every entry', async () => {
    const { user, cookie } = await creatorWithSwish();
    await earn(user.id, 150_000);
    const res = await t.app.request('/api/earnings', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { availableOre: 150_000, pendingOre: 0, paidOutOre: 0, minimumWithdrawalOre: 10_000, entries: [] },
    });
  });

  it('is for creators only', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const res = await t.app.request('/api/earnings', { headers: { Cookie: await loginAs(t.db, brand) } });
    expect(res.status).toBe(403);
    expect((await t.app.request('/api/earnings')).status).toBe(401);
  });
});

describe('POST /api/withdrawals', () => {
  it('moves the amount to pending payout, records the request and mails the creator', async () => {
    const { user, cookie, methodId } = await creatorWithSwish({ locale: 'sv' });
    await earn(user.id, 50_000);
    const res = await withdraw(cookie, { amountOre: 20_000, paymentMethodId: methodId });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      data: {
        id: expect.any(String),
        amountOre: 20_000,
        paymentMethodType: 'swish',
        paymentMethodMasked: 'Swish •••• 4567',
        status: 'requested',
        reason: null,
        reference: null,
        createdAt: expect.any(String),
        settledAt: null,
        heldUntil: null,
      },
    });
    expect(await balance(user.id, 'creator_available')).toBe(30_000);
    expect(await balance(user.id, 'creator_pending')).toBe(20_000);
    // Mail is queued (ADR 031): the notice about the new payout method may arrive after this one.
    const mail = await smtp.waitForMail(user.email, (sent) => sent.subject === 'Vi har tagit emot din uttagsbegäran');
    expect(mail.text).toContain('200,00\u00a0kr');
    expect(await ledgerTotal()).toBe(0);
  });

  it.each([
    ['below the minimum', { amountOre: 9_999 }, { amountOre: ['below_minimum'] }, 'The minimum withdrawal is 100 SEK'],
    [
      'more than available',
      { amountOre: 60_000 },
      { amountOre: ['insufficient_funds'] },
      'Not enough money in the balance',
    ],
    [
      'to someone else’s method',
      { paymentMethodId: 'not-mine' },
      { paymentMethodId: ['not_found'] },
      'Payment method not found',
    ],
  ])('refuses a withdrawal %s with 422 and moves nothing', async (_name, change, fields, message) => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 50_000);
    const res = await withdraw(cookie, { amountOre: 20_000, paymentMethodId: methodId, ...change });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: 'validation_failed', message, fields, requestId: res.headers.get('x-request-id') },
    });
    expect(await balance(user.id, 'creator_available')).toBe(50_000);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toEqual([]);
  });

  it('needs an Idempotency-Key', async () => {
    const { cookie, methodId } = await creatorWithSwish();
    const res = await withdraw(cookie, { amountOre: 10_000, paymentMethodId: methodId }, null);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'bad_request',
        message: 'An Idempotency-Key header (1–200 visible characters) is required',
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('answers a replay with the first result and withdraws once', async () => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 50_000);
    const body = { amountOre: 10_000, paymentMethodId: methodId };
    const first = await withdraw(cookie, body, 'replay-key-1');
    const second = await withdraw(cookie, body, 'replay-key-1');
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
    expect(await balance(user.id, 'creator_available')).toBe(40_000);
  });

  it('answers concurrent replays of one key with one withdrawal', async () => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 50_000);
    const body = { amountOre: 10_000, paymentMethodId: methodId };
    const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(cookie, body, 'concurrent-key')));
    const bodies = await Promise.all(responses.map((res) => res.json()));
    expect(responses.map((res) => res.status)).toEqual(Array(10).fill(201));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(1);
  });

  it('answers a replay within a day; sent again after the purge the key is a new request, checked like any other', async () => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 25_000);
    const body = { amountOre: 10_000, paymentMethodId: methodId };
    const first = await withdraw(cookie, body, 'late-key');
    const { data } = (await first.json()) as { data: { id: string } };

    await purgeAt(IDEMPOTENCY_KEY_KEPT_MS - 60_000);
    const withinTheDay = await withdraw(cookie, body, 'late-key');
    expect(withinTheDay.status).toBe(201);
    expect(((await withinTheDay.json()) as { data: { id: string } }).data.id).toBe(data.id);

    await purgeAt(IDEMPOTENCY_KEY_KEPT_MS + 60_000);
    expect(await keysOf(user.id)).toEqual([]);
    // Unknown now: a second withdrawal, since the balance still holds one (as Stripe documents it).
    const late = await withdraw(cookie, body, 'late-key');
    expect(late.status).toBe(201);
    const { data: again } = (await late.json()) as { data: { id: string } };
    expect(again.id).not.toBe(data.id);
    expect(await keysOf(user.id)).toEqual(['late-key']);
    expect(await balance(user.id, 'creator_available')).toBe(5_000);

    // Purged again, with 50 kr left: refused like any withdrawal beyond the balance, and no key kept.
    await purgeAt(IDEMPOTENCY_KEY_KEPT_MS + 60_000);
    const refused = await withdraw(cookie, body, 'late-key');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Not enough money in the balance',
        fields: { amountOre: ['insufficient_funds'] },
        requestId: refused.headers.get('x-request-id'),
      },
    });
    expect(await keysOf(user.id)).toEqual([]);
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(2);
    expect(await balance(user.id, 'creator_pending')).toBe(20_000);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses the same key with a different body', async () => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 50_000);
    await withdraw(cookie, { amountOre: 10_000, paymentMethodId: methodId }, 'reused-key');
    const res = await withdraw(cookie, { amountOre: 20_000, paymentMethodId: methodId }, 'reused-key');
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'This Idempotency-Key was used for a different request',
        fields: { 'Idempotency-Key': ['reused_with_different_request'] },
        requestId: res.headers.get('x-request-id'),
      },
    });
  });

  it('never lets 200 concurrent withdrawals take more than the balance', async () => {
    const { user, cookie, methodId } = await creatorWithSwish();
    await earn(user.id, 500_000);
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => withdraw(cookie, { amountOre: 10_000, paymentMethodId: methodId })),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 422)).toHaveLength(150);
    expect(await balance(user.id, 'creator_available')).toBe(0);
    expect(await balance(user.id, 'creator_pending')).toBe(500_000);
    const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id));
    expect(rows.reduce((total, row) => total + row.amountOre, 0)).toBe(500_000);
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('admin payouts', () => {
  // Marking paid by hand is for PayPal; bank, IBAN and Swish go through the payout rails (payouts.test.ts).
  async function requested(method: typeof SWISH | typeof PAYPAL = PAYPAL) {
    const { user, cookie, methodId } = await creatorWithSwish({ locale: 'en', method });
    await earn(user.id, 30_000);
    const res = await withdraw(cookie, { amountOre: 30_000, paymentMethodId: methodId });
    const { data } = (await res.json()) as { data: { id: string } };
    return { user, cookie, id: data.id };
  }
  async function adminCookie() {
    return loginAs(t.db, await createUser(t.db, { role: 'admin' }));
  }
  const settle = (cookie: string, id: string, action: 'pay' | 'reject', body: unknown, key = crypto.randomUUID()) =>
    t.app.request(`/api/admin/withdrawals/${id}/${action}`, {
      method: 'POST',
      headers: { ...jsonHeaders(cookie), 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });

  // Waiting for its mail first drains the queue of the mails the tests above queued (ADR 031): seconds.
  it('marks a withdrawal paid with its reference, settles the ledger and mails the creator', {
    timeout: 30_000,
  }, async () => {
    const { user, id } = await requested();
    const admin = await adminCookie();
    const res = await settle(admin, id, 'pay', { reference: 'PAYPAL-0042' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      data: { id, status: 'paid', reference: 'PAYPAL-0042', settledAt: expect.any(String) },
    });
    expect(await balance(user.id, 'creator_pending')).toBe(0);
    expect((await smtp.waitForMail(user.email, (m) => m.subject === 'Your withdrawal was paid')).text).toContain(
      'PAYPAL-0042',
    );
    const again = await settle(admin, id, 'reject', { reason: 'late' });
    expect(again.status).toBe(409);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses to mark a Swish, bank or IBAN withdrawal paid by hand: the payout rails settle those', async () => {
    const { user, id } = await requested(SWISH);
    const res = await settle(await adminCookie(), id, 'pay', { reference: 'SWISH-0042' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'conflict', fields: { id: ['paid_through_rails'] } } });
    expect(await balance(user.id, 'creator_pending')).toBe(30_000);
  });

  it('refuses a settlement sent again after its key was purged: the withdrawal is already paid', async () => {
    const { user, id } = await requested();
    const admin = await adminCookie();
    const key = crypto.randomUUID();
    expect((await settle(admin, id, 'pay', { reference: 'P-1' }, key)).status).toBe(200);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);

    await purgeAt(IDEMPOTENCY_KEY_KEPT_MS + 60_000);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const late = await settle(admin, id, 'pay', { reference: 'P-1' }, key);

    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      error: { code: 'conflict', message: 'Withdrawal is already paid', requestId: late.headers.get('x-request-id') },
    });
    expect(await balance(user.id, 'creator_pending')).toBe(0);
    expect(await ledgerTotal()).toBe(0);
  });

  it('rejects with a reason and returns the money to the available balance', async () => {
    const { user, id } = await requested();
    const res = await settle(await adminCookie(), id, 'reject', { reason: 'Swish number closed' });
    expect(await res.json()).toMatchObject({ data: { status: 'rejected', reason: 'Swish number closed' } });
    expect(await balance(user.id, 'creator_available')).toBe(30_000);
    expect(await balance(user.id, 'creator_pending')).toBe(0);
  });

  it('lets only one of two concurrent settlements win', async () => {
    const { id } = await requested();
    const admin = await adminCookie();
    const [a, b] = await Promise.all([
      settle(admin, id, 'pay', { reference: 'A' }),
      settle(admin, id, 'reject', { reason: 'B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await ledgerTotal()).toBe(0);
  });

  it('is for admins only', async () => {
    const { cookie, id } = await requested();
    expect((await settle(cookie, id, 'pay', { reference: 'x' })).status).toBe(403);
    const brand = await loginAs(t.db, await createUser(t.db, { role: 'brand' }));
    expect((await t.app.request('/api/admin/withdrawals', { headers: { Cookie: brand } })).status).toBe(403);
    expect((await t.app.request('/api/admin/withdrawals')).status).toBe(401);
  });

  it('lists the queue and exports the selection as CSV with the payment details', async () => {
    const { user, id } = await requested(SWISH);
    const admin = await adminCookie();
    const list = await t.app.request('/api/admin/withdrawals?status=requested&pageSize=100', {
      headers: { Cookie: admin },
    });
    const page = (await list.json()) as { data: { id: string; creator: { id: string } }[]; total: number };
    expect(page.data.find((row) => row.id === id)?.creator.id).toBe(user.id);
    const csv = await t.app.request(`/api/admin/withdrawals/export?ids=${id}`, { headers: { Cookie: admin } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('"withdrawal_id","creator","email","amount_sek","method","details","requested_at"');
    expect(lines[1]).toContain(`"${id}","${user.fullName}","${user.email}","300.00","swish","46701234567"`);
  });
});

describe('the ledger', () => {
  it('credits an accepted claim once, however often it is posted', async () => {
    const creator = await createUser(t.db, { role: 'creator' });
    const claim = { id: `twice-${creator.id}`, creatorId: creator.id, payoutOre: 12_345 };
    const results = await Promise.all([creditCreator(t.db, claim), creditCreator(t.db, claim)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await balance(creator.id, 'creator_available')).toBe(12_345);
  });

  it('refuses to change or delete an entry', async () => {
    await expect(t.db.update(ledgerEntries).set({ amountOre: 1 })).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries)).rejects.toThrow();
  });

  it('refuses a posting that does not balance, even written by hand', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx.insert(postings).values({ kind: 'bad', reference: 'unbalanced-1' }).returning();
        await tx
          .insert(ledgerEntries)
          .values({ postingId: row?.id ?? '', account: 'platform_cash', holderId: 'platform', amountOre: 5 });
      }),
    ).rejects.toThrow();
    expect(await t.db.select().from(postings).where(eq(postings.reference, 'unbalanced-1'))).toEqual([]);
  });

  it('refuses an unbalanced posting in code before it reaches the database', async () => {
    await expect(
      t.db.transaction((tx) =>
        post(tx, {
          kind: 'bad',
          reference: 'unbalanced-2',
          entries: [{ account: 'platform_cash', holderId: 'platform', amountOre: 5 }],
        }),
      ),
    ).rejects.toThrow('does not balance');
  });
});
