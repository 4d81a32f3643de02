import type { Database } from '@kollab/db';
import { brandProfiles, campaigns, users } from '@kollab/db/schema';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { perOwner } from '../../lib/bounded-cache.ts';

// Campaign search (GET /api/campaigns?q=): a title, a hashtag or the shown name of the brand
// containing the term, through trigram indexes (migrations 0010 and 0034, ADR 036).

/** `text` contains the search (`pattern`, a LIKE pattern), ignoring case. */
function matchesPattern(text: SQL, pattern: SQL | Placeholder): SQL {
  // lower(x) like lower(p) is what ILIKE does in a UTF-8 database, spelled out: it matches the
  // trigram indexes on lower(…), and without them PostgreSQL still runs it about a quarter faster.
  // The pattern is lowered once (a sub-select), not per row.
  return sql`lower(${text}) like (select lower(${pattern}))`;
}

/**
 * A campaign matches: its title or hashtags contain the search, or its brand is among `brandIds`
 * (looked up beforehand with `brandsNamed`, so each of the three conditions can use an index).
 * `pattern` and `brandIds` are values or placeholders of a statement planned for its values (not
 * prepared once for all of them): the planner then tests the pattern against the sampled titles and
 * hashtags (migration 0037) and knows how many campaigns it matches. A common term's page walks the
 * list's index until it has a page; a rare term's few matches come through the trigram indexes and
 * are sorted. Hidden from the planner (a sub-select, or a generic plan) every term looked like 0.5 %
 * of the table, and a term on one campaign walked all 900,000 published ones (4.2 s at 1M; ADR 036).
 */
export function campaignMatches(pattern: string | Placeholder, brandIds: string[] | Placeholder): SQL {
  const brands = Array.isArray(brandIds) ? sql.param(brandIds) : brandIds;
  return sql`(lower(${campaigns.title}) like lower(${pattern})
    or lower(campaign_hashtags_text(${campaigns.hashtags})) like lower(${pattern})
    or ${campaigns.brandId} = any(${brands}::text[]))`;
}

/**
 * Brands whose shown name (company name, else the user's name) contains the search. Spelled as two
 * branches, one per name, so each can use its trigram index (migration 0034): the company names
 * in brand_profiles, and the names of brand users without one. `coalesce()` across the two tables
 * could use neither, and every search read all brands first (86 ms at 20,000 brands), before even
 * looking for its page among the prepared ones.
 */
function prepareBrandSearch(db: Database) {
  const pattern = sql.placeholder('pattern');
  // No join to users for the role: a profile's user is the brand whose campaigns carry its id, and
  // the join cost a look-up per matching profile (38 of 45 ms for "kaffe", 3,336 brands at 1M).
  const byCompanyName = db
    .select({ id: brandProfiles.userId })
    .from(brandProfiles)
    .where(matchesPattern(sql`${brandProfiles.companyName}`, pattern));
  const byUserName = db
    .select({ id: users.id })
    .from(users)
    .leftJoin(brandProfiles, eq(brandProfiles.userId, users.id))
    .where(
      and(eq(users.role, 'brand'), isNull(brandProfiles.companyName), matchesPattern(sql`${users.fullName}`, pattern)),
    );
  return byCompanyName.unionAll(byUserName).prepare('campaign_list_brands');
}

const brandSearchOf = perOwner(prepareBrandSearch);

/** The ids of the brands whose shown name matches `pattern` (a LIKE pattern). */
export async function brandsNamed(db: Database, pattern: string): Promise<string[]> {
  return (await brandSearchOf(db).execute({ pattern })).map((brand) => brand.id);
}
