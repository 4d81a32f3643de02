import type { ErasurePlan } from '@kollab/contract/api/deletion-requests';
import type { Database } from '@kollab/db';
import {
  campaigns,
  claims,
  deletionRequests,
  invitations,
  paymentMethods,
  type User,
  users,
  withdrawals,
} from '@kollab/db/schema';
import { and, count, countDistinct, desc, eq, inArray, sql, sum } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { balanceOf } from '../ledger/ledger.service.ts';
import { bookkeepingKeptUntil } from './bookkeeping-retention.ts';

/** Claims not decided yet: an erasure closes them (ADR 022). */
export const OPEN_CLAIM_STATUSES = ['pending', 'approved', 'submitted', 'changes_requested'] as const;
/** Campaigns a brand's erasure cancels. */
export const LIVE_CAMPAIGN_STATUSES = ['draft', 'published', 'paused'] as const;

/** Where an erasure pays a creator's balance: the default payout method, else the newest one. */
export async function closingPayoutMethod(db: Database, userId: string) {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt), desc(paymentMethods.id))
    .limit(1);
  return method ?? null;
}

/** Whether this request already paid (or tried to pay) the balance to that method. */
export async function hasClosingPayout(db: Database, requestId: string, methodId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.deletionRequestId, requestId), eq(withdrawals.paymentMethodId, methodId)))
    .limit(1);
  return row !== undefined;
}

const NO_WORK: ErasurePlan['work'] = {
  claimsCancelled: 0,
  submissionsAccepted: 0,
  campaignsEnded: 0,
  creatorsNotified: 0,
  invitationsClosed: 0,
};

/**
 * What erasing `user`'s account would do to its money and work if it were processed at `now`
 * (`requestId`: the open request, whose earlier payouts count). Read-only; the processing applies
 * the same rules (erasure-settlement.service.ts).
 */
export async function planErasure(
  db: Database,
  user: User,
  requestId: string | null,
  now = new Date(),
): Promise<ErasurePlan> {
  const base = {
    role: user.role,
    money: {
      availableOre: 0,
      pendingWithdrawals: { count: 0, amountOre: 0 },
      remainingBalance: 'none' as const,
      payoutMethod: null,
    },
    work: NO_WORK,
    bookkeepingKeptUntil: bookkeepingKeptUntil(now),
  };
  if (user.role === 'creator') return { ...base, ...(await planCreator(db, user, requestId)) };
  if (user.role === 'brand') return { ...base, work: await planBrand(db, user) };
  return base;
}

async function planCreator(db: Database, user: User, requestId: string | null) {
  const [availableOre, [pending], method, [open], [invited]] = await Promise.all([
    balanceOf(db, user.id, 'creator_available'),
    db
      .select({ count: count(), amountOre: sum(withdrawals.amountOre) })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, user.id), inArray(withdrawals.status, ['requested', 'sent']))),
    closingPayoutMethod(db, user.id),
    db
      .select({ count: count() })
      .from(claims)
      .where(and(eq(claims.creatorId, user.id), inArray(claims.status, OPEN_CLAIM_STATUSES))),
    db
      .select({ count: count() })
      .from(invitations)
      .where(and(eq(invitations.creatorId, user.id), eq(invitations.status, 'pending'))),
  ]);
  const tried = method && requestId ? await hasClosingPayout(db, requestId, method.id) : false;
  const remainingBalance = availableOre === 0 ? 'none' : method && !tried ? 'paid_out' : 'held';
  return {
    money: {
      availableOre,
      pendingWithdrawals: { count: pending?.count ?? 0, amountOre: Number(pending?.amountOre ?? 0) },
      remainingBalance,
      payoutMethod: method && remainingBalance === 'paid_out' ? { type: method.type, masked: method.masked } : null,
    } satisfies ErasurePlan['money'],
    work: { ...NO_WORK, claimsCancelled: open?.count ?? 0, invitationsClosed: invited?.count ?? 0 },
  };
}

async function planBrand(db: Database, user: User): Promise<ErasurePlan['work']> {
  const own = eq(campaigns.brandId, user.id);
  const [[live], [open], [invited]] = await Promise.all([
    db
      .select({ count: count() })
      .from(campaigns)
      .where(and(own, inArray(campaigns.status, LIVE_CAMPAIGN_STATUSES))),
    db
      .select({
        submitted: sql<number>`(count(*) filter (where ${claims.status} = 'submitted'))::int`,
        total: count(),
        creators: countDistinct(claims.creatorId),
      })
      .from(claims)
      .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
      .where(and(own, inArray(claims.status, OPEN_CLAIM_STATUSES))),
    db
      .select({ count: count() })
      .from(invitations)
      .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
      .where(and(own, eq(invitations.status, 'pending'))),
  ]);
  const submitted = Number(open?.submitted ?? 0);
  return {
    claimsCancelled: (open?.total ?? 0) - submitted,
    submissionsAccepted: submitted,
    campaignsEnded: live?.count ?? 0,
    creatorsNotified: open?.creators ?? 0,
    invitationsClosed: invited?.count ?? 0,
  };
}

/**
 * The plan for a deletion request's account (the linked one, else the one with its address); null
 * when the address has no account.
 * @throws not_found
 */
export async function planDeletionRequest(db: Database, requestId: string): Promise<ErasurePlan | null> {
  const [request] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, requestId));
  if (!request) throw new AppError('not_found', 'Deletion request not found');
  const where = request.userId
    ? eq(users.id, request.userId)
    : eq(sql`lower(${users.email})`, request.email.toLowerCase());
  const [user] = await db.select().from(users).where(where);
  return user ? planErasure(db, user, request.id) : null;
}
