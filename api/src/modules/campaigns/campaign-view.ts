import type { CampaignView } from '@kollab/contract/api/campaigns';

import type { Database } from '@kollab/db';
import { brandProfiles, type Campaign, claims, type User, users } from '@kollab/db/schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { coverSources } from './covers.ts';

/** A creator's own newest claim on a campaign, as the campaign's view shows it. */
export type MyClaim = NonNullable<CampaignView['myClaim']>;

type CampaignState = CampaignView['state'];

/**
 * What a campaign looks like to people, derived and never stored: a published campaign is
 * "coming soon" before its start and "over" after its end or once every slot is taken.
 */
export function deriveState(
  campaign: Pick<Campaign, 'status' | 'startsAt' | 'endsAt' | 'slots' | 'slotsTaken'>,
  now = new Date(),
): CampaignState {
  if (campaign.status !== 'published') return campaign.status;
  if (campaign.endsAt <= now || campaign.slotsTaken >= campaign.slots) return 'over';
  if (campaign.startsAt > now) return 'coming_soon';
  return 'active';
}

/** The parts of a brand profile a campaign shows. */
export type BrandProfileView = Pick<
  typeof brandProfiles.$inferSelect,
  'companyName' | 'instagramHandle' | 'instagramPosts' | 'instagramFollowers' | 'instagramFollowing'
>;

type BrandInfo = { id: string; fullName: string; profile: BrandProfileView | null };

export interface ViewContext {
  /** Already-loaded brands, keyed by user id (saves a query for list pages). */
  brands?: Map<string, BrandInfo>;
  /** Already-loaded newest claim of the creator per campaign id. */
  myClaims?: Map<string, MyClaim>;
}

/**
 * Turns rows into the API shape with their brand and, for a creator, their own newest claim.
 * Creators' list pages are kept and checked by the row versions of the campaign, the brand's user and
 * its profile (campaign-page-cache.ts, ADR 010): what a view shows must come from those rows, the
 * claim or the clock.
 */
export async function toCampaignViews(
  db: Database,
  actor: User,
  rows: Campaign[],
  context: ViewContext = {},
): Promise<CampaignView[]> {
  if (rows.length === 0) return [];
  let brandById = context.brands;
  if (!brandById) {
    const brandIds = [...new Set(rows.map((row) => row.brandId))];
    const brands = await db
      .select({ id: users.id, fullName: users.fullName, profile: brandProfiles })
      .from(users)
      .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
      .where(inArray(users.id, brandIds));
    brandById = new Map(brands.map((brand) => [brand.id, brand]));
  }
  let myClaims = context.myClaims;
  if (!myClaims) {
    myClaims = new Map();
    if (actor.role === 'creator') {
      const rowsOfMine = await db
        .select({ id: claims.id, status: claims.status, campaignId: claims.campaignId })
        .from(claims)
        .where(
          and(
            eq(claims.creatorId, actor.id),
            inArray(
              claims.campaignId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(desc(claims.createdAt));
      for (const claim of rowsOfMine) {
        if (!myClaims.has(claim.campaignId)) myClaims.set(claim.campaignId, { id: claim.id, status: claim.status });
      }
    }
  }
  const now = new Date();
  return rows.map((row) => {
    const brand = brandById?.get(row.brandId);
    const profile = brand?.profile;
    return {
      id: row.id,
      brand: {
        id: row.brandId,
        name: profile?.companyName ?? brand?.fullName ?? '',
        instagram: profile?.instagramHandle
          ? {
              handle: profile.instagramHandle,
              posts: profile.instagramPosts,
              followers: profile.instagramFollowers,
              following: profile.instagramFollowing,
            }
          : null,
      },
      title: row.title,
      description: row.description,
      objectives: row.objectives,
      categories: row.categories,
      platforms: row.platforms,
      creatorTiers: row.creatorTiers,
      audienceCountries: row.audienceCountries,
      audienceAgeGroups: row.audienceAgeGroups,
      audienceGender: row.audienceGender,
      budgetOre: row.budgetOre,
      payoutOre: row.payoutOre,
      slots: row.slots,
      slotsTaken: row.slotsTaken,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      hashtags: row.hashtags,
      preferredCreatorType: row.preferredCreatorType,
      brandLink: row.brandLink,
      productLink: row.productLink,
      guidelines: row.guidelines,
      usageRights: row.usageRights,
      usageMonths: row.usageMonths,
      maxRevisions: row.maxRevisions,
      requireVerifiedCreators: row.requireVerifiedCreators,
      coverUrl: coverSources(row)?.src ?? null,
      coverSrcSet: coverSources(row)?.srcSet ?? null,
      status: row.status,
      state: deriveState(row, now),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      myClaim: myClaims?.get(row.id) ?? null,
    };
  });
}
