import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import type { MessageKey } from '../../providers/i18n-provider';

/** One sentence of a plan: a dictionary key and the values of its `{{placeholders}}`. */
export interface PlanLine {
  key: MessageKey;
  values?: { amount?: number; method?: string; count?: number; date?: string };
}

/**
 * What erasing the account does to its money and work, as sentences in the order a user reads
 * them: money first, then work, then what is kept and for how long (ADR 022). Amounts are in öre
 * and `date` is a YYYY-MM-DD day, formatted by the caller.
 */
export function planLines(plan: ErasurePlan): PlanLine[] {
  const lines: PlanLine[] = [];
  const { money, work } = plan;
  if (plan.role === 'creator') {
    if (money.pendingWithdrawals.count > 0) {
      lines.push({
        key: 'account.deletion.plan.pendingWithdrawals',
        values: { amount: money.pendingWithdrawals.amountOre },
      });
    }
    if (money.remainingBalance === 'paid_out' && money.payoutMethod) {
      lines.push({
        key: 'account.deletion.plan.paidOut',
        values: { amount: money.availableOre, method: money.payoutMethod.masked },
      });
    } else if (money.remainingBalance === 'held') {
      lines.push({ key: 'account.deletion.plan.held', values: { amount: money.availableOre } });
    } else if (money.pendingWithdrawals.count === 0) {
      lines.push({ key: 'account.deletion.plan.noMoney' });
    }
    if (work.claimsCancelled > 0) {
      lines.push({ key: 'account.deletion.plan.claimsCancelled', values: { count: work.claimsCancelled } });
    }
    if (work.invitationsClosed > 0) {
      lines.push({ key: 'account.deletion.plan.invitationsClosed', values: { count: work.invitationsClosed } });
    }
  } else if (plan.role === 'brand') {
    if (work.campaignsEnded > 0) {
      lines.push({ key: 'account.deletion.plan.campaignsEnded', values: { count: work.campaignsEnded } });
    }
    if (work.submissionsAccepted > 0) {
      lines.push({ key: 'account.deletion.plan.submissionsAccepted', values: { count: work.submissionsAccepted } });
    }
    if (work.claimsCancelled > 0) {
      lines.push({ key: 'account.deletion.plan.brandClaimsCancelled', values: { count: work.claimsCancelled } });
    }
    if (work.creatorsNotified > 0) {
      lines.push({ key: 'account.deletion.plan.creatorsNotified', values: { count: work.creatorsNotified } });
    }
    lines.push({ key: 'account.deletion.plan.earningsStay' });
  }
  lines.push({ key: 'account.deletion.plan.bookkeeping', values: { date: plan.bookkeepingKeptUntil } });
  return lines;
}
