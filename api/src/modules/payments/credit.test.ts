import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sweep } from '../../jobs/scheduler.ts';
import { createLogger } from '../../lib/logger.ts';
import { createMailer } from '../../lib/mailer.ts';
import { balanceOf } from '../ledger/ledger.service.ts';

// Credit: what a campaign leaves when it ends, paying the next one with it, refunding it to the
// card; a live campaign's top-up; the admin's payments and escrow tables. Over HTTP.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
type Json = Record<string, unknown>;
const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const data = async <T = Json>(res: Response): Promise<T> => ((await res.json()) as { data: T }).data;

async function draft(brandId: string, slots: number, payoutOre = 100_000) {
  return createCampaign(t.db, brandId, {
    status: 'draft',
    slots,
    payoutOre,
    budgetOre: slots * payoutOre,
    endsAt: new Date(Date.now() + 10 * DAY_MS),
  });
}

async function payByCard(cookie: string, campaignId: string, slots?: number) {
  const payment = await data<{ id: string }>(
    await call('POST', `/api/campaigns/${campaignId}/payments`, cookie, {
      method: 'card',
      ...(slots ? { slots } : {}),
    }),
  );
  const res = await call('POST', `/api/payments/${payment.id}/card`, cookie, { paymentMethodId: 'pm_card_visa' });
  expect(res.status).toBe(200);
  await t.payments.standIn.settled();
  return data<{ id: string; status: string; amountOre: number; creditAppliedOre: number }>(res);
}

describe('credit', () => {
  it('an ended campaign’s leftover becomes credit, pays the next campaign first, and can be refunded to the card', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    await createBrandProfile(t.db, brand.id);
    const cookie = await loginAs(t.db, brand);
    const first = await draft(brand.id, 3);
    expect(await payByCard(cookie, first.id)).toMatchObject({ status: 'paid', amountOre: 356_250 });

    // One creator is paid, then the campaign is cancelled: 2 × 1 000 kr come back.
    const creator = await createUser(t.db);
    const claim = await createClaim(t.db, { ...first }, creator.id, { status: 'submitted' });
    expect((await call('POST', `/api/claims/${claim.id}/accept`, cookie, {})).status).toBe(200);
    // A private person (ADR 028): of the 1 000 kr payout, 240 kr employer contributions and 228 kr tax go to Skatteverket.
    expect(await balanceOf(t.db, creator.id, 'creator_available')).toBe(53_200);
    expect((await call('POST', `/api/campaigns/${first.id}/cancel`, cookie)).status).toBe(200);
    expect(await data(await call('GET', '/api/billing', cookie))).toMatchObject({
      creditOre: 200_000,
      availableCreditOre: 200_000,
    });

    // The next campaign's quote takes the credit first.
    const second = await draft(brand.id, 1, 150_000);
    expect(await data(await call('GET', `/api/campaigns/${second.id}/quote`, cookie))).toMatchObject({
      totalOre: 178_125,
      creditAppliedOre: 178_125,
      amountDueOre: 0,
    });
    const paidWithCredit = await data<{ status: string }>(
      await call('POST', `/api/campaigns/${second.id}/payments`, cookie, { method: 'card' }),
    );
    expect(paidWithCredit.status).toBe('paid');
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(21_875);

    // What is left goes back to the card; more than that is refused and moves nothing.
    const tooMuch = await call('POST', '/api/billing/refunds', cookie, { amountOre: 21_876 });
    expect(tooMuch.status).toBe(422);
    const refunds = await data<{ status: string; amountOre: number }[]>(
      await call('POST', '/api/billing/refunds', cookie, { amountOre: 21_875 }),
    );
    expect(refunds).toMatchObject([{ status: 'succeeded', amountOre: 21_875 }]);
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(0);
  });

  it('the scheduler returns an ended campaign’s escrow once', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, brand.id, { endsAt: new Date(Date.now() + DAY_MS) });
    const deps = { db: t.db, mailer: createMailer(t.env, createLogger('silent')), env: t.env };
    const later = new Date(Date.now() + 2 * DAY_MS);
    expect((await sweep(deps, later)).escrowsClosed).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(2_500_000);
    expect(await balanceOf(t.db, campaign.id, 'campaign_escrow')).toBe(0);
    await sweep(deps, later);
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(2_500_000);
  });
});

describe('top-up and admin tables', () => {
  it('adds paid slots to a live campaign, and the admin sees payments and escrow from the ledger', async () => {
    const brand = await createUser(t.db, { role: 'brand' });
    const cookie = await loginAs(t.db, brand);
    const campaign = await draft(brand.id, 1);
    await payByCard(cookie, campaign.id);
    expect((await call('PATCH', `/api/campaigns/${campaign.id}`, cookie, { slots: 3 })).status).toBe(409);
    const topUp = await payByCard(cookie, campaign.id, 2);
    expect(topUp).toMatchObject({ status: 'paid', amountOre: 237_500 });
    const view = await data<{ slots: number; budgetOre: number }>(
      await call('GET', `/api/campaigns/${campaign.id}`, cookie),
    );
    expect(view).toMatchObject({ slots: 3, budgetOre: 300_000 });

    const admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
    const payments = (await (await call('GET', '/api/admin/payments?method=card&pageSize=100', admin)).json()) as {
      data: { campaignId: string; purpose: string }[];
    };
    expect(
      payments.data
        .filter((row) => row.campaignId === campaign.id)
        .map((row) => row.purpose)
        .sort(),
    ).toEqual(['funding', 'top_up']);
    const escrow = (await (await call('GET', '/api/admin/escrow?pageSize=100', admin)).json()) as { data: Json[] };
    expect(escrow.data.find((row) => row.campaignId === campaign.id)).toMatchObject({
      paidInOre: 300_000,
      paidToCreatorsOre: 0,
      returnedOre: 0,
      escrowOre: 300_000,
      reservedOre: 0,
      closedAt: null,
    });
    const csv = await call('GET', '/api/admin/escrow/export', admin);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toContain(`"${campaign.id}"`);
    expect((await call('GET', '/api/admin/escrow', cookie)).status).toBe(403);
  });
});
