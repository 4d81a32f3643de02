import { billingDocuments, brandProfiles, paymentRefunds } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createUser } from '../../../test/support/factories.ts';
import { jsonHeaders, loginAs } from '../../../test/support/login-as.ts';
import { camt054Answer } from '../../../test/support/payout-answers.ts';
import { createBatch, ledgerTotal, upload } from '../../../test/support/payouts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balanceOf, PLATFORM, post } from '../ledger/ledger.service.ts';
import { createPayment } from '../payments/payments.service.ts';

// Issue 16's last item: a brand's credit paid by invoice goes back to its bank account in a
// payout batch; the bank's answer settles the refund (credit note) or gives the credit back.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.db, await createUser(t.db, { role: 'admin' }));
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method,
    headers: { ...jsonHeaders(cookie), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** A brand that paid a campaign by invoice (marked paid by an admin) and cancelled it: its budget is credit. */
async function brandWithInvoiceCredit() {
  const brand = await createUser(t.db, { role: 'brand' });
  await createBrandProfile(t.db, brand.id, { companyName: 'Fika & Film AB', orgNumber: '556677-8899' });
  const cookie = await loginAs(t.db, brand);
  expect(
    (
      await call('PUT', '/api/billing/address', cookie, {
        street: 'Storgatan 2',
        postalCode: '123 45',
        city: 'Storåker',
      })
    ).status,
  ).toBe(200);
  const campaign = await createCampaign(
    t.db,
    brand.id,
    { status: 'draft', slots: 2, payoutOre: 100_000, budgetOre: 200_000 },
    { funded: false },
  );
  const payment = await t.db.transaction((tx) => createPayment(tx, t.env, brand, campaign.id, { method: 'invoice' }));
  const [invoice] = await t.db.select().from(billingDocuments).where(eq(billingDocuments.paymentRef, payment.id));
  const paid = await call('POST', `/api/admin/invoices/${invoice?.id}/mark-paid`, admin, {
    reason: 'Paid at the bank',
  });
  expect(paid.status).toBe(200);
  expect((await call('POST', `/api/campaigns/${campaign.id}/cancel`, cookie)).status).toBe(200);
  expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(200_000);
  return { brand, cookie };
}

const BANKGIRO = { type: 'bankgiro', number: '5050-1055' };

describe("a brand's credit refunded to its bank account", () => {
  it('takes the credit once, goes into a batch once, and is settled by the bank (credit note)', async () => {
    const { brand, cookie } = await brandWithInvoiceCredit();
    const idem = key();
    const res = await call(
      'POST',
      '/api/billing/refunds/bank',
      cookie,
      { amountOre: 150_000, account: BANKGIRO },
      idem,
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { id: string; status: string; amountOre: number; reference: null }[] };
    expect(body.data).toEqual([
      {
        id: expect.any(String),
        amountOre: 150_000,
        status: 'pending',
        reference: null,
        returnReason: null,
        createdAt: expect.any(String),
      },
    ]);
    const replay = await call(
      'POST',
      '/api/billing/refunds/bank',
      cookie,
      { amountOre: 150_000, account: BANKGIRO },
      idem,
    );
    expect([replay.status, await replay.json()]).toEqual([201, body]);
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(50_000);
    const refundId = body.data[0]?.id ?? '';

    const waiting = (await (await call('GET', '/api/admin/payouts/brand-refunds', admin)).json()) as {
      data: { id: string; brand: { name: string } }[];
    };
    expect(waiting.data.find((row) => row.id === refundId)?.brand.name).toBe('Fika & Film AB');
    const batch = await t.app.request('/api/admin/payout-batches', {
      method: 'POST',
      headers: jsonHeaders(admin),
      body: JSON.stringify({ refundIds: [refundId] }),
    });
    expect(batch.status).toBe(201);
    const { data } = (await batch.json()) as { data: { id: string; payoutCount: number; totalOre: number } };
    expect([data.payoutCount, data.totalOre]).toEqual([1, 150_000]);
    const again = await t.app.request('/api/admin/payout-batches', {
      method: 'POST',
      headers: jsonHeaders(admin),
      body: JSON.stringify({ refundIds: [refundId] }),
    });
    expect(again.status).toBe(422);
    const listed = (await (
      await t.app.request(`/api/admin/payouts?batchId=${data.id}`, { headers: { Cookie: admin } })
    ).json()) as { data: unknown[]; total: number };
    expect(listed).toEqual({
      data: [
        {
          id: expect.any(String),
          withdrawalId: null,
          refundId,
          rail: 'bank',
          endToEndId: `KR${refundId.toUpperCase()}`,
          amountOre: 150_000,
          status: 'sent',
          returnReason: null,
          settledAt: null,
          createdAt: expect.any(String),
          creator: { id: brand.id, name: brand.fullName, email: brand.email },
          method: null,
        },
      ],
      total: 1,
      totalIsEstimate: false,
      nextCursor: null,
    });
    const xml = await (
      await t.app.request(`/api/admin/payout-batches/${data.id}/pain001`, { headers: { Cookie: admin } })
    ).text();
    const endToEndId = `KR${refundId.toUpperCase()}`;
    expect(xml).toContain(`<EndToEndId>${endToEndId}</EndToEndId>`);
    expect(xml).toContain('<Cdtr><Nm>Fika Film AB</Nm></Cdtr>');
    expect(xml).toContain('<Othr><Id>50501055</Id><SchmeNm><Prtry>BGNR</Prtry></SchmeNm></Othr>');

    const answer = camt054Answer([{ endToEndId, amountOre: 150_000, kind: 'paid' }], `BR-${refundId}`);
    const imported = (await (await upload(t, '/api/admin/payouts/answers', admin, answer)).json()) as {
      data: { lines: { refundId: string | null; effect: string }[] };
    };
    expect(imported.data.lines).toMatchObject([{ refundId, effect: 'paid' }]);
    const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    expect(refund?.status).toBe('succeeded');
    const notes = await t.db
      .select()
      .from(billingDocuments)
      .where(and(eq(billingDocuments.kind, 'credit_note'), eq(billingDocuments.paymentRef, `refund:${refundId}`)));
    expect(notes.map((note) => note.totalOre)).toEqual([-150_000]);
    const mine = (await (await call('GET', '/api/billing/refunds/bank', cookie)).json()) as {
      data: { status: string; reference: string }[];
    };
    expect(mine.data).toMatchObject([{ status: 'succeeded', reference: endToEndId }]);
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('gives the credit back when the bank returns the refund', async () => {
    const { brand, cookie } = await brandWithInvoiceCredit();
    const res = await call(
      'POST',
      '/api/billing/refunds/bank',
      cookie,
      { amountOre: 200_000, account: { type: 'bank_account', clearingNumber: '5000', accountNumber: '1234560' } },
      key(),
    );
    const refundId = ((await res.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(0);
    expect((await createBatch(t, admin, [])).status).toBe(422);
    const batch = await t.app.request('/api/admin/payout-batches', {
      method: 'POST',
      headers: jsonHeaders(admin),
      body: JSON.stringify({ refundIds: [refundId] }),
    });
    expect(batch.status).toBe(201);
    const endToEndId = `KR${refundId.toUpperCase()}`;
    const line = { endToEndId, amountOre: 200_000, kind: 'returned' as const, reason: 'AC01' };
    await upload(t, '/api/admin/payouts/answers', admin, camt054Answer([line], `RR1-${refundId}`));
    await upload(t, '/api/admin/payouts/answers', admin, camt054Answer([line], `RR2-${refundId}`));
    const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, refundId));
    expect([refund?.status, refund?.failureCode]).toEqual(['failed', 'AC01']);
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(200_000);
    expect(await ledgerTotal(t)).toBe(0);
  });

  it('refuses more than the credit, a bad Bankgiro number, and credit that came from a card; nothing moves', async () => {
    const { brand, cookie } = await brandWithInvoiceCredit();
    const tooMuch = await call(
      'POST',
      '/api/billing/refunds/bank',
      cookie,
      { amountOre: 200_001, account: BANKGIRO },
      key(),
    );
    expect(await tooMuch.json()).toMatchObject({ error: { fields: { amountOre: ['more_than_credit'] } } });
    const badGiro = await call(
      'POST',
      '/api/billing/refunds/bank',
      cookie,
      { amountOre: 1_000, account: { type: 'bankgiro', number: '5050-1056' } },
      key(),
    );
    expect(await badGiro.json()).toMatchObject({ error: { fields: { number: ['invalid_bankgiro'] } } });
    expect(await balanceOf(t.db, brand.id, 'brand_credit')).toBe(200_000);
    // Credit that did not come from an invoice payment (here a grant) is not refundable by bank.
    const other = await createUser(t.db, { role: 'brand' });
    await t.db.insert(brandProfiles).values({ userId: other.id, companyName: 'Kortbolaget AB' });
    await t.db.transaction((tx) =>
      post(tx, {
        kind: 'test_grant',
        reference: `test-grant:brand:${other.id}`,
        entries: [
          { account: 'platform_payouts', holderId: PLATFORM, amountOre: -5_000 },
          { account: 'brand_credit', holderId: other.id, amountOre: 5_000 },
        ],
      }),
    );
    const granted = await call(
      'POST',
      '/api/billing/refunds/bank',
      await loginAs(t.db, other),
      { amountOre: 1_000, account: BANKGIRO },
      key(),
    );
    expect(await granted.json()).toMatchObject({ error: { fields: { amountOre: ['more_than_invoice_credit'] } } });
    expect(await balanceOf(t.db, other.id, 'brand_credit')).toBe(5_000);
  });
});
