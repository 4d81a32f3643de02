import type { BrandClaimItem, BrandHome } from '@kollab/contract/api/home';
import { HOME_LIST_LIMIT } from '@kollab/contract/home';
import { type Database, queryRows } from '@kollab/db';
import { campaignFunding, campaigns, claims, type User, users } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { recentConversations } from './recent-conversations.ts';
import { iso, isoOrNull } from './rows.ts';

interface ClaimRow {
  claim_id: string;
  campaign_id: string;
  title: string;
  creator_name: string;
  since: Date | string;
  auto_accept_at: Date | string | null;
  total: number;
}

/**
 * The brand's claims in one status across all its campaigns, with their number: through
 * `campaigns_brand_created_at_id_idx` and `claims_campaign_status_idx`. Pending claims oldest first (the one
 * waiting longest), submitted videos by when they are accepted on their own.
 */
async function claimsIn(db: Database, brand: User, status: 'pending' | 'submitted') {
  const order = status === 'pending' ? sql`cl.created_at asc` : sql`cl.auto_accept_at asc nulls last`;
  const since = status === 'pending' ? sql`cl.created_at` : sql`cl.updated_at`;
  const rows = await queryRows<ClaimRow>(
    db,
    sql`select cl.id as claim_id, c.id as campaign_id, c.title, u.full_name as creator_name,
               ${since} as since, cl.auto_accept_at, count(*) over ()::int as total
          from ${campaigns} c
          join ${claims} cl on cl.campaign_id = c.id and cl.status = ${status}
          join ${users} u on u.id = cl.creator_id
         where c.brand_id = ${brand.id}
         order by ${order}, cl.id
         limit ${HOME_LIST_LIMIT}`,
  );
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map(
      (row): BrandClaimItem => ({
        claimId: row.claim_id,
        campaign: { id: row.campaign_id, title: row.title },
        creatorName: row.creator_name,
        since: iso(row.since),
        autoAcceptAt: status === 'submitted' ? isoOrNull(row.auto_accept_at) : null,
      }),
    ),
  };
}

/** The brand's drafts, the most recently changed first, and whether each is paid for yet. */
async function drafts(db: Database, brand: User): Promise<BrandHome['drafts']> {
  const rows = await queryRows<{
    id: string;
    title: string;
    funded: boolean;
    updated_at: Date | string;
    total: number;
  }>(
    db,
    sql`select c.id, c.title, f.campaign_id is not null as funded, c.updated_at, count(*) over ()::int as total
          from ${campaigns} c left join ${campaignFunding} f on f.campaign_id = c.id
         where c.brand_id = ${brand.id} and c.status = 'draft'
         order by c.updated_at desc, c.id
         limit ${HOME_LIST_LIMIT}`,
  );
  return {
    count: rows[0]?.total ?? 0,
    items: rows.map((row) => ({
      campaign: { id: row.id, title: row.title },
      funded: row.funded,
      updatedAt: iso(row.updated_at),
    })),
  };
}

/** The brand's home: what waits for it across its campaigns, and its recent messages. */
export async function brandHome(db: Database, brand: User): Promise<BrandHome> {
  const [claimsToApprove, videosToReview, draftList, messages] = await Promise.all([
    claimsIn(db, brand, 'pending'),
    claimsIn(db, brand, 'submitted'),
    drafts(db, brand),
    recentConversations(db, brand),
  ]);
  return { role: 'brand', claimsToApprove, videosToReview, drafts: draftList, messages };
}
