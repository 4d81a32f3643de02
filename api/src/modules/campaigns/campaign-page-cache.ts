import type { CampaignView } from '@kollab/contract/api/campaigns';
import type { Database } from '@kollab/db';
import type { User } from '@kollab/db/schema';
import { sql } from 'drizzle-orm';
import { BoundedCache, perOwner } from '../../lib/bounded-cache.ts';
import { type PreparedJson, prepareJson } from '../../lib/compress-json.ts';
import { type AnswerSource, validUntilOf } from './campaign-answers.ts';
import type { MyClaim } from './campaign-view.ts';

/**
 * Pages of published campaigns as creators see them, kept in memory and checked against PostgreSQL
 * on every use.
 *
 * Every creator sees the same published campaigns; only their own claims differ. So a page is
 * built once (views serialised and gzipped) and kept per request shape and filter values together
 * with what it was built from:
 * - the campaign list version, which moves whenever a campaign is added, removed, or changes a
 *   column the list filters or orders by (migration 0011), so it fixes which campaigns fill the page;
 * - the row version (`xmin`) of each campaign on the page and of each brand's user and profile row,
 *   which changes with any update of that row, the slot counter included.
 *
 * A request then costs one small statement that reads those versions in one snapshot, together with
 * the creator's own claims on the page's campaigns. When anything differs, or the creator holds a
 * claim on an unpublished campaign (which would join their list), the page is built from scratch.
 * Another instance's writes are seen at once: nothing here trusts memory without asking.
 *
 * What a campaign looks like also depends on the time (coming soon, active, over), so a page is kept
 * only until the next start or end among its campaigns.
 */

export type CampaignPage = {
  data: CampaignView[];
  total: number;
  /** True when `total` is the planner's estimate (more than EXACT_TOTAL_LIMIT campaigns match; ADR 036). */
  totalIsEstimate: boolean;
  nextCursor: string | null;
};

/**
 * What the list answers: a page made for this request, or one prepared earlier and sent as it is.
 * `source` (a creator's answer) says what it was made of: it stays this creator's answer until one
 * of those rows changes, so it may be kept in memory (campaign-answers.ts).
 */
export type CampaignListAnswer = ({ page: CampaignPage } | { prepared: PreparedJson }) & { source?: AnswerSource };

/** The row versions of a page as `pageVersions` and the check statement spell them. */
export interface PageVersions {
  campaigns: string;
  brands: string;
}

interface CachedPage {
  listVersion: number;
  versions: PageVersions;
  ids: string[];
  brandIds: string[];
  /** The views with `myClaim: null`: what a creator without claims on them sees. */
  views: CampaignView[];
  total: number;
  totalIsEstimate: boolean;
  nextCursor: string | null;
  /** Epoch ms of the next start or end among the page's campaigns (a state changes then). */
  validUntil: number;
  prepared: PreparedJson;
}

/** About 1,000 pages of 20 campaigns (text, gzip and views); least recently used go first. */
const PAGE_BUDGET_BYTES = 48 * 1024 * 1024;
const pagesOf = perOwner((): BoundedCache<CachedPage> => new BoundedCache(PAGE_BUDGET_BYTES));
/**
 * Pages answered from memory, pages built and kept, and pages built again while a current copy was
 * kept (by requests that missed it together), per database (for tests and the bench).
 */
const countsOf = perOwner(() => ({ hits: 0, built: 0, rebuilt: 0 }));

/** How the page memory of a database has done so far. */
export function pageCacheStats(db: Database): {
  hits: number;
  built: number;
  rebuilt: number;
  pages: number;
  bytes: number;
} {
  const pages = pagesOf(db);
  return { ...countsOf(db), pages: pages.size, bytes: pages.bytes };
}

/**
 * `id.version` pairs ordered by id in byte order, as the check statement's string_agg orders them
 * (collation "C").
 */
function versionList(pairs: Iterable<[string, string]>): string {
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, version]) => `${id}.${version}`)
    .join(',');
}

/** The versions of the rows a page was built from, given per campaign row of the list statement. */
export function pageVersions(
  rows: { id: string; brandId: string; campaignVersion: string; brandVersion: string }[],
): PageVersions {
  return {
    campaigns: versionList(rows.map((row) => [row.id, row.campaignVersion])),
    brands: versionList(new Map(rows.map((row) => [row.brandId, row.brandVersion]))),
  };
}

function prepareCheck(db: Database) {
  const me = sql.placeholder('me');
  const ids = sql.placeholder('ids');
  return db
    .select({
      listVersion: sql<number>`(select version from campaign_list_version)`.mapWith(Number),
      campaigns: sql<string>`(select coalesce(string_agg(c.id || '.' || c.xmin::text, ',' order by c.id collate "C"), '')
        from campaigns c where c.id = any(${ids}))`,
      brands: sql<string>`(select coalesce(string_agg(u.id || '.' || u.xmin::text || ':' || coalesce(b.xmin::text, ''), ',' order by u.id collate "C"), '')
        from users u left join brand_profiles b on b.user_id = u.id where u.id = any(${sql.placeholder('brandIds')}))`,
      claimsUnpublished: sql<boolean>`exists (select 1 from claims c join campaigns k on k.id = c.campaign_id
        where c.creator_id = ${me} and k.status <> 'published')`,
      myClaims: sql<
        string | [string, string, MyClaim['status']][]
      >`(select coalesce(json_agg(json_build_array(m.campaign_id, m.id, m.status)), '[]')
        from (select distinct on (campaign_id) campaign_id, id, status from claims
          where creator_id = ${me} and campaign_id = any(${ids}) order by campaign_id, created_at desc) m)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('campaign_page_check');
}

const checkOf = perOwner(prepareCheck);

function sameVersions(a: PageVersions, b: PageVersions): boolean {
  return a.campaigns === b.campaigns && a.brands === b.brands;
}

/** The creator's page from memory when nothing it was built from has changed, else undefined. */
export async function pageFromCache(db: Database, creator: User, key: string): Promise<CampaignListAnswer | undefined> {
  const pages = pagesOf(db);
  const cached = pages.get(key);
  if (!cached) return undefined;
  if (Date.now() >= cached.validUntil) {
    pages.delete(key);
    return undefined;
  }
  const [now] = await checkOf(db).execute({ me: creator.id, ids: cached.ids, brandIds: cached.brandIds });
  if (!now || now.claimsUnpublished) return undefined;
  if (now.listVersion !== cached.listVersion || !sameVersions(now, cached.versions)) {
    pages.delete(key);
    return undefined;
  }
  countsOf(db).hits += 1;
  const source = { campaignIds: cached.ids, brandIds: cached.brandIds, validUntil: cached.validUntil };
  const mine =
    typeof now.myClaims === 'string'
      ? (JSON.parse(now.myClaims) as [string, string, MyClaim['status']][])
      : now.myClaims;
  if (mine.length === 0) return { prepared: cached.prepared, source };
  const claimOf = new Map(mine.map(([campaignId, id, status]) => [campaignId, { id, status }]));
  return {
    page: {
      data: cached.views.map((view) => {
        const myClaim = claimOf.get(view.id);
        return myClaim ? { ...view, myClaim } : view;
      }),
      total: cached.total,
      totalIsEstimate: cached.totalIsEstimate,
      nextCursor: cached.nextCursor,
    },
    source,
  };
}

/**
 * Keeps a page just built for a creator, whose campaigns are all published (the creator holds no
 * claim on an unpublished one among them), with the versions read in the same snapshot.
 */
export function rememberPage(
  db: Database,
  key: string,
  built: { listVersion: number; versions: PageVersions; page: CampaignPage; builtAt: Date },
): void {
  const pages = pagesOf(db);
  const kept = pages.get(key);
  // Built again only for a creator who may not use it (one with a claim on an unpublished campaign):
  // what is kept is still current, so there is nothing to prepare.
  if (
    kept &&
    kept.listVersion === built.listVersion &&
    sameVersions(kept.versions, built.versions) &&
    Date.now() < kept.validUntil
  ) {
    countsOf(db).rebuilt += 1;
    return;
  }
  const views = built.page.data.map((view) => (view.myClaim ? { ...view, myClaim: null } : view));
  if (views.length === 0) return;
  const validUntil = validUntilOf(views, built.builtAt.getTime());
  countsOf(db).built += 1;
  const { total, totalIsEstimate, nextCursor } = built.page;
  const prepared = prepareJson(JSON.stringify({ data: views, total, totalIsEstimate, nextCursor }));
  pages.set(
    key,
    {
      listVersion: built.listVersion,
      versions: built.versions,
      ids: views.map((view) => view.id),
      brandIds: [...new Set(views.map((view) => view.brand.id))],
      views,
      total,
      totalIsEstimate,
      nextCursor,
      validUntil,
      prepared,
    },
    // The views as objects take about as much as their text again.
    prepared.bytes + prepared.text.length,
  );
}

/** Drops every kept page of a database (tests compare kept pages with pages built from scratch). */
export function forgetCampaignPages(db: Database): void {
  pagesOf(db).clear();
}
