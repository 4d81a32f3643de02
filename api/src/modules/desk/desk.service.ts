import type { DeskCampaign, DeskState, ListDeskCampaignsQuery } from '@kollab/contract/api/desk';
import { type Database, queryRows } from '@kollab/db';
import { campaigns, claims, type User } from '@kollab/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { containsPattern, countOrEstimate, orderBy, type Total } from '../admin/list-query.ts';

/*
 * The brand's campaign desk (ADR 038): the brand's campaigns, each with the counts of what waits
 * for the brand and its spend, in one statement per page.
 */

/** Which campaigns show as `state` at `now`: the SQL twin of deskStateOf. */
function stateFilter(state: DeskState, at: Date): SQL | undefined {
  // As text with a cast: postgres.js and PGlite serialise a Date parameter differently.
  const now = sql`${at.toISOString()}::timestamptz`;
  const published = eq(campaigns.status, 'published');
  switch (state) {
    case 'draft':
      return eq(campaigns.status, 'draft');
    case 'paused':
      return eq(campaigns.status, 'paused');
    case 'coming_soon':
      return and(published, sql`${campaigns.startsAt} > ${now}`);
    case 'live':
      return and(published, sql`${campaigns.startsAt} <= ${now}`, sql`${campaigns.endsAt} > ${now}`);
    case 'ended':
      return sql`(${campaigns.status} = 'cancelled' or (${published} and ${campaigns.endsAt} <= ${now}))`;
  }
}

/**
 * What the brand is shown: a published campaign is coming soon before its start, live until its
 * end (a full one too: its creators still deliver), then ended; a cancelled one has ended.
 */
export function deskStateOf(
  campaign: { status: DeskCampaign['status']; startsAt: Date; endsAt: Date },
  now: Date,
): DeskState {
  if (campaign.status === 'draft' || campaign.status === 'paused') return campaign.status;
  if (campaign.status === 'cancelled' || campaign.endsAt <= now) return 'ended';
  return campaign.startsAt > now ? 'coming_soon' : 'live';
}

const SORT_COLUMNS = {
  createdAt: campaigns.createdAt,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  title: campaigns.title,
} as const;

/** A desk row as the statement gives it: timestamps as ISO text, sums as text (bigint). */
type DeskRow = Omit<DeskCampaign, 'state' | 'spentOre' | 'reservedOre' | 'budgetOre' | 'payoutOre'> & {
  budgetOre: string | number;
  payoutOre: string | number;
  spentOre: string | number;
  reservedOre: string | number;
};

/** A timestamp as ISO text on both drivers (postgres.js and PGlite parse timestamps differently). */
const isoText = (column: SQL | { getSQL(): SQL }) => sql`to_json(${column})#>>'{}'`;

/**
 * Reads whole rows and their claim counts for the ids `page` selects (with their `position`), in
 * the page's order. The counts are one aggregate per campaign over its claims (a walk of
 * claims_campaign_status_idx) inside the same statement: no query per row.
 */
async function readDeskRows(db: Database, page: SQL, now: Date): Promise<DeskCampaign[]> {
  const rows = await queryRows<DeskRow>(
    db,
    sql`select ${campaigns.id} as "id", ${campaigns.title} as "title", ${campaigns.status} as "status",
        ${isoText(campaigns.startsAt)} as "startsAt", ${isoText(campaigns.endsAt)} as "endsAt",
        ${isoText(campaigns.createdAt)} as "createdAt", ${campaigns.slots} as "slots",
        ${campaigns.slotsTaken} as "slotsTaken", ${campaigns.budgetOre} as "budgetOre",
        ${campaigns.payoutOre} as "payoutOre", counts.spent as "spentOre", counts.reserved as "reservedOre",
        counts.to_approve::int as "claimsToApprove", counts.to_review::int as "videosToReview",
        ${isoText(sql`counts.next_auto_accept_at`)} as "nextAutoAcceptAt"
      from (${page}) as p
      join ${campaigns} on ${campaigns.id} = p.id
      cross join lateral (
        select
          coalesce(sum(${claims.payoutOre}) filter (where ${claims.status} = 'accepted'), 0) as spent,
          coalesce(sum(${claims.payoutOre}) filter (
            where ${claims.status} in ('approved', 'submitted', 'changes_requested')), 0) as reserved,
          count(*) filter (where ${claims.status} = 'pending') as to_approve,
          count(*) filter (where ${claims.status} = 'submitted') as to_review,
          min(${claims.autoAcceptAt}) filter (where ${claims.status} = 'submitted') as next_auto_accept_at
        from ${claims} where ${claims.campaignId} = p.id
      ) as counts
      order by p.position`,
  );
  return rows.map((row) => {
    const startsAt = new Date(row.startsAt);
    const endsAt = new Date(row.endsAt);
    return {
      ...row,
      state: deskStateOf({ status: row.status, startsAt, endsAt }, now),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      createdAt: new Date(row.createdAt).toISOString(),
      budgetOre: Number(row.budgetOre),
      payoutOre: Number(row.payoutOre),
      spentOre: Number(row.spentOre),
      reservedOre: Number(row.reservedOre),
      nextAutoAcceptAt: row.nextAutoAcceptAt === null ? null : new Date(row.nextAutoAcceptAt).toISOString(),
    };
  });
}

/**
 * One page of the brand's own campaigns with their counts, and the total. The page's ids come
 * first (the brand's rows in order through campaigns_brand_created_at_id_idx), then only those rows
 * are read whole and counted (ADR 036's deferred join).
 */
export async function listDeskCampaigns(
  db: Database,
  brand: User,
  query: ListDeskCampaignsQuery,
  now = new Date(),
): Promise<{ data: DeskCampaign[] } & Total> {
  const where = and(
    eq(campaigns.brandId, brand.id),
    query.state ? stateFilter(query.state, now) : undefined,
    query.q ? sql`lower(${campaigns.title}) like lower(${containsPattern(query.q)})` : undefined,
  );
  const order = orderBy(SORT_COLUMNS[query.sort], query.order, campaigns.id);
  const ids = () => db.select({ id: campaigns.id }).from(campaigns).where(where).$dynamic();
  const page = db
    .select({
      id: campaigns.id,
      position: sql`row_number() over (order by ${sql.join(order, sql`, `)})`.as('position'),
    })
    .from(campaigns)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .getSQL();
  const [data, total] = await Promise.all([readDeskRows(db, page, now), countOrEstimate(db, ids)]);
  return { data, ...total };
}

/**
 * One campaign's desk row, for its brand or an admin.
 * @throws not_found for anyone else (ADR 004)
 */
export async function getDeskCampaign(db: Database, actor: User, id: string, now = new Date()): Promise<DeskCampaign> {
  const owner = actor.role === 'admin' ? undefined : eq(campaigns.brandId, actor.id);
  const page = db
    .select({ id: campaigns.id, position: sql`1`.as('position') })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), owner))
    .getSQL();
  const [row] = await readDeskRows(db, page, now);
  if (!row) throw new AppError('not_found', 'Campaign not found');
  return row;
}
