import type { ListCampaignsQuery } from '@kollab/contract/api/campaigns';
import type { Database } from '@kollab/db';
import {
  brandProfiles,
  type Campaign,
  campaignListVersion,
  campaigns,
  claims,
  type User,
  users,
} from '@kollab/db/schema';
import { and, arrayContains, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { perOwner } from '../../lib/bounded-cache.ts';
import { afterCursor, type ListSort } from '../../lib/keyset.ts';
import { EXACT_TOTAL_LIMIT } from '../../lib/row-estimate.ts';
import { campaignMatches } from './campaign-list.search.ts';
import type { BrandProfileView, MyClaim } from './campaign-view.ts';

// The campaign list's prepared statements, one set per request shape (campaign-list.query.ts).

type ListShape = Pick<ListCampaignsQuery, 'sort' | 'order'> & {
  role: User['role'];
  /** The page starts after a cursor's row (the `afterValue`, `afterId` placeholders) instead of at an offset. */
  cursor: boolean;
  status: boolean;
  category: boolean;
  platform: boolean;
  search: boolean;
};

/** A campaign row as `json_build_object` gives it: timestamps as ISO strings. */
type CampaignJson = Omit<Campaign, 'startsAt' | 'endsAt' | 'publishedAt' | 'createdAt' | 'updatedAt'> & {
  startsAt: string;
  endsAt: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Back to the row drizzle would have given (JS dates keep milliseconds either way). */
export function campaignFromJson(value: string | CampaignJson): Campaign {
  const json: CampaignJson = typeof value === 'string' ? JSON.parse(value) : value;
  return {
    ...json,
    startsAt: new Date(json.startsAt),
    endsAt: new Date(json.endsAt),
    publishedAt: json.publishedAt === null ? null : new Date(json.publishedAt),
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
  };
}

export type ListRow = {
  campaign: string | CampaignJson;
  /** The row's sort value as PostgreSQL prints it, for the next page's cursor. */
  sortKey: string;
  brandName: string;
  profile: BrandProfileView | null;
  myClaimId: string | null;
  myClaimStatus: MyClaim['status'] | null;
  /** Row versions (`xmin`) of the campaign and of its brand's user and profile rows (campaign-page-cache.ts). */
  campaignVersion: string;
  brandVersion: string;
} & ListTotals;

/** What the list statements return about the total (see buildListStatements). */
export type ListTotals = {
  listVersion: number;
  /** null: unchanged since counted at the `knownVersion` passed in. */
  sharedTotal: number | null;
  ownTotal: number;
};

const SORT_COLUMNS = {
  startsAt: campaigns.startsAt,
  createdAt: campaigns.createdAt,
  title: campaigns.title,
  payoutOre: campaigns.payoutOre,
} as const;

/** The list's order as keyset pages name it (every sortable column is NOT NULL). */
export function listSortOf(query: Pick<ListCampaignsQuery, 'sort' | 'order'>): ListSort {
  return { field: query.sort, column: SORT_COLUMNS[query.sort], order: query.order, id: campaigns.id };
}

/**
 * The list statement for one shape of request (who asks, which filters, which order), with every
 * value a placeholder. Built once per shape and database, then only executed: building a statement
 * this size with drizzle costs about as much CPU as running it.
 *
 * It returns one page of the campaigns the actor may see together with the total, the brands and
 * (for a creator) their own newest claim per campaign, in a single round trip: each round trip to
 * PostgreSQL costs both processes system calls and wake-ups, which on a small machine outweigh the
 * queries themselves.
 *
 * A creator sees published campaigns plus the unpublished ones they hold a claim on. That is a
 * UNION ALL of two branches rather than an OR, so PostgreSQL still walks the (status, starts_at)
 * index for the published branch and stops after one page; the claimed branch is the few rows found
 * through the creator's claims.
 */
function buildListStatements(db: Database, shape: ListShape) {
  const me = sql.placeholder('me');
  const filters: SQL[] = [];
  if (shape.status) filters.push(eq(campaigns.status, sql.placeholder('status')));
  if (shape.category) filters.push(arrayContains(campaigns.categories, sql.placeholder('category')));
  if (shape.platform) filters.push(arrayContains(campaigns.platforms, sql.placeholder('platform')));
  if (shape.search) filters.push(campaignMatches(sql.placeholder('pattern'), sql.placeholder('brandIds')));
  const sortColumn = listSortOf(shape).column;
  const sortOrder = shape.order === 'asc' ? asc : desc;
  // A page after a cursor: both branches start past its row (the totals count every row).
  const afterKey = shape.cursor
    ? afterCursor(listSortOf(shape), sql.placeholder('afterValue'), sql.placeholder('afterId'))
    : undefined;
  // The branches pick the page's ids in the index's order (status, starts_at DESC, id: an index walk
  // that reads no other column, migration 0032); only the page's rows are then read whole. Reading
  // whole rows up to page N cost a heap visit per row skipped (ADR 036).
  const branch = (condition: SQL | undefined) =>
    db
      .select({ id: campaigns.id, sortValue: sql`${sortColumn}`.as('sort_value') })
      .from(campaigns)
      .where(and(condition, afterKey, ...filters));
  // 'published' written into the statement, not bound: a prepared statement's generic plan does not
  // know a bound status stands for 90 % of the table, and ANDed the whole status index (900,000
  // entries at 1M) into every capped count of a search.
  const published = () => sql`${campaigns.status} = 'published'`;
  const claimedUnpublished = () =>
    and(
      sql`${campaigns.status} <> 'published'`,
      inArray(campaigns.id, db.select({ id: claims.campaignId }).from(claims).where(eq(claims.creatorId, me))),
    );
  const visibleTo = shape.role === 'brand' ? eq(campaigns.brandId, me) : undefined;
  const countOf = (condition: SQL | undefined) =>
    sql`(${db
      .select({ count: count() })
      .from(campaigns)
      .where(and(condition, ...filters))})`;
  // The total is a sum of counts rather than the count of a UNION ALL, which costs PostgreSQL three
  // times as much. Its expensive part (every published campaign matching the filters, or a brand's or
  // an admin's whole set) depends only on the campaigns, so it is kept in memory per list version
  // (listTotals): while the version read in this snapshot is the one it was counted at, PostgreSQL is
  // not asked again (a CASE evaluates its sub-select only when it gets there). A creator's claimed
  // unpublished campaigns are few and change with their claims: counted every time.
  const listVersion = sql<number>`(select ${campaignListVersion.version} from ${campaignListVersion})`.mapWith(Number);
  // Not counted either when listCampaigns answers the planner's estimate instead (`countShared` false).
  const unlessKnown = (counted: SQL) =>
    sql<number | null>`case when ${listVersion} = ${sql.placeholder('knownVersion')}::bigint
      or not ${sql.placeholder('countShared')}::boolean then null else ${counted} end`.mapWith((value: unknown) =>
      value === null ? null : Number(value),
    );
  // The shared total is counted only up to EXACT_TOTAL_LIMIT + 1 (a count that stops there, the
  // limit written into the statement so that its generic plan knows it); listCampaigns replaces a
  // total past the limit by the planner's estimate (ADR 036).
  const cappedCountOf = (condition: SQL | undefined) =>
    sql`(select count(*) from (${db
      .select({ one: sql`1` })
      .from(campaigns)
      .where(and(condition, ...filters))} limit ${sql.raw(String(EXACT_TOTAL_LIMIT + 1))}) as "capped")`;
  const totals = {
    listVersion,
    sharedTotal: unlessKnown(cappedCountOf(shape.role === 'creator' ? published() : visibleTo)),
    ownTotal: (shape.role === 'creator' ? countOf(claimedUnpublished()) : sql`0`).mapWith(Number),
  };
  const sorted = (condition: SQL | undefined) => branch(condition).orderBy(sortOrder(sortColumn), asc(campaigns.id));
  const pageOfVisible = () => {
    if (shape.role !== 'creator') {
      return sorted(visibleTo).limit(sql.placeholder('pageSize')).offset(sql.placeholder('offset')).as('p');
    }
    // Each branch is sorted and cut to the rows up to this page on its own (for the published branch
    // a walk down the index); only those rows are merged and sorted again. PostgreSQL 15 does not
    // push the ORDER BY ... LIMIT into UNION ALL branches itself when the id tiebreaker needs an
    // incremental sort.
    const merged = sorted(published())
      .limit(sql.placeholder('upToPage'))
      .unionAll(sorted(claimedUnpublished()).limit(sql.placeholder('upToPage')))
      .as('merged');
    return db
      .select()
      .from(merged)
      .orderBy(sortOrder(merged.sortValue), asc(merged.id))
      .limit(sql.placeholder('pageSize'))
      .offset(sql.placeholder('offset'))
      .as('p');
  };
  const p = pageOfVisible();
  const myClaim = db
    .select({ id: claims.id, status: claims.status })
    .from(claims)
    .where(and(eq(claims.campaignId, p.id), eq(claims.creatorId, me)))
    .orderBy(desc(claims.createdAt))
    .limit(1)
    .as('my');
  // The campaign as one JSON value: drizzle maps every selected field of every row one by one,
  // which for a page of 20 rows × 30 columns cost more CPU than PostgreSQL building the JSON.
  const columns = getTableColumns(campaigns);
  const campaignJson = sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
  const page = db
    .select({
      campaign: campaignJson,
      brandName: users.fullName,
      profile: {
        companyName: brandProfiles.companyName,
        instagramHandle: brandProfiles.instagramHandle,
        instagramPosts: brandProfiles.instagramPosts,
        instagramFollowers: brandProfiles.instagramFollowers,
        instagramFollowing: brandProfiles.instagramFollowing,
      },
      myClaimId: myClaim.id,
      myClaimStatus: myClaim.status,
      // Named: unnamed, this cast's output column would be called "sort_value" too, and the ORDER BY
      // below would sort by the text (payouts as strings: "90000" after "250000").
      sortKey: sql<string>`${p.sortValue}::text`.as('sort_key'),
      campaignVersion: sql<string>`${campaigns}.xmin::text`,
      brandVersion: sql<string>`${users}.xmin::text || ':' || coalesce(${brandProfiles}.xmin::text, '')`,
      ...totals,
    })
    .from(p)
    .innerJoin(campaigns, eq(campaigns.id, p.id))
    .innerJoin(users, eq(users.id, campaigns.brandId))
    .leftJoin(brandProfiles, eq(brandProfiles.userId, campaigns.brandId))
    .leftJoinLateral(myClaim, sql.raw(shape.role === 'creator' ? 'true' : 'false'))
    .orderBy(sortOrder(p.sortValue), asc(p.id));
  // Past the last page there is no row to carry the total.
  const totalOnly = db.select(totals).from(sql`(select 1) as "one"`).prepare('campaign_list_total');
  if (!shape.search) return { page: page.prepare('campaign_list'), totalOnly };
  // A search is planned for its values on every execution (an unnamed statement, as drizzle runs a
  // query builder): how many campaigns the pattern matches decides the plan (campaignMatches), and
  // the generic plan a prepared statement settles on knows neither that nor the LIMIT (it took the
  // LIMIT for a tenth of the matches and walked the index with two parallel workers: 34–48 ms for a
  // page that takes 1 ms; ADR 036). Planning costs about 1 ms, and only for pages not kept.
  return { page: { execute: (values: Record<string, unknown>) => page.execute(values) }, totalOnly };
}

const listStatementsOf = perOwner(() => new Map<string, ReturnType<typeof buildListStatements>>());

export function listStatementsFor(db: Database, shape: ListShape) {
  const byShape = listStatementsOf(db);
  const key = JSON.stringify(shape);
  let statements = byShape.get(key);
  if (!statements) {
    statements = buildListStatements(db, shape);
    byShape.set(key, statements);
  }
  return statements;
}
