/** Sorting: the sort key of a search, and presorted orders for the plain-number fields (semantics: search.ts). */
import type { Platform } from './constants.ts';
import type { SampleDataset, SampleProfile } from './dataset.ts';
import { ProviderError } from './errors.ts';
import { type Growth, intervalIndex, type SearchBody, type SortField } from './search-body.ts';
import {
  audienceAgeRangeWeight,
  audienceAgeWeight,
  audienceGenderWeight,
  audienceLanguageWeight,
  audienceLocationWeight,
  weightOf,
} from './search-weights.ts';

const SORT_NEEDS: Partial<Record<SortField, string>> = {
  keywords: 'filter.influencer.keywords',
  relevance: 'filter.influencer.relevance',
  audienceRelevance: 'filter.influencer.audienceRelevance',
  followersGrowth: 'filter.influencer.followersGrowthRate',
  likesGrowth: 'filter.influencer.likesGrowthRate',
  viewsGrowth: 'filter.influencer.viewsGrowthRate',
  audienceGeo: 'filter.audience.location',
  audienceLang: 'filter.audience.language',
  audienceGender: 'filter.audience.gender',
  audienceAge: 'filter.audience.age',
  audienceInterest: 'filter.audience.interests',
};

export function sortFor(
  _platform: Platform,
  body: SearchBody,
  scores: {
    keywordScore?: (p: SampleProfile) => number;
    relevanceScore?: (p: SampleProfile) => number;
    audienceRelevanceScore?: (p: SampleProfile) => number;
  },
  operations: Map<string, string>,
): { sortKey: (p: SampleProfile) => number; direction: 'asc' | 'desc' } {
  const field = body.sort?.field ?? 'followers';
  const direction = body.sort?.direction ?? 'desc';
  const influencer = body.filter?.influencer ?? {};
  const audience = body.filter?.audience ?? {};
  const fail = (message: string) => new ProviderError(400, 'invalid_body_params', `sort.field "${field}": ${message}`);
  const operator = operations.get(field);
  if (operator === 'or' || operator === 'not') throw fail(`cannot sort by a filter combined with "${operator}".`);
  const need = SORT_NEEDS[field];
  const set = (() => {
    switch (field) {
      case 'keywords':
        return scores.keywordScore;
      case 'relevance':
        return scores.relevanceScore;
      case 'audienceRelevance':
        return scores.audienceRelevanceScore;
      case 'followersGrowth':
        return influencer.followersGrowthRate;
      case 'likesGrowth':
        return influencer.likesGrowthRate;
      case 'viewsGrowth':
        return influencer.viewsGrowthRate;
      case 'audienceGeo':
        return audience.location;
      case 'audienceLang':
        return audience.language;
      case 'audienceGender':
        return audience.gender;
      case 'audienceAge':
        return audience.age ?? audience.ageRange;
      case 'audienceInterest':
        return audience.interests;
      default:
        return true;
    }
  })();
  if (need && !set) throw fail(`needs ${need}${field === 'audienceAge' ? ' or filter.audience.ageRange' : ''}.`);
  const value = body.sort?.value;
  let sortKey: (p: SampleProfile) => number;
  switch (field) {
    case 'engagements':
    case 'followers':
    case 'engagementRate':
      sortKey = (p) => p[field];
      break;
    case 'reelsPlays':
      sortKey = (p) => p.avgReelsPlays;
      break;
    case 'views':
      sortKey = (p) => p.avgViews;
      break;
    case 'shares':
      sortKey = (p) => p.avgShares;
      break;
    case 'saves':
      sortKey = (p) => p.avgSaves;
      break;
    case 'keywords':
    case 'relevance':
    case 'audienceRelevance': {
      const score = (
        field === 'keywords'
          ? scores.keywordScore
          : field === 'relevance'
            ? scores.relevanceScore
            : scores.audienceRelevanceScore
      ) as (p: SampleProfile) => number;
      sortKey = score;
      break;
    }
    case 'followersGrowth':
    case 'likesGrowth':
    case 'viewsGrowth': {
      const g = (
        field === 'followersGrowth'
          ? influencer.followersGrowthRate
          : field === 'likesGrowth'
            ? influencer.likesGrowthRate
            : influencer.viewsGrowthRate
      ) as Growth;
      const series = field === 'followersGrowth' ? 'followers' : field === 'likesGrowth' ? 'likes' : 'views';
      const i = intervalIndex(g.interval);
      sortKey = (p) => p.growth[series][i] ?? 0;
      break;
    }
    case 'audienceGeo': {
      const ids = value !== undefined ? [value] : (audience.location ?? []).map((entry) => entry.id);
      sortKey = (p) => Math.max(...ids.map((id) => audienceLocationWeight(p, id)));
      break;
    }
    case 'audienceLang': {
      const code = audience.language?.id ?? '';
      sortKey = (p) => audienceLanguageWeight(p, code);
      break;
    }
    case 'audienceGender': {
      const id = audience.gender?.id ?? 'FEMALE';
      sortKey = (p) => audienceGenderWeight(p, id);
      break;
    }
    case 'audienceAge': {
      const bands = audience.age?.map((entry) => entry.id);
      const r = audience.ageRange;
      sortKey = bands
        ? (p) => bands.reduce((sum, band) => sum + audienceAgeWeight(p, band), 0)
        : (p) => audienceAgeRangeWeight(p, r?.min, r?.max);
      break;
    }
    case 'audienceInterest': {
      const ids = value !== undefined ? [value] : (audience.interests ?? []).map((entry) => entry.id);
      sortKey = (p) => Math.max(...ids.map((id) => weightOf(p.audience.interests, id)));
      break;
    }
  }
  return { sortKey, direction };
}

/** Sort fields that are plain profile numbers: searches sorted by them walk a presorted list. */
export const STATIC_SORTS = {
  followers: 'followers',
  engagements: 'engagements',
  engagementRate: 'engagementRate',
  reelsPlays: 'avgReelsPlays',
  views: 'avgViews',
  shares: 'avgShares',
  saves: 'avgSaves',
} as const satisfies Partial<Record<SortField, keyof SampleProfile>>;
const presortCache = new WeakMap<SampleDataset, Map<string, Int32Array>>();

/** A platform's profile indexes ordered by a field (ties in dataset order), built once per dataset. */
export function presorted(
  dataset: SampleDataset,
  platform: Platform,
  field: keyof typeof STATIC_SORTS,
  direction: 'asc' | 'desc',
): Int32Array {
  const cache = presortCache.get(dataset) ?? new Map<string, Int32Array>();
  presortCache.set(dataset, cache);
  const key = `${platform}:${field}:${direction}`;
  let order = cache.get(key);
  if (!order) {
    const name = STATIC_SORTS[field];
    const sign = direction === 'asc' ? 1 : -1;
    const sorted = [...dataset.byPlatform[platform]].sort((a, b) => sign * (a[name] - b[name]) || a.index - b.index);
    order = Int32Array.from(sorted, (p) => p.index);
    cache.set(key, order);
  }
  return order;
}

/** The first `count` matches in sort order: a bounded insertion buffer, so only the page's prefix is ordered. */
export function topMatches(
  matches: SampleProfile[],
  sortKey: (p: SampleProfile) => number,
  direction: 'asc' | 'desc',
  count: number,
): SampleProfile[] {
  const sign = direction === 'asc' ? 1 : -1;
  if (count * 4 >= matches.length) {
    const keys = new Float64Array(matches.length);
    for (let i = 0; i < matches.length; i++) keys[i] = sign * sortKey(matches[i] as SampleProfile);
    const order = Array.from(matches.keys()).sort((x, y) => (keys[x] ?? 0) - (keys[y] ?? 0) || x - y);
    return order.slice(0, count).map((i) => matches[i] as SampleProfile);
  }
  // Matches arrive in dataset order, so an equal key never displaces an earlier entry.
  const best: { key: number; profile: SampleProfile }[] = [];
  for (const profile of matches) {
    const key = sign * sortKey(profile);
    if (best.length === count && key >= (best[count - 1]?.key ?? 0)) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((best[middle]?.key ?? 0) <= key) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, { key, profile });
    if (best.length > count) best.pop();
  }
  return best.map((entry) => entry.profile);
}
