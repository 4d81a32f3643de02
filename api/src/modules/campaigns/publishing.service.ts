import type { CampaignView } from '@kollab/contract/api/campaigns';
import type { Database } from '@kollab/db';
import {
  type Campaign,
  campaigns,
  claimEvents,
  claims,
  creatorProfiles,
  invitations,
  type User,
  users,
} from '@kollab/db/schema';
import { and, between, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mailer.ts';
import {
  type CampaignTarget,
  type CreatorCandidate,
  type MatchPlatform,
  rankCreators,
  TIER_FOLLOWERS,
  targetPlatforms,
} from '../../lib/matching.ts';
import { addWorkingDays } from '../../lib/working-days.ts';
import { claimMail } from '../claims/claims.mails.ts';
import { usersWithoutMail } from '../notifications/mail-preferences.service.ts';
import { addNotification } from '../notifications/notifications.service.ts';
import { closeCampaignEscrow, isFunded } from '../payments/escrow-lifecycle.ts';
import { deliveryScores } from '../ratings/ratings.service.ts';
import { verifiedAccountMap } from '../verification/verification.service.ts';
import { toCampaignViews } from './campaign-view.ts';
import { getOwnCampaign } from './campaigns.service.ts';

export interface PublishingDeps {
  db: Database;
  mailer: Mailer;
  env: Env;
  logger?: Logger;
}

/** Matched creators answer within 5 Swedish working days (the brand is told 3–5). */
const RESPOND_WITHIN_WORKING_DAYS = 5;

export type CampaignAction = 'publish' | 'pause' | 'resume' | 'cancel';

const FROM: Record<CampaignAction, ('draft' | 'published' | 'paused')[]> = {
  publish: ['draft'],
  pause: ['published'],
  resume: ['paused'],
  cancel: ['draft', 'published', 'paused'],
};
const TO = { publish: 'published', pause: 'paused', resume: 'published', cancel: 'cancelled' } as const;

/**
 * The creators who can be eligible for `target` at all, as SQL: a handle on one of its platforms, a
 * wanted category, and followers in a wanted tier on such a platform (unless the campaign takes
 * UGC creators of any size). The same rules as `scoreCreator`'s `eligible`, never narrower (SQL's
 * `btrim` trims fewer characters than JavaScript's `trim`), so `rankCreators` still decides; the
 * database just stops sending the creators who cannot fit (issue 21: 100,000 creators).
 */
function couldBeEligible(target: CampaignTarget): SQL {
  const platforms = targetPlatforms(target);
  const column = {
    instagram: { handle: creatorProfiles.instagramHandle, followers: creatorProfiles.instagramFollowers },
    tiktok: { handle: creatorProfiles.tiktokHandle, followers: creatorProfiles.tiktokFollowers },
  };
  const hasHandle = (platform: MatchPlatform) => sql`btrim(${column[platform].handle}) <> ''`;
  const conditions = [or(...platforms.map(hasHandle))];
  if (target.categories.length > 0) {
    conditions.push(sql`${creatorProfiles.categories} && ${sql.param([...new Set(target.categories)])}::text[]`);
  }
  if (target.tiers.length > 0 && !target.tiers.includes('ugc')) {
    const ranges = target.tiers.map((tier) => TIER_FOLLOWERS[tier as 'nano' | 'micro']);
    conditions.push(
      or(
        ...platforms.flatMap((platform) =>
          ranges.map(([min, max]) => and(hasHandle(platform), between(column[platform].followers, min, max))),
        ),
      ),
    );
  }
  return and(...conditions) as SQL;
}

/** Active, verified creators who can be eligible for `target`, with what matching weighs. */
export async function candidatesFor(db: Database, target: CampaignTarget): Promise<CreatorCandidate[]> {
  const rows = await db
    .select({
      creatorId: users.id,
      categories: creatorProfiles.categories,
      instagramHandle: creatorProfiles.instagramHandle,
      instagramFollowers: creatorProfiles.instagramFollowers,
      tiktokHandle: creatorProfiles.tiktokHandle,
      tiktokFollowers: creatorProfiles.tiktokFollowers,
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(
      and(
        eq(users.role, 'creator'),
        isNull(users.suspendedAt),
        isNotNull(users.emailVerifiedAt),
        couldBeEligible(target),
      ),
    );
  const ids = rows.map((row) => row.creatorId);
  const delivery = await deliveryScores(db, ids);
  const verified = await verifiedAccountMap(db, ids);
  return rows.map((row) => ({
    ...row,
    delivery: delivery.get(row.creatorId) ?? null,
    verifiedPlatforms: (verified.get(row.creatorId) ?? []).map((account) => account.platform),
  }));
}

/** How many creators to invite: three per slot, at least ten, at most two hundred. */
function inviteCount(slots: number): number {
  return Math.min(200, Math.max(10, slots * 3));
}

/**
 * Publishes, pauses, resumes or cancels a campaign. Publishing ranks creators by fit and invites
 * the best ones with a respond-by date 5 Swedish working days ahead; cancelling withdraws pending
 * claims and invitations.
 * @throws not_found, conflict (not allowed from the current status), forbidden (unverified brand)
 */
export async function changeCampaignStatus(
  deps: PublishingDeps,
  actor: User,
  id: string,
  action: CampaignAction,
): Promise<CampaignView> {
  const { db } = deps;
  const campaign = await getOwnCampaign(db, actor, id);
  if (action === 'publish' && actor.role === 'brand' && !actor.emailVerifiedAt) {
    throw new AppError('forbidden', 'Verify your e-mail address before publishing');
  }
  const now = new Date();
  if (action === 'publish' && campaign.endsAt <= now) throw AppError.validation({ endsAt: ['in_the_past'] });
  const invited = await db.transaction(async (tx) => {
    if (action === 'publish') {
      if (campaign.status !== 'draft')
        throw new AppError('conflict', `Campaign is ${campaign.status}; it cannot publish`);
      if (!(await isFunded(tx, id))) {
        throw new AppError('payment_required', 'Pay for the campaign before it goes live');
      }
      const published = await publishInTransaction(tx, id, now);
      // Queued with the publishing (ADR 031): the campaign goes live and its invitations are mailed, or neither.
      await mailInvitations(deps, campaign.title, published, tx);
      return published;
    }
    const [row] = await tx
      .update(campaigns)
      .set({ status: TO[action] })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, FROM[action])))
      .returning();
    if (!row) throw new AppError('conflict', `Campaign is ${campaign.status}; it cannot ${action}`);
    if (action === 'cancel') {
      await withdrawPendingClaimsAndInvitations(tx, actor, id);
      await closeCampaignEscrow(tx, row);
    }
    return [];
  });
  await recordAudit(
    db,
    actor,
    `campaign.${action}`,
    { type: 'campaign', id },
    action === 'publish' ? { invited: invited.length } : undefined,
  );
  const [fresh] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  const [view] = await toCampaignViews(db, actor, fresh ? [fresh] : []);
  if (!view) throw new AppError('not_found', 'Campaign not found');
  return view;
}

/**
 * Publishes a draft campaign in the caller's transaction: ranks creators by fit and invites the best
 * ones with a respond-by date 5 Swedish working days ahead. Used by the brand's "publish" once the
 * campaign is funded, and by the payment that funds it (which publishes it as soon as it is paid).
 * @throws conflict (not a draft)
 */
export async function publishInTransaction(
  tx: Database,
  id: string,
  now = new Date(),
): Promise<{ id: string; creatorId: string; respondBy: Date }[]> {
  const [row] = await tx
    .update(campaigns)
    .set({ status: 'published', publishedAt: now })
    .where(and(eq(campaigns.id, id), eq(campaigns.status, 'draft')))
    .returning();
  if (!row) throw new AppError('conflict', 'Campaign is not a draft; it cannot publish');
  const target: CampaignTarget = {
    categories: row.categories,
    platforms: row.platforms.filter((p): p is 'instagram' | 'tiktok' => p === 'instagram' || p === 'tiktok'),
    tiers: row.creatorTiers.filter((t): t is 'nano' | 'micro' | 'ugc' => ['nano', 'micro', 'ugc'].includes(t)),
    audienceCountries: row.audienceCountries,
    audienceAgeGroups: row.audienceAgeGroups,
  };
  const ranked = rankCreators(target, await candidatesFor(tx, target), inviteCount(row.slots));
  if (ranked.length === 0) return [];
  const respondBy = addWorkingDays(now, RESPOND_WITHIN_WORKING_DAYS);
  return tx
    .insert(invitations)
    .values(
      ranked.map((match) => ({
        campaignId: id,
        creatorId: match.creatorId,
        score: match.score,
        reasons: match.reasons,
        respondBy,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * What cancelling a campaign does besides its status, in the caller's transaction: pending claims
 * are cancelled (reason `campaign_cancelled`) and unanswered invitations expire. Claims holding a
 * slot stay; an erasure closes those itself (ADR 022).
 */
async function withdrawPendingClaimsAndInvitations(tx: Database, actor: Actor, campaignId: string): Promise<void> {
  const withdrawn = await tx
    .update(claims)
    .set({ status: 'cancelled' })
    .where(and(eq(claims.campaignId, campaignId), eq(claims.status, 'pending')))
    .returning({ id: claims.id });
  if (withdrawn.length) {
    await tx.insert(claimEvents).values(
      withdrawn.map((claim) => ({
        claimId: claim.id,
        fromStatus: 'pending' as const,
        toStatus: 'cancelled' as const,
        actorId: actor === 'system' ? null : actor.id,
        actorRole: actor === 'system' ? 'system' : actor.role,
        reason: 'campaign_cancelled',
      })),
    );
  }
  await tx
    .update(invitations)
    .set({ status: 'expired' })
    .where(and(eq(invitations.campaignId, campaignId), eq(invitations.status, 'pending')));
}

/**
 * Cancels a campaign through the same path as a brand's "cancel", in the caller's transaction, and
 * audits it with `details`. Null when the campaign is already cancelled.
 */
export async function cancelCampaignInTransaction(
  tx: Database,
  actor: Actor,
  campaignId: string,
  details: Record<string, unknown>,
): Promise<Campaign | null> {
  const [row] = await tx
    .update(campaigns)
    .set({ status: TO.cancel })
    .where(and(eq(campaigns.id, campaignId), inArray(campaigns.status, FROM.cancel)))
    .returning();
  if (!row) return null;
  await withdrawPendingClaimsAndInvitations(tx, actor, campaignId);
  await closeCampaignEscrow(tx, row);
  await recordAudit(tx, actor, 'campaign.cancel', { type: 'campaign', id: campaignId }, details);
  return row;
}

/**
 * Notifies each invited creator and mails those who did not turn invitation mail off; with `tx`,
 * in that transaction (ADR 039).
 */
export async function mailInvitations(
  deps: Pick<PublishingDeps, 'db' | 'mailer' | 'env'>,
  title: string,
  invited: { id: string; creatorId: string; respondBy: Date }[],
  tx?: Database,
): Promise<void> {
  if (invited.length === 0) return;
  const recipients = await (tx ?? deps.db)
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        invited.map((row) => row.creatorId),
      ),
    );
  const byId = new Map(recipients.map((user) => [user.id, user]));
  const db = tx ?? deps.db;
  const optedOut = await usersWithoutMail(
    db,
    invited.map((row) => row.creatorId),
    'invitations',
  );
  for (const invitation of invited) {
    const creator = byId.get(invitation.creatorId);
    if (!creator) continue;
    await addNotification(db, {
      userId: creator.id,
      type: 'invitation_received',
      key: `invitation:${invitation.id}`,
      payload: { campaign: title },
      link: '/invitations',
    });
    if (optedOut.has(creator.id)) continue;
    const respondBy = invitation.respondBy.toLocaleDateString(creator.locale === 'sv' ? 'sv-SE' : 'en-GB', {
      timeZone: 'Europe/Stockholm',
      dateStyle: 'long',
    });
    await deps.mailer.send(
      claimMail('invited', creator, { campaign: title, respondBy, link: `${deps.env.PUBLIC_URL}/app/invitations` }),
      tx,
    );
  }
}
