import type { ListCampaignsQuery } from '@kollab/contract/api/campaigns';
import { NUMBERED_PAGES_ROWS } from '@kollab/contract/campaigns';
import type { Database } from '@kollab/db';
import type { User } from '@kollab/db/schema';
import { perOwner } from '../../lib/bounded-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { type CursorKey, decodeCursor, encodeCursor, type ListSort } from '../../lib/keyset.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { EXACT_TOTAL_LIMIT } from '../../lib/row-estimate.ts';
import { validUntilOf } from './campaign-answers.ts';
import { brandsNamed } from './campaign-list.search.ts';
import {
  campaignFromJson,
  type ListRow,
  type ListTotals,
  listSortOf,
  listStatementsFor,
} from './campaign-list.statements.ts';
import { commonSearchTotal, estimateVisible, listTotalsOf } from './campaign-list.totals.ts';
import { type CampaignListAnswer, pageFromCache, pageVersions, rememberPage } from './campaign-page-cache.ts';
import { type MyClaim, toCampaignViews } from './campaign-view.ts';

// The campaign list (GET /api/campaigns): prepared statements per request shape, totals kept per
// list version, and a creator's page from campaign-page-cache.ts. Hot enough to be its own file.

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
