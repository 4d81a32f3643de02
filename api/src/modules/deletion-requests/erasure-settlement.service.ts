import type { DeletionHoldReason } from '@kollab/contract/api/deletion-requests';
import type { Database } from '@kollab/db';
import {
  balances,
  type Campaign,
  type Claim,
  campaigns,
  claims,
  invitations,
  type User,
  users,
  type Withdrawal,
  withdrawals,
} from '@kollab/db/schema';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import type { Actor } from '../../lib/audit.ts';
import { withIdempotency } from '../../lib/idempotency.ts';
import type { Mail } from '../../lib/mailer.ts';
import { cancelCampaignInTransaction } from '../campaigns/publishing.service.ts';
import { type ClaimMailKind, claimMail } from '../claims/claims.mails.ts';
import { applyClaimTransition } from '../claims/claims.service.ts';
import { requestWithdrawal, toWithdrawalView } from '../withdrawals/withdrawals.service.ts';
import { isErased } from './account-erasure.service.ts';
import { closingPayoutMethod, hasClosingPayout, OPEN_CLAIM_STATUSES } from './erasure-plan.service.ts';

/** The reasons an erasure records on the claims it closes (the portal translates them). */
export const CREATOR_ERASED = 'creator_account_erased';
export const BRAND_ERASED = 'brand_account_erased';

export interface Settlement {
  /** Why the account cannot be erased yet; null when its money and work are settled. */
  hold: DeletionHoldReason | null;
  /** The payout of the whole balance made by this run, if any. */
  payout: Withdrawal | null;
  /** What the other side of each closed claim is told, sent once the transaction has committed. */
  mails: Mail[];
}

/**
 * Settles an account's money and work before it is erased, in the caller's transaction (the
 * request row is locked, so runs of one request are serial). Every step is idempotent: a second run
 * finds the claims closed, the campaigns cancelled and the payout made (ADR 022).
 * - creator: undecided claims are cancelled and invitations expire; then, with a withdrawal still
 *   requested, the request waits; with a balance, the whole of it is withdrawn to the payout method
 *   (once per request and method) and the request waits for that payout; with a balance and nowhere
 *   to pay it, the balance is held and the request waits until it is withdrawn.
 * - brand: submitted videos are accepted (as the review period would), every other undecided claim
 *   on its campaigns is cancelled, and its live campaigns are cancelled.
 */
export async function settleAccount(
  tx: Database,
  env: Env,
  actor: Actor,
  requestId: string,
  user: User,
): Promise<Settlement> {
  if (user.role === 'creator') return settleCreator(tx, env, actor, requestId, user);
  if (user.role === 'brand') return { hold: null, payout: null, mails: await settleBrand(tx, env, actor, user) };
  return { hold: null, payout: null, mails: [] };
}

async function settleCreator(tx: Database, env: Env, actor: Actor, requestId: string, user: User): Promise<Settlement> {
  const closed = await closeClaims(tx, actor, eq(claims.creatorId, user.id), () => 'cancelled', CREATOR_ERASED);
  await tx
    .update(invitations)
    .set({ status: 'expired' })
    .where(and(eq(invitations.creatorId, user.id), eq(invitations.status, 'pending')));
  const brands = await recipients(
    tx,
    closed.map(({ campaign }) => campaign.brandId),
  );
  const mails = closed.flatMap(({ claim, campaign }) =>
    mailTo(brands.get(campaign.brandId), 'creator_erased', env, claim, campaign),
  );

  // The balance row is locked, so a withdrawal the creator makes meanwhile waits for this one.
  const [balance] = await tx
    .select({ amountOre: balances.amountOre })
    .from(balances)
    .where(and(eq(balances.holderId, user.id), eq(balances.account, 'creator_available')))
    .for('update');
  // Requested, or sent and not yet answered by the bank or Swish (ADR 029): the erasure waits for both.
  const [requested] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, user.id), inArray(withdrawals.status, ['requested', 'sent'])))
    .limit(1);
  if (requested) return { hold: 'withdrawals_pending', payout: null, mails };
  const available = balance?.amountOre ?? 0;
  if (available === 0) return { hold: null, payout: null, mails };
  const method = await closingPayoutMethod(tx, user.id);
  if (!method || (await hasClosingPayout(tx, requestId, method.id)))
    return { hold: 'balance_held', payout: null, mails };
  // As POST /api/withdrawals does it: under an Idempotency-Key (one per request and method), so
  // this payout, like every other, has its key row, and a replay answers the same withdrawal.
  const input = { amountOre: available, paymentMethodId: method.id };
  const scope = { userId: user.id, key: `erasure:${requestId}:${method.id}`, request: input };
  await withIdempotency(tx, scope, async (inner) => {
    const row = await requestWithdrawal(inner, env, user, input, { deletionRequestId: requestId, actor });
    return { status: 201, body: { data: toWithdrawalView(row) } };
  });
  const [payout] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.deletionRequestId, requestId), eq(withdrawals.paymentMethodId, method.id)));
  return { hold: 'withdrawals_pending', payout: payout ?? null, mails };
}

async function settleBrand(tx: Database, env: Env, actor: Actor, user: User): Promise<Mail[]> {
  const own = await tx
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.brandId, user.id))
    .orderBy(asc(campaigns.id));
  const closed = own.length
    ? await closeClaims(
        tx,
        actor,
        inArray(
          claims.campaignId,
          own.map((row) => row.id),
        ),
        (status) => (status === 'submitted' ? 'accepted' : 'cancelled'),
        BRAND_ERASED,
      )
    : [];
  for (const campaign of own) {
    await cancelCampaignInTransaction(tx, actor, campaign.id, { reason: BRAND_ERASED });
  }
  const creators = await recipients(
    tx,
    closed.map(({ claim }) => claim.creatorId),
  );
  return closed.flatMap(({ claim, campaign }) =>
    mailTo(
      creators.get(claim.creatorId),
      claim.status === 'accepted' ? 'brand_erased_accepted' : 'brand_erased',
      env,
      claim,
      campaign,
    ),
  );
}

/**
 * Moves every undecided claim matching `where` through the claim state machine (locked first, in
 * id order, as a single transition locks them), recording `reason`.
 */
async function closeClaims(
  tx: Database,
  actor: Actor,
  where: SQL,
  decide: (status: Claim['status']) => 'cancelled' | 'accepted',
  reason: string,
): Promise<{ claim: Claim; campaign: Campaign }[]> {
  const open = await tx
    .select({ id: claims.id, status: claims.status })
    .from(claims)
    .where(and(where, inArray(claims.status, OPEN_CLAIM_STATUSES)))
    .orderBy(asc(claims.id))
    .for('update');
  const closed: { claim: Claim; campaign: Campaign }[] = [];
  for (const row of open) closed.push(await applyClaimTransition(tx, actor, row.id, decide(row.status), { reason }));
  return closed;
}

/** The users to tell, by id, leaving out erased accounts. */
async function recipients(tx: Database, ids: string[]): Promise<Map<string, User>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.filter((row) => !isErased(row)).map((row) => [row.id, row]));
}

function mailTo(recipient: User | undefined, kind: ClaimMailKind, env: Env, claim: Claim, campaign: Campaign): Mail[] {
  if (!recipient) return [];
  return [claimMail(kind, recipient, { campaign: campaign.title, link: `${env.PUBLIC_URL}/app/claims/${claim.id}` })];
}
