import { queryRows } from '@kollab/db';
import {
  type Claim,
  creatorEarnings,
  creatorTaxProfiles,
  identityVerifications,
  paymentMethods,
  type User,
  withdrawals,
} from '@kollab/db/schema';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, createClaim, createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { AppError } from '../../lib/errors.ts';
import { creditAcceptedClaim } from '../ledger/escrow.ts';
import { requestWithdrawal, settleWithdrawal } from '../withdrawals/withdrawals.service.ts';

// Random creators (private persons of random birth years, F-skatt with and without moms), random
// acceptances on random days of 2026–2027, withdrawals and their settlements. After every run the
// ledger sums to zero, no creator balance is negative, and every private person's earning splits
// its payout to the öre. On PostgreSQL (DATABASE_URL) the double credit runs on two connections.
let t: TestApp;
let admin: User;
beforeAll(async () => {
  t = await createTestApp({ settings: { PAYOUT_METHOD_HOLD_HOURS: '0', MIN_WITHDRAWAL_SEK: '1' } });
  admin = await createUser(t.db, { role: 'admin' });
});
afterAll(() => t.close());

const Creator = fc.oneof(
  fc.record({ status: fc.constant('private' as const), birthYear: fc.option(fc.integer({ min: 1930, max: 2008 })) }),
  fc.record({ status: fc.constant('f_tax' as const), vatRegistered: fc.boolean() }),
);
const Op = fc.oneof(
  fc.record({
    kind: fc.constant('accept' as const),
    creator: fc.nat(2),
    payoutOre: fc.integer({ min: 1, max: 4_000_000 }),
    day: fc.integer({ min: 0, max: 600 }),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), creator: fc.nat(2), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('settle' as const), paid: fc.boolean() }),
);

let sequence = 0;
type CreatorSpec = { status: 'private'; birthYear: number | null } | { status: 'f_tax'; vatRegistered: boolean };

async function makeCreator(spec: CreatorSpec) {
  const user = await createUser(t.db, { role: 'creator' });
  sequence += 1;
  if (spec.status === 'f_tax') {
    await t.db
      .insert(creatorTaxProfiles)
      .values({ userId: user.id, status: 'f_tax', orgNumber: '559012-3450', vatRegistered: spec.vatRegistered });
  } else if (spec.birthYear !== null) {
    await t.db.insert(identityVerifications).values({
      userId: user.id,
      method: 'bankid',
      personalNumberHash: `property-${sequence}-${user.id}`,
      givenName: 'Test',
      surname: 'Person',
      birthDate: `${spec.birthYear}-06-15`,
      verifiedAt: new Date(),
    });
  }
  const [method] = await t.db
    .insert(paymentMethods)
    .values({ userId: user.id, type: 'swish', detailsEncrypted: 'v1.unused', masked: 'Swish •••• 4567' })
    .returning();
  return { user, methodId: method?.id ?? '' };
}

async function approvedClaim(creatorId: string, payoutOre: number): Promise<Claim> {
  const brand = await createUser(t.db, { role: 'brand' });
  const campaign = await createCampaign(t.db, brand.id, { payoutOre, budgetOre: payoutOre, slots: 1 });
  return createClaim(t.db, campaign, creatorId, { status: 'approved' });
}

async function quietly(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

async function checkInvariants() {
  const [sum] = await queryRows<{ total: string | null }>(
    t.db,
    sql`select sum(amount_ore)::text as total from ledger_entries`,
  );
  expect(Number(sum?.total ?? 0)).toBe(0);
  const negative = await queryRows(
    t.db,
    sql`select 1 from balances where account in ('creator_available', 'creator_pending') and amount_ore < 0`,
  );
  expect(negative).toHaveLength(0);
  const rows = await t.db.select().from(creatorEarnings);
  for (const row of rows) {
    expect(row.grossOre + row.contributionsOre).toBe(row.payoutOre);
    expect(row.taxOre + row.netOre).toBe(row.grossOre);
    expect(row.netOre).toBeGreaterThanOrEqual(0);
    if (row.status === 'f_tax') expect([row.netOre, row.taxOre, row.contributionsOre]).toEqual([row.payoutOre, 0, 0]);
  }
}

const START = Date.UTC(2026, 0, 1, 11);

describe('the tax split under random use', () => {
  it('keeps the ledger at zero, balances non-negative and T + C + N = P for every earning', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(Creator, { minLength: 3, maxLength: 3 }),
        fc.array(Op, { maxLength: 10 }),
        async (specs, ops) => {
          const creators = [];
          for (const spec of specs) creators.push(await makeCreator(spec));
          for (const op of ops) {
            if (op.kind === 'accept') {
              const claim = await approvedClaim(creators[op.creator]?.user.id ?? '', op.payoutOre);
              const at = new Date(START + op.day * 86_400_000);
              expect(await t.db.transaction((tx) => creditAcceptedClaim(tx, claim, at))).toBe(true);
            } else if (op.kind === 'withdraw') {
              const creator = creators[op.creator];
              if (!creator) continue;
              const [row] = await queryRows<{ amount: string }>(
                t.db,
                sql`select amount_ore::text as amount from balances where holder_id = ${creator.user.id} and account = 'creator_available'`,
              );
              const amountOre = Math.floor((Number(row?.amount ?? 0) * op.share) / 100);
              if (amountOre < 100) continue;
              await quietly(() =>
                t.db.transaction((tx) =>
                  requestWithdrawal(tx, t.env, creator.user, { amountOre, paymentMethodId: creator.methodId }),
                ),
              );
            } else {
              const [open] = await t.db.select().from(withdrawals).where(eq(withdrawals.status, 'requested')).limit(1);
              if (!open) continue;
              const outcome = op.paid
                ? { status: 'paid' as const, reference: 'BANK-1' }
                : { status: 'rejected' as const, reason: 'test' };
              await quietly(() => t.db.transaction((tx) => settleWithdrawal(tx, admin, open.id, outcome)));
            }
          }
          await checkInvariants();
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);

  it('credits a claim once when it is credited twice at the same time', async () => {
    const { user } = await makeCreator({ status: 'private', birthYear: 1990 });
    const claim = await approvedClaim(user.id, 500_000);
    const results = await Promise.all([
      t.db.transaction((tx) => creditAcceptedClaim(tx, claim)),
      t.db.transaction((tx) => creditAcceptedClaim(tx, claim)),
    ]);
    expect(results.sort()).toEqual([false, true]);
    const rows = await t.db.select().from(creatorEarnings).where(eq(creatorEarnings.claimId, claim.id));
    expect(rows).toHaveLength(1);
    const [balance] = await queryRows<{ amount: string }>(
      t.db,
      sql`select amount_ore::text as amount from balances where holder_id = ${user.id} and account = 'creator_available'`,
    );
    expect(Number(balance?.amount)).toBe(rows[0]?.netOre);
    await checkInvariants();
  });
});
