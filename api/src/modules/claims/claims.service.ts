import type { NotificationType } from '@kollab/contract/api/notifications';
import { type ClaimStatus, canTransition, isPartyTransition, slotDelta } from '@kollab/contract/claims';
import { parseVideoLink } from '@kollab/contract/video-link';
import type { Database } from '@kollab/db';
import {
  type Campaign,
  type Claim,
  campaigns,
  claimEvents,
  claims,
  invitations,
  submissions,
  type User,
  users,
} from '@kollab/db/schema';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { addWorkingDays } from '../../lib/working-days.ts';
import { deriveState } from '../campaigns/campaign-view.ts';
import { creditAcceptedClaim, releaseClaimPayout, reserveClaimPayout } from '../ledger/escrow.ts';
import { wantsMail } from '../notifications/mail-preferences.service.ts';
import { addNotification } from '../notifications/notifications.service.ts';
import { isEscrowClosed } from '../payments/escrow-lifecycle.ts';
import { startTracking, watchSubmission } from '../results/tracking.service.ts';
import { type ClaimMailKind, claimMail } from './claims.mails.ts';

export interface ClaimDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  logger?: Logger;
}

/** Brands have 3 Swedish working days to review a submission before it is accepted for them. */
const AUTO_ACCEPT_WORKING_DAYS = 3;

export interface TransitionInput {
  reason?: string | null;
  /** For `submitted`: the video link and the ad-label confirmation. */
  submission?: { url: string; adLabelConfirmed: boolean };
}

type Party = 'creator' | 'brand' | 'admin' | 'system';

function partyOf(actor: Actor, claim: Claim, campaign: Campaign): Party | null {
  if (actor === 'system') return 'system';
  if (actor.role === 'admin') return 'admin';
  if (actor.role === 'creator' && claim.creatorId === actor.id) return 'creator';
  if (actor.role === 'brand' && campaign.brandId === actor.id) return 'brand';
  return null;
}

/** The bell's notification for each claim mail (ADR 039). */
const CLAIM_NOTIFICATIONS: Partial<Record<ClaimMailKind, NotificationType>> = {
  claimed: 'claim_received',
  approved: 'claim_approved',
  rejected: 'claim_rejected',
  cancelled: 'claim_cancelled',
  expired: 'claim_expired',
  submitted: 'video_submitted',
  changes_requested: 'changes_requested',
  accepted: 'video_accepted',
};

/**
 * Notifies the side that did not act (creator ↔ brand) and queues their mail (unless they turned
 * claim mails off) in the transaction of the change (ADR 031, 039): the claim changes and both
 * follow, or nothing does.
 */
async function notify(
  tx: Database,
  deps: ClaimDeps,
  kind: ClaimMailKind,
  claim: Claim,
  campaign: Campaign,
  reason?: string | null,
) {
  const toBrand = kind === 'claimed' || kind === 'submitted' || kind === 'cancelled';
  const [creator] = await tx.select().from(users).where(eq(users.id, claim.creatorId));
  const [brand] = await tx.select().from(users).where(eq(users.id, campaign.brandId));
  const recipient = toBrand ? brand : creator;
  if (!recipient || !creator) return;
  const type = CLAIM_NOTIFICATIONS[kind];
  if (type) {
    // One per transition: the claim's events to this status so far number it (ADR 039).
    const [events] = await tx
      .select({ count: count() })
      .from(claimEvents)
      .where(and(eq(claimEvents.claimId, claim.id), eq(claimEvents.toStatus, claim.status)));
    await addNotification(tx, {
      userId: recipient.id,
      type,
      key: `claim:${claim.id}:${kind}:${events?.count ?? 0}`,
      payload: { campaign: campaign.title, creator: creator.fullName },
      link: `/claims/${claim.id}`,
    });
  }
  if (!(await wantsMail(tx, recipient.id, 'claim_updates'))) return;
  await deps.mailer.send(
    claimMail(kind, recipient, {
      campaign: campaign.title,
      creator: creator.fullName,
      reason,
      link: `${deps.env.PUBLIC_URL}/app/claims/${claim.id}`,
    }),
    tx,
  );
}

/**
 * Creates a pending claim after the creator confirmed the guidelines. The campaign must be
 * published and not over; a creator has at most one live claim per campaign.
 * @throws validation_failed (guidelinesConfirmed), not_found, conflict
 */
export async function createClaim(
  deps: ClaimDeps,
  creator: User,
  campaign: Campaign,
  options: { guidelinesConfirmed: boolean; fromInvitation?: boolean },
): Promise<Claim> {
  if (!options.guidelinesConfirmed) throw AppError.validation({ guidelinesConfirmed: ['required'] });
  const state = deriveState(campaign);
  const open = state === 'active' || (options.fromInvitation === true && state === 'coming_soon');
  if (!open) throw new AppError('conflict', `Campaign is ${state}; it cannot be claimed`);
  let claim: Claim | undefined;
  try {
    claim = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(claims)
        .values({
          campaignId: campaign.id,
          creatorId: creator.id,
          guidelinesConfirmedAt: new Date(),
          payoutOre: campaign.payoutOre,
        })
        .returning();
      if (!row) throw new Error('claim insert returned nothing');
      await tx
        .insert(claimEvents)
        .values({ claimId: row.id, toStatus: 'pending', actorId: creator.id, actorRole: 'creator' });
      await notify(tx, deps, 'claimed', row, campaign);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'You already have a live claim on this campaign');
    throw error;
  }
  await recordAudit(deps.db, creator, 'claim.create', { type: 'claim', id: claim.id }, { campaignId: campaign.id });
  return claim;
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * The video link and ad-label confirmation of a submission.
 * @throws validation_failed (url: invalid_instagram_url | invalid_tiktok_url | unsupported_platform | invalid_url;
 *   adLabelConfirmed: required)
 */
function checkSubmission(input: TransitionInput): { url: string; platform: string; kind: string } {
  const parsed = parseVideoLink(input.submission?.url ?? '');
  const fields: Record<string, string[]> = {};
  if (!parsed.ok) fields.url = [parsed.error];
  if (!input.submission?.adLabelConfirmed) fields.adLabelConfirmed = ['required'];
  if (!parsed.ok || Object.keys(fields).length) throw AppError.validation(fields);
  return { url: parsed.value.url, platform: parsed.value.platform, kind: parsed.value.kind };
}

/**
 * Moves a claim through the state machine inside one transaction. The claim row is locked, so
 * transitions on one claim are serial; slots are taken with a conditional increment on the
 * campaign row (and a CHECK constraint), so claims holding a slot never exceed the slots.
 * @throws not_found (not the actor's), conflict (not allowed from the current state, no slot,
 *   no revision rounds left), forbidden (wrong party), validation_failed (bad link, missing reason)
 */
export async function transitionClaim(
  deps: ClaimDeps,
  actor: Actor,
  claimId: string,
  to: ClaimStatus,
  input: TransitionInput = {},
): Promise<Claim> {
  const result = await deps.db.transaction(async (tx) => {
    const done = await applyClaimTransition(tx, actor, claimId, to, input);
    if (to !== 'pending') await notify(tx, deps, to, done.claim, done.campaign, input.reason);
    return done;
  });
  return result.claim;
}

/**
 * `transitionClaim`'s work inside the caller's transaction, without the notification mail (the
 * caller sends it once the transaction has committed). Used by erasure (ADR 022).
 * @throws as `transitionClaim`
 */
export async function applyClaimTransition(
  tx: Database,
  actor: Actor,
  claimId: string,
  to: ClaimStatus,
  input: TransitionInput = {},
): Promise<{ claim: Claim; campaign: Campaign }> {
  const [claim] = await tx.select().from(claims).where(eq(claims.id, claimId)).for('update');
  const [campaign] = claim ? await tx.select().from(campaigns).where(eq(campaigns.id, claim.campaignId)) : [];
  if (!claim || !campaign) throw new AppError('not_found', 'Claim not found');
  const party = partyOf(actor, claim, campaign);
  if (!party) throw new AppError('not_found', 'Claim not found');
  if (!canTransition(claim.status, to, party)) {
    // Only the other party, or only Kollab itself (erasure), may make it: the latter is a state
    // conflict for the creator and the brand, as if the transition did not exist.
    const otherParty = canTransition(claim.status, to, 'admin') && isPartyTransition(claim.status, to);
    throw otherParty
      ? new AppError('forbidden', `Only the other party can make this claim ${to}`)
      : new AppError('conflict', `Claim is ${claim.status}; it cannot become ${to}`);
  }
  if (party === 'admin' && !input.reason?.trim()) throw AppError.validation({ reason: ['required'] });
  // A creator submits a link; an admin forcing `submitted` may do so without one.
  const link = to === 'submitted' && (party !== 'admin' || input.submission) ? checkSubmission(input) : null;
  if (to === 'changes_requested') {
    if (!input.reason?.trim()) throw AppError.validation({ reason: ['required'] });
    if (claim.revisionsUsed >= campaign.maxRevisions) throw new AppError('conflict', 'No revision rounds left');
  }
  const delta = slotDelta(claim.status, to);
  if (delta === 1) {
    if (campaign.status !== 'published') throw new AppError('conflict', `Campaign is ${campaign.status}`);
    const [taken] = await tx
      .update(campaigns)
      .set({ slotsTaken: sql`${campaigns.slotsTaken} + 1` })
      .where(and(eq(campaigns.id, campaign.id), lt(campaigns.slotsTaken, campaigns.slots)))
      .returning({ id: campaigns.id });
    if (!taken) throw new AppError('conflict', 'Every slot of this campaign is taken');
    // The payout is set aside from the campaign's escrow: no approval beyond what the brand paid.
    await reserveClaimPayout(tx, claim);
  } else if (delta === -1) {
    await tx
      .update(campaigns)
      .set({ slotsTaken: sql`${campaigns.slotsTaken} - 1` })
      .where(and(eq(campaigns.id, campaign.id), gt(campaigns.slotsTaken, 0)));
    await releaseClaimPayout(tx, claim, {
      brandId: campaign.brandId,
      escrowClosed: await isEscrowClosed(tx, campaign.id),
    });
  }
  const now = new Date();
  const changes: Partial<typeof claims.$inferInsert> = { status: to };
  if (to === 'submitted' && link) {
    const [submission] = await tx
      .insert(submissions)
      .values({ claimId, url: link.url, platform: link.platform, kind: link.kind, adLabelConfirmed: now })
      .returning({ id: submissions.id });
    // Its post is read through the provider for the ad-label check, then tracked once accepted (ADR 033).
    if (submission)
      await watchSubmission(
        tx,
        {
          submissionId: submission.id,
          claimId,
          campaignId: campaign.id,
          creatorId: claim.creatorId,
          brandId: campaign.brandId,
          url: link.url,
          platform: link.platform,
        },
        now,
      );
    changes.autoAcceptAt = addWorkingDays(now, AUTO_ACCEPT_WORKING_DAYS);
  } else {
    changes.autoAcceptAt = null;
  }
  if (to === 'changes_requested' || (claim.status === 'submitted' && to !== 'submitted')) {
    await tx
      .update(submissions)
      .set({ reviewedAt: now, reviewNote: input.reason?.trim() || null })
      .where(and(eq(submissions.claimId, claimId), sql`${submissions.reviewedAt} is null`));
  }
  if (to === 'changes_requested') changes.revisionsUsed = claim.revisionsUsed + 1;
  if (to === 'accepted') {
    changes.acceptedAt = now;
    await creditAcceptedClaim(tx, claim);
    await startTracking(tx, claimId, now);
  }
  const [updated] = await tx.update(claims).set(changes).where(eq(claims.id, claimId)).returning();
  if (!updated) throw new AppError('not_found', 'Claim not found');
  await tx.insert(claimEvents).values({
    claimId,
    fromStatus: claim.status,
    toStatus: to,
    actorId: actor === 'system' ? null : actor.id,
    actorRole: actor === 'system' ? 'system' : actor.role,
    reason: input.reason?.trim() || null,
  });
  await recordAudit(
    tx,
    actor,
    `claim.${to}`,
    { type: 'claim', id: claimId },
    { from: claim.status, reason: input.reason ?? null },
  );
  return { claim: updated, campaign };
}

/**
 * Accepts an invitation (creating a pending claim) or declines it.
 * @throws not_found, conflict (already answered or expired)
 */
export async function answerInvitation(
  deps: ClaimDeps,
  creator: User,
  invitationId: string,
  answer: 'accepted' | 'declined',
  guidelinesConfirmed: boolean,
): Promise<Claim | null> {
  const [invitation] = await deps.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.creatorId, creator.id)));
  if (!invitation) throw new AppError('not_found', 'Invitation not found');
  if (invitation.status !== 'pending' || invitation.respondBy <= new Date()) {
    throw new AppError('conflict', `Invitation is ${invitation.status === 'pending' ? 'expired' : invitation.status}`);
  }
  if (answer === 'accepted' && !guidelinesConfirmed) throw AppError.validation({ guidelinesConfirmed: ['required'] });
  const [answered] = await deps.db
    .update(invitations)
    .set({ status: answer, respondedAt: new Date() })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, 'pending')))
    .returning();
  if (!answered) throw new AppError('conflict', 'Invitation was already answered');
  if (answer === 'declined') return null;
  const [campaign] = await deps.db.select().from(campaigns).where(eq(campaigns.id, invitation.campaignId));
  try {
    if (!campaign) throw new AppError('not_found', 'Campaign not found');
    return await createClaim(deps, creator, campaign, { guidelinesConfirmed, fromInvitation: true });
  } catch (error) {
    // The claim could not be made (campaign over, already claimed): the invitation stays unanswered.
    await deps.db
      .update(invitations)
      .set({ status: 'pending', respondedAt: null })
      .where(eq(invitations.id, invitationId));
    throw error;
  }
}
