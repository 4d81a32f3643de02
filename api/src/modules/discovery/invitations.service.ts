import { normaliseHandle } from '@kollab/contract/api/discovery';
import { brandProfiles, claims, creatorProfiles, invitations, type User, users } from '@kollab/db/schema';
import { and, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import type { AppVariables } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { scoreCreator } from '../../lib/matching.ts';
import { addWorkingDays } from '../../lib/working-days.ts';
import { getOwnCampaign } from '../campaigns/campaigns.service.ts';
import { claimMail } from '../claims/claims.mails.ts';
import { verifiedAccountMap } from '../verification/verification.service.ts';

type InviteInput = {
  campaignId: string;
  platform: 'instagram' | 'tiktok' | 'youtube';
  userId: string;
  username: string;
};
type InviteResult =
  | { invited: true; invitation: { id: string; campaignId: string; creatorId: string; respondBy: string } }
  | { invited: false; emailDraft: { subject: string; body: string } };

const RESPOND_WITHIN_WORKING_DAYS = 5;
const DEAD_CLAIM_STATUSES = ['rejected', 'cancelled', 'expired'] as const;

/**
 * Invites an influencer found in discovery to one of the brand's published campaigns. A Kollab
 * creator with that Instagram or TikTok handle gets a real invitation (scored like the matching,
 * answerable for 5 Swedish working days, mailed); anyone else gets an e-mail draft the brand can
 * send themselves, in the brand's language.
 * @throws not_found (not the brand's campaign), conflict (not published; already invited or claimed)
 */
export async function inviteFromDiscovery(
  deps: Pick<AppVariables, 'db' | 'env' | 'mailer' | 'logger'>,
  actor: User,
  input: InviteInput,
): Promise<InviteResult> {
  const { db } = deps;
  const campaign = await getOwnCampaign(db, actor, input.campaignId);
  if (campaign.status !== 'published')
    throw new AppError('conflict', `Campaign is ${campaign.status}; publish it first`);
  const handle = normaliseHandle(input.username);
  const handleColumn =
    input.platform === 'instagram'
      ? creatorProfiles.instagramHandle
      : input.platform === 'tiktok'
        ? creatorProfiles.tiktokHandle
        : null;
  const [creator] = handleColumn
    ? await db
        .select({ user: users, profile: creatorProfiles })
        .from(creatorProfiles)
        .innerJoin(users, eq(users.id, creatorProfiles.userId))
        .where(
          and(
            sql`lower(${handleColumn}) = ${handle}`,
            eq(users.role, 'creator'),
            isNull(users.suspendedAt),
            isNotNull(users.emailVerifiedAt),
          ),
        )
        .limit(1)
    : [];
  if (!creator) return { invited: false, emailDraft: await emailDraft(deps, actor, campaign.title, handle) };

  const [liveClaim] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(
        eq(claims.campaignId, campaign.id),
        eq(claims.creatorId, creator.user.id),
        notInArray(claims.status, [...DEAD_CLAIM_STATUSES]),
      ),
    )
    .limit(1);
  if (liveClaim) throw new AppError('conflict', 'This creator already has a claim on the campaign');
  const match = scoreCreator(
    {
      categories: campaign.categories,
      platforms: campaign.platforms.filter((p): p is 'instagram' | 'tiktok' => p === 'instagram' || p === 'tiktok'),
      tiers: campaign.creatorTiers.filter((t): t is 'nano' | 'micro' | 'ugc' => ['nano', 'micro', 'ugc'].includes(t)),
      audienceCountries: campaign.audienceCountries,
      audienceAgeGroups: campaign.audienceAgeGroups,
    },
    {
      creatorId: creator.user.id,
      categories: creator.profile.categories,
      instagramHandle: creator.profile.instagramHandle,
      instagramFollowers: creator.profile.instagramFollowers,
      tiktokHandle: creator.profile.tiktokHandle,
      tiktokFollowers: creator.profile.tiktokFollowers,
      verifiedPlatforms: ((await verifiedAccountMap(db, [creator.user.id])).get(creator.user.id) ?? []).map(
        (account) => account.platform,
      ),
    },
  );
  const respondBy = addWorkingDays(new Date(), RESPOND_WITHIN_WORKING_DAYS);
  const [invitation] = await db
    .insert(invitations)
    .values({
      campaignId: campaign.id,
      creatorId: creator.user.id,
      score: match.score,
      reasons: match.reasons,
      respondBy,
    })
    .onConflictDoNothing()
    .returning();
  if (!invitation) throw new AppError('conflict', 'This creator is already invited to the campaign');
  await recordAudit(
    db,
    actor,
    'campaign.invite',
    { type: 'campaign', id: campaign.id },
    {
      creatorId: creator.user.id,
      source: 'discovery',
      platform: input.platform,
    },
  );
  const date = respondBy.toLocaleDateString(creator.user.locale === 'sv' ? 'sv-SE' : 'en-GB', {
    timeZone: 'Europe/Stockholm',
    dateStyle: 'long',
  });
  await deps.mailer
    .send(
      claimMail('invited', creator.user, {
        campaign: campaign.title,
        respondBy: date,
        link: `${deps.env.PUBLIC_URL}/app/invitations`,
      }),
    )
    .catch((error: unknown) =>
      deps.logger.error({ err: error, invitationId: invitation.id }, 'invitation mail not sent'),
    );
  return {
    invited: true,
    invitation: {
      id: invitation.id,
      campaignId: invitation.campaignId,
      creatorId: invitation.creatorId,
      respondBy: invitation.respondBy.toISOString(),
    },
  };
}

async function emailDraft(
  deps: Pick<AppVariables, 'db' | 'env'>,
  actor: User,
  campaignTitle: string,
  handle: string,
): Promise<{ subject: string; body: string }> {
  const [brand] = await deps.db
    .select({ name: brandProfiles.companyName })
    .from(brandProfiles)
    .where(eq(brandProfiles.userId, actor.id));
  const brandName = brand?.name ?? actor.fullName;
  const signUp = `${deps.env.PUBLIC_URL}/app/register`;
  if (actor.locale === 'en') {
    return {
      subject: `Collaboration with ${brandName}: ${campaignTitle}`,
      body: `Hi @${handle},\n\nWe at ${brandName} like your content and would love to work with you on our campaign "${campaignTitle}" on Kollab, where creators and brands run paid collaborations.\n\nCreate a free creator account at ${signUp} and link your accounts; then you can claim the campaign.\n\nBest regards,\n${actor.fullName}\n${brandName}`,
    };
  }
  return {
    subject: `Samarbete med ${brandName}: ${campaignTitle}`,
    body: `Hej @${handle}!\n\nVi på ${brandName} gillar ditt innehåll och vill gärna samarbeta med dig i vår kampanj ”${campaignTitle}” på Kollab, där kreatörer och varumärken gör betalda samarbeten.\n\nSkapa ett gratis kreatörskonto på ${signUp} och koppla dina konton, så kan du ta kampanjen.\n\nVänliga hälsningar\n${actor.fullName}\n${brandName}`,
  };
}
