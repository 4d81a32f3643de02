import type { Database } from '@kollab/db';
import { billingAddresses, type Claim, ledgerEntries, type Payment, postings } from '@kollab/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createBrandProfile, createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { AppError } from '../../lib/errors.ts';
import { applyClaimTransition } from '../claims/claims.service.ts';
import { postRefund } from '../ledger/escrow.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { closeCampaignEscrow } from './escrow-lifecycle.ts';
import { createPayment, settlePayment } from './payments.service.ts';
import { shareOf } from './pricing.ts';

// Random sequences of payments (bank lines and card webhooks, duplicated and out of order),
// approvals, acceptances, cancellations, refunds and campaign ends, checked after every step.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const Op = fc.oneof(
  fc.record({
    kind: fc.constant('receive' as const),
    share: fc.integer({ min: 1, max: 120 }),
    ref: fc.integer({ min: 0, max: 4 }),
  }),
  fc.record({ kind: fc.constant('approve' as const), claim: fc.nat(5) }),
  fc.record({ kind: fc.constant('accept' as const), claim: fc.nat(5) }),
  fc.record({ kind: fc.constant('cancel' as const), claim: fc.nat(5) }),
  fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({ kind: fc.constant('end' as const) }),
);

async function quietly(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

async function sumOf(db: Database, holder: string, account: string, kind: string) {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amountOre})` })
    .from(ledgerEntries)
    .innerJoin(postings, eq(postings.id, ledgerEntries.postingId))
    .where(
      and(eq(ledgerEntries.holderId, holder), sql`${ledgerEntries.account} = ${account}`, eq(postings.kind, kind)),
    );
  return Number(row?.total ?? 0);
}

async function checkInvariants(db: Database, campaignId: string, payment: Payment) {
  const unbalanced = await db.execute(
    sql`select posting_id from ledger_entries group by posting_id having sum(amount_ore) <> 0`,
  );
  expect((unbalanced as unknown as { rows?: unknown[] }).rows ?? unbalanced).toHaveLength(0);
  const negative = await db.execute(
    sql`select 1 from balances where account in ('campaign_escrow','campaign_reserved','brand_credit','creator_available') and amount_ore < 0`,
  );
  expect((negative as unknown as { rows?: unknown[] }).rows ?? negative).toHaveLength(0);
  const escrow = await balanceOf(db, campaignId, 'campaign_escrow');
  const reserved = await balanceOf(db, campaignId, 'campaign_reserved');
  const paidIn = await sumOf(db, campaignId, 'campaign_escrow', 'campaign_funded');
  const paidOut = -(await sumOf(db, campaignId, 'campaign_reserved', 'claim_accepted'));
  const returned =
    -(await sumOf(db, campaignId, 'campaign_escrow', 'escrow_returned')) -
    (await sumOf(db, campaignId, 'campaign_reserved', 'claim_released')) -
    (await sumOf(db, campaignId, 'campaign_escrow', 'claim_released'));
  expect(escrow).toBeGreaterThanOrEqual(0);
  expect(escrow + reserved).toBe(paidIn - paidOut - returned);
  expect(payment.feeOre).toBe(shareOf(payment.creatorBudgetOre, 1500));
  expect(payment.vatOre).toBe(shareOf(payment.feeOre, 2500));
}

it('keeps every posting balanced, escrow ≥ 0 and escrow = paid in − paid out − returned', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1_001, max: 300_000 }),
      fc.array(Op, { minLength: 1, maxLength: 25 }),
      async (slots, payoutOre, ops) => {
        const brand = await createUser(t.db, { role: 'brand' });
        await createBrandProfile(t.db, brand.id, { orgNumber: '556016-0680' });
        // An invoice (billing's hook) needs the buyer's address (17 kap. 24 § ML).
        await t.db
          .insert(billingAddresses)
          .values({ userId: brand.id, street: 'Storgatan 2', postalCode: '123 45', city: 'Storåker' });
        const campaign = await createCampaign(t.db, brand.id, {
          status: 'draft',
          slots,
          payoutOre,
          budgetOre: slots * payoutOre,
        });
        const payment = await t.db.transaction((tx) =>
          createPayment(tx, t.env, brand, campaign.id, { method: 'invoice' }),
        );
        const claims: Claim[] = [];
        for (let i = 0; i < 6; i++) claims.push(await createClaim(t.db, campaign, (await createUser(t.db)).id));
        const admin = { id: brand.id, role: 'admin' as const };
        for (const op of ops) {
          const claim = claims[('claim' in op ? op.claim : 0) % claims.length] as Claim;
          if (op.kind === 'receive') {
            const amountOre = Math.max(1, Math.floor((payment.amountOre * op.share) / 100));
            await t.db.transaction((tx) =>
              settlePayment(tx, { paymentId: payment.id, amountOre, source: 'card', reference: `evt-${op.ref}` }),
            );
          } else if (op.kind === 'approve') {
            await quietly(() => t.db.transaction((tx) => applyClaimTransition(tx, brand, claim.id, 'approved')));
          } else if (op.kind === 'accept') {
            await quietly(() =>
              t.db.transaction(async (tx) => {
                await applyClaimTransition(tx, admin, claim.id, 'submitted', { reason: 'test' });
                await applyClaimTransition(tx, brand, claim.id, 'accepted');
              }),
            );
          } else if (op.kind === 'cancel') {
            await quietly(() =>
              t.db.transaction((tx) => applyClaimTransition(tx, 'system', claim.id, 'cancelled', { reason: 'test' })),
            );
          } else if (op.kind === 'refund') {
            await quietly(() =>
              t.db.transaction((tx) =>
                postRefund(tx, { id: `${payment.id}-${op.amount}`, brandId: brand.id, amountOre: op.amount }),
              ),
            );
          } else {
            await t.db.transaction((tx) => closeCampaignEscrow(tx, campaign));
          }
          await checkInvariants(t.db, campaign.id, payment);
        }
      },
    ),
    { numRuns: 12 },
  );
}, 240_000);
