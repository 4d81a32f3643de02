import type {
  AdminCampaign,
  AdminCampaignsQuery,
  AdminClaim,
  AdminClaimsQuery,
  BulkApproveResult,
} from '@kollab/contract/api/admin';
import type { Database } from '@kollab/db';
import { brandProfiles, campaigns, claims, type User, users } from '@kollab/db/schema';
import { and, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors.ts';
import { deriveState } from '../campaigns/campaign-view.ts';
import { type ClaimDeps, transitionClaim } from '../claims/claims.service.ts';
import { type CsvColumn, containsPattern, pageOf, type Window } from './list-query.ts';

const CAMPAIGN_SORT = {
  createdAt: campaigns.createdAt,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  title: campaigns.title,
  budgetOre: campaigns.budgetOre,
} as const;

export async function listCampaigns(db: Database, query: AdminCampaignsQuery, window: Window) {
  const where = and(
    query.q ? ilike(campaigns.title, containsPattern(query.q)) : undefined,
    query.status ? eq(campaigns.status, query.status) : undefined,
    query.brandId ? eq(campaigns.brandId, query.brandId) : undefined,
  );
  const sort = { field: query.sort, column: CAMPAIGN_SORT[query.sort], order: query.order, id: campaigns.id };
  const ids = (after?: SQL) => db.select({ id: campaigns.id }).from(campaigns).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: !query.q });
  const [rows, total] = await Promise.all([
    db
      .select({ campaign: campaigns, brand: users, profile: brandProfiles, sortKey: page.sortKey })
      .from(campaigns)
      .innerJoin(users, eq(users.id, campaigns.brandId))
      .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
      .where(inArray(campaigns.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminCampaign[] = rows.map(({ campaign, brand, profile }) => ({
    id: campaign.id,
    title: campaign.title,
    brand: { id: brand.id, name: brand.fullName, companyName: profile?.companyName ?? null },
    status: campaign.status,
    state: deriveState(campaign),
    budgetOre: campaign.budgetOre,
    payoutOre: campaign.payoutOre,
    slots: campaign.slots,
    slotsTaken: campaign.slotsTaken,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    createdAt: campaign.createdAt.toISOString(),
  }));
  const nextCursor = page.nextCursor(rows.map(({ campaign, sortKey }) => ({ id: campaign.id, sortKey })));
  return { data, ...total, nextCursor };
}

const CLAIM_SORT = { createdAt: claims.createdAt, updatedAt: claims.updatedAt, status: claims.status } as const;
const creator = alias(users, 'creator');

export async function listClaims(db: Database, query: AdminClaimsQuery, window: Window) {
  const where = and(
    query.status ? eq(claims.status, query.status) : undefined,
    query.campaignId ? eq(claims.campaignId, query.campaignId) : undefined,
    query.creatorId ? eq(claims.creatorId, query.creatorId) : undefined,
  );
  const sort = { field: query.sort, column: CLAIM_SORT[query.sort], order: query.order, id: claims.id };
  const ids = (after?: SQL) => db.select({ id: claims.id }).from(claims).where(and(where, after)).$dynamic();
  const page = pageOf(db, ids, sort, window, { estimateFirst: true });
  const [rows, total] = await Promise.all([
    db
      .select({ claim: claims, campaign: { id: campaigns.id, title: campaigns.title }, creator, sortKey: page.sortKey })
      .from(claims)
      .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
      .innerJoin(creator, eq(creator.id, claims.creatorId))
      .where(inArray(claims.id, page.pageIds))
      .orderBy(...page.order),
    page.total,
  ]);
  const data: AdminClaim[] = rows.map((row) => ({
    id: row.claim.id,
    status: row.claim.status,
    campaign: row.campaign,
    creator: { id: row.creator.id, name: row.creator.fullName, email: row.creator.email },
    payoutOre: row.claim.payoutOre,
    createdAt: row.claim.createdAt.toISOString(),
    updatedAt: row.claim.updatedAt.toISOString(),
  }));
  const nextCursor = page.nextCursor(rows.map(({ claim, sortKey }) => ({ id: claim.id, sortKey })));
  return { data, ...total, nextCursor };
}

/**
 * Approves pending claims one by one through the state machine (each in its own transaction, with
 * its own claim event, audit entry and mail), answering per id like a batch of requests would.
 */
export async function approveClaims(
  deps: ClaimDeps,
  admin: User,
  ids: string[],
  reason: string,
): Promise<BulkApproveResult> {
  const data: BulkApproveResult['data'] = [];
  for (const id of new Set(ids)) {
    try {
      const claim = await transitionClaim(deps, admin, id, 'approved', { reason });
      data.push({ id, status: 200, claimStatus: claim.status, error: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      data.push({ id, status: error.status, claimStatus: null, error: { code: error.code, message: error.message } });
    }
  }
  return { data };
}

export const CAMPAIGNS_CSV: CsvColumn<AdminCampaign>[] = [
  ['id', (row) => row.id],
  ['title', (row) => row.title],
  ['brand_id', (row) => row.brand.id],
  ['brand', (row) => row.brand.companyName ?? row.brand.name],
  ['status', (row) => row.status],
  ['state', (row) => row.state],
  ['budget_sek', (row) => (row.budgetOre / 100).toFixed(2)],
  ['payout_sek', (row) => (row.payoutOre / 100).toFixed(2)],
  ['slots', (row) => row.slots],
  ['slots_taken', (row) => row.slotsTaken],
  ['starts_at', (row) => row.startsAt],
  ['ends_at', (row) => row.endsAt],
  ['created_at', (row) => row.createdAt],
];

export const CLAIMS_CSV: CsvColumn<AdminClaim>[] = [
  ['id', (row) => row.id],
  ['status', (row) => row.status],
  ['campaign_id', (row) => row.campaign.id],
  ['campaign', (row) => row.campaign.title],
  ['creator_id', (row) => row.creator.id],
  ['creator', (row) => row.creator.name],
  ['creator_email', (row) => row.creator.email],
  ['payout_sek', (row) => (row.payoutOre / 100).toFixed(2)],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
];
