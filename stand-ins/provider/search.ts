/**
 * `POST /{platform}/search` (CONTRACT.md §2) over the synthetic dataset.
 *
 * Semantics chosen where the contract leaves room (tests recompute them from the dataset):
 * - each platform takes only its own filters and sorts (CONTRACT.md §2): `accountTypes`,
 *   `hasYouTube`, `brands`, `interests`, `hasSponsoredPosts`, `reelsPlays` and audience `interests`/
 *   `credibility` are Instagram-only, `textTags` is not on YouTube; an unknown or foreign field is a
 *   400 `invalid_body_params`, as is a malformed one (e.g. `engagementRate: {min}`);
 * - ranges `{min, max}` are inclusive; `engagementRate` is a plain minimum fraction;
 * - `location` matches the creator's country or city id; `lastposted` keeps creators whose last
 *   post is at most that many days old; `age` keeps creators with `min ≤ age < max`;
 * - `bio` needs every word of the query as a whole word of the bio, full name or handle;
 *   `keywords` needs every word in the creator's caption vocabulary;
 * - arrays (`location`, `interests`, `brands`, `accountTypes`, `textTags`, audience `location`,
 *   `age`, `interests`) match when any entry matches;
 * - `hasContactDetails`: every `must` type present, no `not` type present, and at least one of the
 *   `should` types when there are any;
 * - `relevance`: `#tag` matches creators using the hashtag, `@user` creators whose interests have a
 *   Jaccard index ≥ LOOKALIKE_MIN_JACCARD with that creator's; the score is the sum of the tag
 *   weights and Jaccard indexes. Named accounts that exist come back in `directs` on page 0;
 * - `audienceRelevance: ["@user"]` matches audiences with similarity ≥ AUDIENCE_LOOKALIKE_MIN;
 * - audience entries need `weight` (default: location/language 0.2, gender 0.5, age/ageRange/
 *   interests 0.3) or more; `credibility` is a minimum share of real followers;
 * - `filterOperations`: `not` negates the named filter, `or` joins the named filters (≥ 2) into
 *   one alternative; naming a filter that is not set, or sorting by one turned `or`/`not`, is a 400;
 * - private accounts never appear; ties in the sort keep dataset order; filters use median metrics,
 *   `calculationMethod: "average"` only scales the engagements shown.
 *
 * This file runs a search and shapes its hits; the body and its validation are in search-body.ts,
 * the filter compiler in search-filters.ts, the sorts in search-sort.ts, audience shares in
 * search-weights.ts.
 */
import { columnsFor, FLAG_PRIVATE } from './columns.ts';
import { CITIES, INTERESTS, type Platform } from './constants.ts';
import type { SampleDataset, SampleProfile } from './dataset.ts';
import { languageByCode, locationById } from './dictionaries.ts';
import { AVERAGE_FACTOR, PAGE_SIZE, type SearchBody, type SearchHit, type SearchResponse } from './search-body.ts';
import { compile } from './search-filters.ts';
import { presorted, STATIC_SORTS, topMatches } from './search-sort.ts';
import {
  audienceAgeRangeWeight,
  audienceAgeWeight,
  audienceGenderWeight,
  audienceLanguageWeight,
  audienceLocationWeight,
  weightOf,
} from './search-weights.ts';

export { parseSearchBody } from './search-body.ts';

const interestName = new Map(INTERESTS.map((interest) => [interest.id, interest.name]));
const cityCountry = new Map(CITIES.map((city) => [city.id, city.countryId]));

function hit(platform: Platform, p: SampleProfile, body: SearchBody, withMatch: boolean): SearchHit {
  const factor = body.calculationMethod === 'average' ? AVERAGE_FACTOR : 1;
  const engagements = Math.round(p.engagements * factor);
  const profile: SearchHit['profile'] = {
    userId: p.userId,
    username: p.username,
    fullname: p.fullname,
    url: p.url,
    picture: p.picture,
    followers: p.followers,
    engagements,
    engagementRate: engagements / p.followers,
    isVerified: p.isVerified,
  };
  if (platform === 'youtube') profile.handle = `@${p.username}`;
  if (platform !== 'instagram') profile.averageViews = Math.round(p.avgViews * factor);
  return { userId: p.userId, profile, match: withMatch ? matchOf(p, body) : { influencer: {}, audience: {} } };
}

/** Why a creator matched: the creator's geo always, plus one entry per filter that was used. */
function matchOf(p: SampleProfile, body: SearchBody): SearchHit['match'] {
  const influencer: Record<string, unknown> = {};
  const audience: Record<string, unknown> = {};
  const f = body.filter?.influencer ?? {};
  const a = body.filter?.audience ?? {};
  const country = locationById.get(p.countryId);
  const city = locationById.get(p.cityId);
  influencer.geo = {
    ...(country ? { country: { id: country.id, name: country.name } } : {}),
    ...(city && cityCountry.get(city.id) === p.countryId ? { city: { id: city.id, name: city.name } } : {}),
  };
  if (f.gender) influencer.gender = f.gender === 'KNOWN' || f.gender === 'UNKNOWN' ? f.gender : p.gender;
  if (f.language) influencer.language = { code: p.language, name: languageByCode.get(p.language)?.name ?? p.language };
  if (f.interests)
    influencer.interests = p.interests
      .filter((id) => f.interests?.includes(id))
      .map((id) => ({ id, name: interestName.get(id) ?? String(id) }));
  if (f.brands) influencer.brands = p.brands.filter((id) => f.brands?.includes(id));
  if (f.age && p.age !== null) influencer.age = p.age;
  if (a.location)
    audience.geo = a.location.map((entry) => ({
      id: entry.id,
      name: locationById.get(entry.id)?.name ?? String(entry.id),
      weight: audienceLocationWeight(p, entry.id),
    }));
  if (a.language)
    audience.languages = [
      {
        code: a.language.id,
        name: languageByCode.get(a.language.id)?.name ?? a.language.id,
        weight: audienceLanguageWeight(p, a.language.id),
      },
    ];
  if (a.gender) audience.genders = [{ code: a.gender.id, weight: audienceGenderWeight(p, a.gender.id) }];
  if (a.age) audience.ages = a.age.map((entry) => ({ code: entry.id, weight: audienceAgeWeight(p, entry.id) }));
  if (a.ageRange)
    audience.ageRange = { ...a.ageRange, weight: audienceAgeRangeWeight(p, a.ageRange.min, a.ageRange.max) };
  if (a.interests)
    audience.interests = a.interests.map((entry) => ({
      id: entry.id,
      name: interestName.get(entry.id) ?? String(entry.id),
      weight: weightOf(p.audience.interests, entry.id),
    }));
  if (a.credibility !== undefined) audience.credibility = p.audience.credibility;
  return { influencer, audience };
}

/**
 * Runs a validated search: one pass over the platform's profiles (presorted when the sort field is
 * a plain number), then ordering of only as many matches as the requested page needs.
 */
export function runSearch(dataset: SampleDataset, platform: Platform, body: SearchBody): SearchResponse {
  const compiled = compile(dataset, platform, body);
  const { and, or, sortKey, direction } = compiled;
  const field = body.sort?.field ?? 'followers';
  const isStatic = field in STATIC_SORTS;
  const profiles = dataset.byPlatform[platform];
  const order = isStatic ? presorted(dataset, platform, field as keyof typeof STATIC_SORTS, direction) : undefined;
  const { flags } = columnsFor(dataset, platform);
  const matches: SampleProfile[] = [];
  outer: for (let k = 0; k < profiles.length; k++) {
    const i = order ? (order[k] as number) : k;
    if (((flags[i] as number) & FLAG_PRIVATE) !== 0) continue;
    for (const predicate of and) if (!predicate(i)) continue outer;
    if (or.length > 0 && !or.some((predicate) => predicate(i))) continue;
    matches.push(profiles[i] as SampleProfile);
  }
  const page = body.page ?? 0;
  const end = (page + 1) * PAGE_SIZE;
  const ordered = isStatic ? matches.slice(0, end) : topMatches(matches, sortKey, direction, end);
  const lookalikes = ordered.slice(page * PAGE_SIZE, end).map((p) => hit(platform, p, body, true));
  const directs = page === 0 ? compiled.directs.map((p) => hit(platform, p, body, false)) : [];
  return { error: false, total: matches.length, lookalikes, directs, isExactMatch: true };
}
