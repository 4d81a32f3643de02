import type { User } from '@kollab/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balanceOf, PLATFORM } from '../ledger/ledger.service.ts';
import { settlePayment } from './payments.service.ts';

// Funding a campaign over HTTP against the payments stand-in (a real Stripe client over HTTP,
// webhooks signed and delivered into this app), on PGlite or PostgreSQL (DATABASE_URL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
type Json = Record<string, unknown>;

async function call(method: string, path: string, cookie?: string, body?: unknown): Promise<Response> {
  return t.app.request(path, {
    method,
    headers: jsonHeaders(cookie),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
async function data<T = Json>(res: Response): Promise<T> {
  return ((await res.json()) as { data: T }).data;
}
async function expectError(res: Response, status: number, error: Json) {
  expect({ status: res.status, body: await res.json() }).toEqual({
    status,
    body: { error: { ...error, requestId: res.headers.get('x-request-id') } },
  });
}

async function brandWithDraft(slots = 4, payoutOre = 250_000) {
  const user = await createUser(t.db, { role: 'brand' });
  await createBrandProfile(t.db, user.id, { orgNumber: '556016-0680' });
  const campaign = await createCampaign(t.db, user.id, {
    status: 'draft',
    slots,
    payoutOre,
    budgetOre: slots * payoutOre,
    startsAt: new Date(Date.now() - DAY_MS),
    endsAt: new Date(Date.now() + 20 * DAY_MS),
  });
  return { user, cookie: await loginAs(t.db, user), campaign };
}

const statusOf = async (brand: { cookie: string }, campaignId: string) =>
  (await data<{ status: string }>(await call('GET', `/api/campaigns/${campaignId}`, brand.cookie))).status;

describe('quote', () => {
  it('prices payout × slots, 15 % fee and 25 % moms on the fee, exact to the öre', async () => {
    const { cookie, campaign } = await brandWithDraft(3, 133_333);
    const res = await call('GET', `/api/campaigns/${campaign.id}/quote`, cookie);
    expect(res.status).toBe(200);
    expect(await data(res)).toEqual({
      purpose: 'funding',
      slots: 3,
      payoutOre: 133_333,
      creatorBudgetOre: 399_999,
      feeBasisPoints: 1500,
      feeOre: 60_000, // 59 999.85 rounded
      vatBasisPoints: 2500,
      vatOre: 15_000,
      totalOre: 474_999,
      creditAppliedOre: 0,
      amountDueOre: 474_999,
    });
  });

  it('refuses to publish an unpaid campaign (402) and another brand’s quote is a 404', async () => {
    const { cookie, campaign } = await brandWithDraft();
    await expectError(await call('POST', `/api/campaigns/${campaign.id}/publish`, cookie), 402, {
      code: 'payment_required',
      message: 'Pay for the campaign before it goes live',
    });
    const other = await createUser(t.db, { role: 'brand' });
    const res = await call('GET', `/api/campaigns/${campaign.id}/quote`, await loginAs(t.db, other));
    expect(res.status).toBe(404);
  });
});

describe('card', () => {
  it('pays with pm_card_visa: the webhook settles it once, the campaign goes live, the ledger balances', async () => {
    const brand = await brandWithDraft(4, 250_000);
    const created = await data<{ id: string; status: string }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'card' }),
    );
    expect(created.status).toBe('pending');
    const paid = await call('POST', `/api/payments/${created.id}/card`, brand.cookie, {
      paymentMethodId: 'pm_card_visa',
    });
    expect(paid.status).toBe(200);
    expect(await data(paid)).toMatchObject({ status: 'paid', receivedOre: 1_187_500, amountOre: 1_187_500 });
    await t.payments.standIn.settled();
    expect(await statusOf(brand, brand.campaign.id)).toBe('published');
    expect(await balanceOf(t.db, brand.campaign.id, 'campaign_escrow')).toBe(1_000_000);
    expect(await balanceOf(t.db, brand.user.id, 'brand_credit')).toBe(0);
    // The webhook arrived after the answer had settled it: one receipt, counted once.
    const events = t.payments.standIn.events.filter((event) => event.type === 'payment_intent.succeeded');
    expect(events).toHaveLength(1);
  });

  it('a declined card is a 402 naming the reason; the payment stays open for another card', async () => {
    const brand = await brandWithDraft();
    const { id } = await data<{ id: string }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'card' }),
    );
    const declined = await call('POST', `/api/payments/${id}/card`, brand.cookie, {
      card: { number: '4000 0000 0000 9995', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    await expectError(declined, 402, {
      code: 'card_declined',
      message: 'The card was declined (insufficient_funds)',
      fields: { card: ['insufficient_funds'] },
    });
    expect(await data(await call('GET', `/api/payments/${id}`, brand.cookie))).toMatchObject({
      status: 'pending',
      failureCode: 'insufficient_funds',
      receivedOre: 0,
    });
    const retried = await call('POST', `/api/payments/${id}/card`, brand.cookie, {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(await data(retried)).toMatchObject({ status: 'paid', failureCode: null });
  });

  it('3-D Secure: requires_action with a page; completing it there settles the payment', async () => {
    const brand = await brandWithDraft();
    const { id } = await data<{ id: string }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'card' }),
    );
    const waiting = await data<{ status: string; nextActionUrl: string }>(
      await call('POST', `/api/payments/${id}/card`, brand.cookie, {
        paymentMethodId: 'pm_card_threeDSecure2Required',
      }),
    );
    expect(waiting.status).toBe('requires_action');
    expect(waiting.nextActionUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/3ds\/pi_/);
    const page = await fetch(waiting.nextActionUrl);
    expect(await page.text()).toContain('Complete authentication');
    const done = await fetch(`${waiting.nextActionUrl}/complete`, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain(`/app/billing/payments/${id}?payment_intent=pi_`);
    await t.payments.standIn.settled();
    expect(await data(await call('GET', `/api/payments/${id}`, brand.cookie))).toMatchObject({ status: 'paid' });
    expect(await statusOf(brand, brand.campaign.id)).toBe('published');
  });

  it('provider 5xx is a 502 and a timeout a 504; neither moves money', async () => {
    const brand = await brandWithDraft();
    const { id } = await data<{ id: string }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'card' }),
    );
    await expectError(
      await call('POST', `/api/payments/${id}/card`, brand.cookie, { paymentMethodId: 'pm_card_standInServerError' }),
      502,
      { code: 'payment_provider_error', message: 'The payment provider failed; no money was moved' },
    );
    await expectError(
      await call('POST', `/api/payments/${id}/card`, brand.cookie, { paymentMethodId: 'pm_card_standInTimeout' }),
      504,
      { code: 'payment_provider_timeout', message: 'The payment provider did not answer in time' },
    );
    expect(await balanceOf(t.db, brand.user.id, 'brand_credit')).toBe(0);
    expect(await statusOf(brand, brand.campaign.id)).toBe('draft');
  }, 20_000);
});

describe('webhooks', () => {
  it('refuses a forged or stale signature (400) and posts 20 copies of one event once', async () => {
    const forged = await t.app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    await expectError(forged, 400, {
      code: 'invalid_signature',
      message: 'The webhook signature is missing, wrong or too old',
    });
    const brand = await brandWithDraft();
    const { id } = await data<{ id: string }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'card' }),
    );
    await call('POST', `/api/payments/${id}/card`, brand.cookie, { paymentMethodId: 'pm_card_visa' });
    await t.payments.standIn.settled();
    const event = t.payments.standIn.events.findLast((e) => e.type === 'payment_intent.succeeded');
    if (!event) throw new Error('no event');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => t.payments.standIn.deliver(event)));
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await balanceOf(t.db, brand.campaign.id, 'campaign_escrow')).toBe(1_000_000);
  });
});

describe('invoice and settle', () => {
  it('waits for the whole amount: partial, then over-payment; the excess becomes credit', async () => {
    const brand = await brandWithDraft(2, 100_000);
    // The invoice (billing's hook) needs the buyer's address (17 kap. 24 § ML).
    const address = { street: 'Storgatan 2', postalCode: '123 45', city: 'Storåker' };
    expect((await call('PUT', '/api/billing/address', brand.cookie, address)).status).toBe(200);
    const created = await data<{ id: string; status: string; amountOre: number }>(
      await call('POST', `/api/campaigns/${brand.campaign.id}/payments`, brand.cookie, { method: 'invoice' }),
    );
    expect(created).toMatchObject({ status: 'awaiting_payment', amountOre: 237_500 });
    const settle = (amountOre: number, reference: string) =>
      t.db.transaction((tx) => settlePayment(tx, { paymentId: created.id, amountOre, source: 'bgmax', reference }));
    expect((await settle(100_000, 'line-1')).payment.status).toBe('partially_paid');
    expect((await settle(100_000, 'line-1')).counted).toBe(false);
    expect(await statusOf(brand, brand.campaign.id)).toBe('draft');
    const last = await settle(150_000, 'line-2');
    expect(last).toMatchObject({ counted: true, paid: true });
    expect(await statusOf(brand, brand.campaign.id)).toBe('published');
    expect(await balanceOf(t.db, brand.user.id, 'brand_credit')).toBe(12_500);
    expect(await balanceOf(t.db, PLATFORM, 'platform_vat_output')).toBeGreaterThanOrEqual(7_500);
  });

  it('an invoice needs the brand’s organisation number (422)', async () => {
    const user: User = await createUser(t.db, { role: 'brand' });
    const campaign = await createCampaign(t.db, user.id, { status: 'draft' });
    await expectError(
      await call('POST', `/api/campaigns/${campaign.id}/payments`, await loginAs(t.db, user), { method: 'invoice' }),
      422,
      { code: 'validation_failed', message: 'Request is invalid', fields: { method: ['org_number_required'] } },
    );
  });
});
