import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import { describe, expect, it } from 'vitest';
import { planLines } from './erasure-plan-lines';

const NOTHING: ErasurePlan = {
  role: 'creator',
  money: {
    availableOre: 0,
    pendingWithdrawals: { count: 0, amountOre: 0 },
    remainingBalance: 'none',
    payoutMethod: null,
  },
  work: { claimsCancelled: 0, submissionsAccepted: 0, campaignsEnded: 0, creatorsNotified: 0, invitationsClosed: 0 },
  bookkeepingKeptUntil: '2033-12-31',
};
const BOOKKEEPING = { key: 'account.deletion.plan.bookkeeping', values: { date: '2033-12-31' } };

describe('planLines', () => {
  it('tells a creator with nothing in progress that there is nothing to pay out', () => {
    expect(planLines(NOTHING)).toEqual([{ key: 'account.deletion.plan.noMoney' }, BOOKKEEPING]);
  });

  it('tells a creator where her balance goes, after her pending withdrawals, and what work is closed', () => {
    const plan: ErasurePlan = {
      ...NOTHING,
      money: {
        availableOre: 150_000,
        pendingWithdrawals: { count: 1, amountOre: 50_000 },
        remainingBalance: 'paid_out',
        payoutMethod: { type: 'swish', masked: 'Swish •••• 4567' },
      },
      work: { ...NOTHING.work, claimsCancelled: 2, invitationsClosed: 1 },
    };
    expect(planLines(plan)).toEqual([
      { key: 'account.deletion.plan.pendingWithdrawals', values: { amount: 50_000 } },
      { key: 'account.deletion.plan.paidOut', values: { amount: 150_000, method: 'Swish •••• 4567' } },
      { key: 'account.deletion.plan.claimsCancelled', values: { count: 2 } },
      { key: 'account.deletion.plan.invitationsClosed', values: { count: 1 } },
      BOOKKEEPING,
    ]);
  });

  it('tells a creator without a payout method that her balance is held until she withdraws it', () => {
    const plan: ErasurePlan = {
      ...NOTHING,
      money: { ...NOTHING.money, availableOre: 30_000, remainingBalance: 'held' },
    };
    expect(planLines(plan)).toEqual([{ key: 'account.deletion.plan.held', values: { amount: 30_000 } }, BOOKKEEPING]);
  });

  it('tells a brand which campaigns end, what is accepted and cancelled, and who is told', () => {
    const plan: ErasurePlan = {
      ...NOTHING,
      role: 'brand',
      work: {
        claimsCancelled: 3,
        submissionsAccepted: 1,
        campaignsEnded: 2,
        creatorsNotified: 4,
        invitationsClosed: 5,
      },
    };
    expect(planLines(plan)).toEqual([
      { key: 'account.deletion.plan.campaignsEnded', values: { count: 2 } },
      { key: 'account.deletion.plan.submissionsAccepted', values: { count: 1 } },
      { key: 'account.deletion.plan.brandClaimsCancelled', values: { count: 3 } },
      { key: 'account.deletion.plan.creatorsNotified', values: { count: 4 } },
      { key: 'account.deletion.plan.earningsStay' },
      BOOKKEEPING,
    ]);
  });
});
