import type { ClaimDetails, ClaimView, ListClaimsQuery } from '@kollab/contract/api/claims';
import type { Database } from '@kollab/db';
import {
  brandProfiles,
  campaigns,
  claimEvents,
  claims,
  creatorProfiles,
  invitations,
  submissions,
  type User,
  users,
} from '@kollab/db/schema';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { avatarUrl } from '../auth/session-view.ts';

/** Creators see their own claims, brands the claims on their campaigns, admins all. */
function claimVisibility(actor: User): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'brand') return eq(campaigns.brandId, actor.id);
  return eq(claims.creatorId, actor.id);
}

function toSubmission(row: typeof submissions.$inferSelect) {
  return {
    id: row.id,
    url: row.url,
    platform: row.platform,
    kind: row.kind,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function toViews(
  db: Database,
  where: SQL | undefined,
  options: { limit: number; offset: number; order: 'asc' | 'desc' },
) {
  const rows = await db
    .select({ claim: claims, campaign: campaigns, creator: users, profile: creatorProfiles, brand: brandProfiles })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .innerJoin(users, eq(users.id, claims.creatorId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, claims.creatorId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(where)
    .orderBy(options.order === 'asc' ? asc(claims.createdAt) : desc(claims.createdAt), asc(claims.id))
    .limit(options.limit)
    .offset(options.offset);
  const ids = rows.map((row) => row.claim.id);
  const latest = new Map<string, ReturnType<typeof toSubmission>>();
  if (ids.length) {
    const subs = await db
      .select()
      .from(submissions)
      .where(inArray(submissions.claimId, ids))
      .orderBy(desc(submissions.createdAt));
    for (const sub of subs) if (!latest.has(sub.claimId)) latest.set(sub.claimId, toSubmission(sub));
  }
  const brandNames = new Map<string, string>();
  const missing = rows.filter((row) => !row.brand).map((row) => row.campaign.brandId);
  if (missing.length) {
    for (const brand of await db
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(inArray(users.id, missing))) {
      brandNames.set(brand.id, brand.name);
    }
  }
  return rows.map(
    ({ claim, campaign, creator, profile, brand }): ClaimView => ({
      id: claim.id,
      status: claim.status,
      campaign: {
        id: campaign.id,
        title: campaign.title,
        brandId: campaign.brandId,
        brandName: brand?.companyName ?? brandNames.get(campaign.brandId) ?? '',
        maxRevisions: campaign.maxRevisions,
      },
      creator: {
        id: creator.id,
        name: creator.fullName,
        image: avatarUrl(creator),
        instagramHandle: profile?.instagramHandle ?? null,
        instagramFollowers: profile?.instagramFollowers ?? null,
        tiktokHandle: profile?.tiktokHandle ?? null,
        tiktokFollowers: profile?.tiktokFollowers ?? null,
      },
      payoutOre: claim.payoutOre,
      revisionsUsed: claim.revisionsUsed,
      autoAcceptAt: claim.autoAcceptAt?.toISOString() ?? null,
      acceptedAt: claim.acceptedAt?.toISOString() ?? null,
      latestSubmission: latest.get(claim.id) ?? null,
      createdAt: claim.createdAt.toISOString(),
      updatedAt: claim.updatedAt.toISOString(),
    }),
  );
}

export async function listClaims(
  db: Database,
  actor: User,
  query: ListClaimsQuery,
): Promise<{ data: ClaimView[]; total: number }> {
  const where = and(
    claimVisibility(actor),
    query.campaignId ? eq(claims.campaignId, query.campaignId) : undefined,
    query.status ? eq(claims.status, query.status) : undefined,
  );
  const [data, totals] = await Promise.all([
    toViews(db, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, order: query.order }),
    db.select({ total: count() }).from(claims).innerJoin(campaigns, eq(campaigns.id, claims.campaignId)).where(where),
  ]);
  return { data, total: totals[0]?.total ?? 0 };
}

/**
 * One claim with its history and submissions.
 * @throws not_found when the actor may not see it
 */
export async function getClaimDetails(db: Database, actor: User, id: string): Promise<ClaimDetails> {
  const [view] = await toViews(db, and(eq(claims.id, id), claimVisibility(actor)), {
    limit: 1,
    offset: 0,
    order: 'desc',
  });
  if (!view) throw new AppError('not_found', 'Claim not found');
  const [events, subs] = await Promise.all([
    db
      .select()
      .from(claimEvents)
      .where(eq(claimEvents.claimId, id))
      .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id)),
    db.select().from(submissions).where(eq(submissions.claimId, id)).orderBy(desc(submissions.createdAt)),
  ]);
  return {
    ...view,
    events: events.map((event) => ({
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      actorRole: event.actorRole,
      reason: event.reason,
      createdAt: event.createdAt.toISOString(),
    })),
    submissions: subs.map(toSubmission),
  };
}

export async function listInvitations(db: Database, creator: User) {
  const rows = await db
    .select({ invitation: invitations, campaign: campaigns, brand: brandProfiles, brandUser: users })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .innerJoin(users, eq(users.id, campaigns.brandId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .where(eq(invitations.creatorId, creator.id))
    .orderBy(desc(invitations.createdAt));
  return rows.map(({ invitation, campaign, brand, brandUser }) => ({
    id: invitation.id,
    status: invitation.status,
    respondBy: invitation.respondBy.toISOString(),
    score: invitation.score,
    reasons: invitation.reasons as Record<string, unknown>[],
    campaign: {
      id: campaign.id,
      title: campaign.title,
      brandName: brand?.companyName ?? brandUser.fullName,
      payoutOre: campaign.payoutOre,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
    },
    createdAt: invitation.createdAt.toISOString(),
  }));
}
