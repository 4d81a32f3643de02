import type { Database } from '@kollab/db';
import { brandProfiles, type Campaign, campaigns, claims, type User, users } from '@kollab/db/schema';
import { and, arrayContains, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { toCampaignViews } from './campaign-view.ts';
import {
  type CampaignView,
  type CreateCampaignBody,
  campaignRuleIssues,
  type ListCampaignsQuery,
  type UpdateCampaignBody,
} from './campaigns.schemas.ts';

const MONEY_TERMS = ['budgetOre', 'payoutOre', 'slots'] as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Who may see which campaigns: brands their own, admins all, creators published ones and ones they claimed. */
function visibility(actor: User): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'brand') return eq(campaigns.brandId, actor.id);
  return sql`(${campaigns.status} = 'published' or exists (select 1 from ${claims} where ${claims.campaignId} = ${campaigns.id} and ${claims.creatorId} = ${actor.id}))`;
}

/** A creator's claims, newest first, with their campaigns' status (one small query per list page). */
async function claimsOf(db: Database, actor: User) {
  if (actor.role !== 'creator') return [];
  return db
    .select({ id: claims.id, status: claims.status, campaignId: claims.campaignId, campaignStatus: campaigns.status })
    .from(claims)
    .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
    .where(eq(claims.creatorId, actor.id))
    .orderBy(desc(claims.createdAt));
}

export async function listCampaigns(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
): Promise<{ data: CampaignView[]; total: number }> {
  const mine = await claimsOf(db, actor);
  // Shaped so PostgreSQL can walk the (status, starts_at) index: the few unpublished campaigns a
  // creator has claims on are named rather than checked row by row.
  const unpublishedClaimed = [
    ...new Set(mine.filter((claim) => claim.campaignStatus !== 'published').map((claim) => claim.campaignId)),
  ];
  const published = eq(campaigns.status, 'published');
  const conditions: (SQL | undefined)[] = [
    actor.role !== 'creator'
      ? visibility(actor)
      : unpublishedClaimed.length
        ? or(published, inArray(campaigns.id, unpublishedClaimed))
        : published,
  ];
  if (query.status) conditions.push(eq(campaigns.status, query.status));
  if (query.category) conditions.push(arrayContains(campaigns.categories, [query.category]));
  if (query.platform) conditions.push(arrayContains(campaigns.platforms, [query.platform]));
  const search = query.q?.replace(/^#/, '').trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(
      sql`(${campaigns.title} ilike ${pattern} or array_to_string(${campaigns.hashtags}, ' ') ilike ${pattern}
        or ${campaigns.brandId} in (select ${users.id} from ${users} left join ${brandProfiles} on ${brandProfiles.userId} = ${users.id}
                                   where ${users.role} = 'brand'
                                     and coalesce(${brandProfiles.companyName}, ${users.fullName}) ilike ${pattern}))`,
    );
  }
  const where = and(...conditions);
  const column = {
    startsAt: campaigns.startsAt,
    createdAt: campaigns.createdAt,
    title: campaigns.title,
    payoutOre: campaigns.payoutOre,
  }[query.sort];
  const [page, totals] = await Promise.all([
    db
      .select({ campaign: campaigns, brandName: users.fullName, profile: brandProfiles })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.brandId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
      .where(where)
      .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(campaigns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  const brands = new Map(
    page.map((row) => [
      row.campaign.brandId,
      { id: row.campaign.brandId, fullName: row.brandName, profile: row.profile },
    ]),
  );
  const myClaims = new Map<string, { id: string; status: string }>();
  for (const claim of mine) {
    if (!myClaims.has(claim.campaignId)) myClaims.set(claim.campaignId, { id: claim.id, status: claim.status });
  }
  const campaignRows = page.map((row) => row.campaign);
  return { data: await toCampaignViews(db, actor, campaignRows, { brands, myClaims }), total: totals[0]?.total ?? 0 };
}

/**
 * A campaign the actor may see.
 * @throws not_found otherwise (ADR 004)
 */
export async function getVisibleCampaign(db: Database, actor: User, id: string): Promise<Campaign> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), visibility(actor)));
  if (!row) throw new AppError('not_found', 'Campaign not found');
  return row;
}

/**
 * A campaign the actor may change: the owning brand, or an admin.
 * @throws not_found for anyone else
 */
export async function getOwnCampaign(db: Database, actor: User, id: string): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row || (actor.role !== 'admin' && row.brandId !== actor.id))
    throw new AppError('not_found', 'Campaign not found');
  return row;
}

export async function getCampaignView(db: Database, actor: User, id: string): Promise<CampaignView> {
  const [view] = await toCampaignViews(db, actor, [await getVisibleCampaign(db, actor, id)]);
  if (!view) throw new AppError('not_found', 'Campaign not found');
  return view;
}

export async function createCampaign(db: Database, brand: User, input: CreateCampaignBody): Promise<CampaignView> {
  const [row] = await db
    .insert(campaigns)
    .values({
      ...input,
      brandId: brand.id,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      usageMonths: input.usageRights === 'paid_ads' ? (input.usageMonths ?? null) : null,
    })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  await recordAudit(db, brand, 'campaign.create', { type: 'campaign', id: row.id });
  const [view] = await toCampaignViews(db, brand, [row]);
  if (!view) throw new Error('campaign view missing');
  return view;
}

/**
 * Edits a campaign. Once published, its money terms (budget, payout, slots) are locked; a cancelled
 * campaign cannot change. The merged result must still satisfy every campaign rule.
 * @throws not_found, conflict (locked terms or cancelled), validation_failed
 */
export async function updateCampaign(
  db: Database,
  actor: User,
  id: string,
  input: UpdateCampaignBody,
): Promise<CampaignView> {
  const current = await getOwnCampaign(db, actor, id);
  if (current.status === 'cancelled') throw new AppError('conflict', 'A cancelled campaign cannot be changed');
  if (current.status !== 'draft') {
    const changed = MONEY_TERMS.filter((key) => input[key] !== undefined && input[key] !== current[key]);
    if (changed.length) throw new AppError('conflict', `Money terms are locked once published: ${changed.join(', ')}`);
  }
  const merged = {
    budgetOre: input.budgetOre ?? current.budgetOre,
    payoutOre: input.payoutOre ?? current.payoutOre,
    slots: input.slots ?? current.slots,
    startsAt: input.startsAt ?? current.startsAt.toISOString(),
    endsAt: input.endsAt ?? current.endsAt.toISOString(),
    usageRights: input.usageRights ?? current.usageRights,
    usageMonths: input.usageMonths === undefined ? current.usageMonths : input.usageMonths,
  };
  const issues = campaignRuleIssues(merged);
  if (Object.keys(issues).length) throw AppError.validation(issues);
  const { startsAt, endsAt, ...rest } = input;
  const [row] = await db
    .update(campaigns)
    .set({
      ...rest,
      ...(startsAt ? { startsAt: new Date(startsAt) } : {}),
      ...(endsAt ? { endsAt: new Date(endsAt) } : {}),
      ...(merged.usageRights === 'organic' ? { usageMonths: null } : {}),
    })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new AppError('not_found', 'Campaign not found');
  await recordAudit(db, actor, 'campaign.update', { type: 'campaign', id }, { fields: Object.keys(input) });
  const [view] = await toCampaignViews(db, actor, [row]);
  if (!view) throw new Error('campaign view missing');
  return view;
}

/** What a campaign has committed: accepted payouts, and what is left of the budget. */
export async function getCampaignSpend(
  db: Database,
  actor: User,
  id: string,
): Promise<{ budgetOre: number; committedOre: number; remainingOre: number; acceptedClaims: number }> {
  const campaign = await getOwnCampaign(db, actor, id);
  const [row] = await db
    .select({ committed: sql<string | null>`sum(${claims.payoutOre})`, accepted: count() })
    .from(claims)
    .where(and(eq(claims.campaignId, id), eq(claims.status, 'accepted')));
  const committedOre = Number(row?.committed ?? 0);
  return {
    budgetOre: campaign.budgetOre,
    committedOre,
    remainingOre: campaign.budgetOre - committedOre,
    acceptedClaims: row?.accepted ?? 0,
  };
}
