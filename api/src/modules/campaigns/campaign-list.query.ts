import type { ListCampaignsQuery } from '@kollab/contract/api/campaigns';
import { NUMBERED_PAGES_ROWS } from '@kollab/contract/campaigns';
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
import { BoundedCache, perOwner } from '../../lib/bounded-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { afterCursor, type CursorKey, decodeCursor, encodeCursor, type ListSort } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { EXACT_TOTAL_LIMIT, estimateRows } from '../../lib/row-estimate.ts';
import { validUntilOf } from './campaign-answers.ts';
import { brandsNamed, campaignMatches } from './campaign-list.search.ts';
import { type CampaignListAnswer, pageFromCache, pageVersions, rememberPage } from './campaign-page-cache.ts';
import { type BrandProfileView, type MyClaim, toCampaignViews } from './campaign-view.ts';

// The campaign list (GET /api/campaigns): prepared statements per request shape, totals kept per
// list version, and a creator's page from campaign-page-cache.ts. Hot enough to be its own file.

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
function campaignFromJson(value: string | CampaignJson): Campaign {
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

type ListRow = {
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
type ListTotals = {
  listVersion: number;
  /** null: unchanged since counted at the `knownVersion` passed in. */
  sharedTotal: number | null;
  ownTotal: number;
};

/** Distinct filter combinations (searches above all) whose totals are kept; least recently used go first. */
const LIST_TOTALS_KEPT = 5_000;
/** Expensive list totals per database and request shape + filter values, each with the version it holds for. */
const listTotalsOf = perOwner(
  (): BoundedCache<{ version: number; total: number }> => new BoundedCache(Number.POSITIVE_INFINITY, LIST_TOTALS_KEPT),
);

const SORT_COLUMNS = {
  startsAt: campaigns.startsAt,
  createdAt: campaigns.createdAt,
  title: campaigns.title,
  payoutOre: campaigns.payoutOre,
} as const;

/** The list's order as keyset pages name it (every sortable column is NOT NULL). */
function listSortOf(query: Pick<ListCampaignsQuery, 'sort' | 'order'>): ListSort {
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

function listStatementsFor(db: Database, shape: ListShape) {
  const byShape = listStatementsOf(db);
  const key = JSON.stringify(shape);
  let statements = byShape.get(key);
  if (!statements) {
    statements = buildListStatements(db, shape);
    byShape.set(key, statements);
  }
  return statements;
}

/**
 * The planner's estimate of the campaigns the shared total counts (every published one for a
 * creator, the brand's own, or all for an admin) with the request's filters: the total once
 * counting would pass EXACT_TOTAL_LIMIT (ADR 036). Kept per list version like a counted total.
 */
function estimateVisible(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
  pattern: string | undefined,
  brandIds: string[],
): Promise<number> {
  const conditions = [
    actor.role === 'creator' ? eq(campaigns.status, 'published') : undefined,
    actor.role === 'brand' ? eq(campaigns.brandId, actor.id) : undefined,
    query.status ? eq(campaigns.status, query.status) : undefined,
    query.category ? arrayContains(campaigns.categories, [query.category]) : undefined,
    query.platform ? arrayContains(campaigns.platforms, [query.platform]) : undefined,
    pattern ? campaignMatches(pattern, brandIds) : undefined,
  ];
  return estimateRows(
    db,
    db
      .select({ one: sql`1` })
      .from(campaigns)
      .where(and(...conditions)),
  );
}

/**
 * A search the planner expects to match this many campaigns is not counted: its total is that
 * estimate (ADR 036). Twice the limit, so that the estimate's error (steps of 0.2 % of the table,
 * migration 0037; filters assumed independent) does not pass off a total under the limit, which
 * would have been counted exactly, as an estimate.
 */
const COMMON_SEARCH_ESTIMATE = 2 * EXACT_TOTAL_LIMIT;
/** How long a search's estimate is kept: it changes only when ANALYZE samples the campaigns again. */
const SEARCH_ESTIMATE_MS = 60_000;
/** The planner's estimate per search and filters (the key of a shared total), with when it expires. */
const searchEstimatesOf = perOwner(
  (): BoundedCache<{ estimate: number; until: number }> => new BoundedCache(Number.POSITIVE_INFINITY, LIST_TOTALS_KEPT),
);

/**
 * The total of a search that matches more than COMMON_SEARCH_ESTIMATE campaigns by the planner's
 * estimate, else undefined (the search is counted). Counting a common term's first 10,001 matches
 * read 10,001 rows (3,336 pages at 1M campaigns) for every new search and after every change of the
 * campaigns; the estimate is one EXPLAIN, kept a minute.
 */
async function commonSearchTotal(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
  search: { pattern: string; brandIds: string[]; totalKey: string },
): Promise<number | undefined> {
  const estimates = searchEstimatesOf(db);
  let kept = estimates.get(search.totalKey);
  if (!kept || kept.until <= Date.now()) {
    kept = {
      estimate: await estimateVisible(db, actor, query, search.pattern, search.brandIds),
      until: Date.now() + SEARCH_ESTIMATE_MS,
    };
    estimates.set(search.totalKey, kept, 0);
  }
  return kept.estimate > COMMON_SEARCH_ESTIMATE ? kept.estimate : undefined;
}

/**
 * One page of the campaigns the actor may see, newest claim of a creator included, and the total.
 * A creator's page may come prepared from memory (campaign-page-cache.ts).
 */
export async function listCampaigns(db: Database, actor: User, query: ListCampaignsQuery): Promise<CampaignListAnswer> {
  const search = query.q?.replace(/^#/, '').trim();
  const sort = listSortOf(query);
  const after = query.cursor === undefined ? undefined : decodeCursor(sort, query.cursor);
  // After a cursor the page is the first pageSize rows past it; otherwise (page - 1) pages in, which
  // PostgreSQL walks past row by row: 2.4 s a page at page 9,000 under load (ADR 036).
  const offset = after ? 0 : (query.page - 1) * query.pageSize;
  if (offset >= NUMBERED_PAGES_ROWS) {
    throw AppError.validation(
      { page: [`pages past the first ${NUMBERED_PAGES_ROWS} campaigns are asked for with the previous page's cursor`] },
      `Invalid page: past the first ${NUMBERED_PAGES_ROWS} campaigns, ask with the previous page's nextCursor`,
    );
  }
  const pattern = search ? containsPattern(search) : undefined;
  const brandIds = pattern ? await brandsNamed(db, pattern) : [];
  // Everything the shared total depends on besides the campaigns themselves.
  const totalKey = JSON.stringify([
    actor.role,
    actor.role === 'brand' ? actor.id : '',
    query.status,
    query.category,
    query.platform,
    pattern,
    brandIds,
  ]);
  const pageKey =
    actor.role === 'creator'
      ? JSON.stringify([totalKey, query.sort, query.order, after ?? query.page, query.pageSize])
      : undefined;
  const request = { search, sort, after, offset, pattern, brandIds, totalKey, pageKey };
  if (!pageKey) return buildPage(db, actor, query, request);
  const cached = await pageFromCache(db, actor, pageKey);
  if (cached) return cached;
  // The same page already being built for another creator (a search's first pages are asked for by
  // many at once): wait for it and answer from memory, instead of building it again beside it.
  const building = pagesBuilding(db);
  const inFlight = building.get(pageKey);
  if (inFlight) {
    await inFlight.catch(() => undefined);
    const ready = await pageFromCache(db, actor, pageKey);
    if (ready) return ready;
    return buildPage(db, actor, query, request);
  }
  const built = buildPage(db, actor, query, request);
  building.set(pageKey, built);
  try {
    return await built;
  } finally {
    building.delete(pageKey);
  }
}

/** Pages being built now, by page key (listCampaigns). */
const pagesBuilding = perOwner(() => new Map<string, Promise<CampaignListAnswer>>());

/** What listCampaigns worked out from the request before building its page. */
interface PageRequest {
  search: string | undefined;
  sort: ListSort;
  after: CursorKey | undefined;
  offset: number;
  pattern: string | undefined;
  brandIds: string[];
  totalKey: string;
  pageKey: string | undefined;
}

/** The page built from PostgreSQL (and kept in the page cache for a creator). */
async function buildPage(
  db: Database,
  actor: User,
  query: ListCampaignsQuery,
  { search, sort, after, offset, pattern, brandIds, totalKey, pageKey }: PageRequest,
): Promise<CampaignListAnswer> {
  const statements = listStatementsFor(db, {
    role: actor.role,
    status: Boolean(query.status),
    category: Boolean(query.category),
    platform: Boolean(query.platform),
    search: Boolean(search),
    cursor: after !== undefined,
    sort: query.sort,
    order: query.order,
  });
  const totals = listTotalsOf(db);
  const known = totals.get(totalKey);
  const estimated = pattern ? await commonSearchTotal(db, actor, query, { pattern, brandIds, totalKey }) : undefined;
  const values = {
    countShared: estimated === undefined,
    me: actor.id,
    status: query.status,
    category: query.category ? [query.category] : undefined,
    platform: query.platform ? [query.platform] : undefined,
    pattern,
    brandIds,
    pageSize: query.pageSize,
    offset,
    upToPage: offset + query.pageSize,
    afterValue: after?.[2],
    afterId: after?.[3],
    knownVersion: known?.version ?? -1,
  };
  const rows = (await statements.page.execute(values)) as unknown as ListRow[];
  const builtAt = new Date();
  const page = rows.map((row) => ({ ...row, campaign: campaignFromJson(row.campaign) }));
  const [counted] = (
    rows.length === 0 && (offset > 0 || after) ? await statements.totalOnly.execute(values) : rows
  ) as ListTotals[];
  let total = 0;
  let totalIsEstimate = false;
  if (counted && estimated !== undefined) {
    totalIsEstimate = true;
    total = estimated + counted.ownTotal;
  } else if (counted) {
    if (counted.sharedTotal !== null) {
      const shared =
        counted.sharedTotal > EXACT_TOTAL_LIMIT
          ? Math.max(counted.sharedTotal, await estimateVisible(db, actor, query, pattern, brandIds))
          : counted.sharedTotal;
      counted.sharedTotal = shared;
      totals.set(totalKey, { version: counted.listVersion, total: shared }, 0);
    }
    const shared = counted.sharedTotal ?? known?.total ?? 0;
    // Counting stops past the limit, so a shared total above it is always the planner's estimate.
    totalIsEstimate = shared > EXACT_TOTAL_LIMIT;
    total = shared + counted.ownTotal;
  }
  // A first page with room to spare holds every match: an estimate that says otherwise is wrong
  // (filters the planner took as independent that are not), and the page knows the total.
  if (totalIsEstimate && !after && offset === 0 && page.length < query.pageSize) {
    total = page.length;
    totalIsEstimate = false;
  }

  const brands = new Map(
    page.map((row) => [
      row.campaign.brandId,
      { id: row.campaign.brandId, fullName: row.brandName, profile: row.profile },
    ]),
  );
  const myClaims = new Map<string, MyClaim>();
  for (const row of page) {
    if (row.myClaimId && row.myClaimStatus)
      myClaims.set(row.campaign.id, { id: row.myClaimId, status: row.myClaimStatus });
  }
  const campaignRows = page.map((row) => row.campaign);
  const last = page.at(-1);
  const nextCursor = last && page.length === query.pageSize ? encodeCursor(sort, last.sortKey, last.campaign.id) : null;
  const data = await toCampaignViews(db, actor, campaignRows, { brands, myClaims });
  const built = { data, total, totalIsEstimate, nextCursor };
  // Only published campaigns on it (none of the creator's claimed unpublished ones): the same for every creator.
  if (pageKey && counted && counted.ownTotal === 0 && page.length > 0) {
    const versions = pageVersions(
      page.map((row) => ({
        id: row.campaign.id,
        brandId: row.campaign.brandId,
        campaignVersion: row.campaignVersion,
        brandVersion: row.brandVersion,
      })),
    );
    rememberPage(db, pageKey, { listVersion: counted.listVersion, versions, page: built, builtAt });
  }
  // A creator's answer, their claimed unpublished campaigns included, is made only of rows that are
  // announced when they change (ADR 035): it may be kept until then.
  if (pageKey) {
    const source = {
      campaignIds: data.map((view) => view.id),
      brandIds: [...brands.keys()],
      validUntil: validUntilOf(data, builtAt.getTime()),
    };
    return { page: built, source };
  }
  return { page: built };
}
