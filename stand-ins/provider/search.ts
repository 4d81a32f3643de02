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
 */
import { z } from 'zod';
import {
  columnsFor,
  contactBit,
  FLAG_ARTIST,
  FLAG_PRIVATE,
  FLAG_SPONSORED,
  FLAG_VERIFIED,
  FLAG_YOUTUBE,
  GROWTH_SERIES,
  interestBits,
  popcount,
  words,
} from './columns.ts';
import {
  AGE_BAND_BOUNDS,
  AGE_BANDS,
  type AgeBand,
  CITIES,
  CONTACT_TYPES,
  GROWTH_INTERVALS,
  INTERESTS,
  type Platform,
} from './constants.ts';
import { findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { languageByCode, locationById } from './dictionaries.ts';
import { invalidParams, ProviderError } from './errors.ts';
import { AUDIENCE_LOOKALIKE_MIN, LOOKALIKE_MIN_JACCARD } from './similarity.ts';

export const PAGE_SIZE = 15;
export const MAX_PAGE = 665;
/** Averages sit above medians for these skewed metrics. */
export const AVERAGE_FACTOR = 1.12;
export const DEFAULT_AUDIENCE_WEIGHTS = {
  location: 0.2,
  language: 0.2,
  gender: 0.5,
  age: 0.3,
  ageRange: 0.3,
  interests: 0.3,
} as const;

const COMMON_SORTS = [
  'engagements',
  'followers',
  'engagementRate',
  'keywords',
  'audienceGeo',
  'audienceLang',
  'audienceGender',
  'audienceAge',
  'audienceRelevance',
  'relevance',
  'followersGrowth',
] as const;
export const SORT_FIELDS = {
  instagram: [...COMMON_SORTS, 'audienceInterest', 'reelsPlays'],
  tiktok: [...COMMON_SORTS, 'views', 'shares', 'saves', 'likesGrowth'],
  youtube: [...COMMON_SORTS, 'views', 'viewsGrowth'],
} as const satisfies Record<Platform, readonly string[]>;
export type SortField = (typeof SORT_FIELDS)[Platform][number];

export const OPERATION_FILTERS = [
  'followers',
  'engagements',
  'engagementRate',
  'lastposted',
  'bio',
  'keywords',
  'relevance',
  'language',
  'gender',
  'age',
  'location',
  'isVerified',
  'interests',
  'brands',
  'accountTypes',
  'hasSponsoredPosts',
  'textTags',
] as const;

const range = z.strictObject({ min: z.number().min(0).optional(), max: z.number().min(0).optional() });
const growth = z.strictObject({
  interval: z.enum(GROWTH_INTERVALS),
  value: z.number(),
  operator: z.enum(['gte', 'gt', 'lt', 'lte']),
});
const weight = z.number().min(0).max(1).optional();
const creatorAge = z.union([z.literal(18), z.literal(25), z.literal(35), z.literal(45), z.literal(65)]);
const textTags = z
  .array(
    z.strictObject({
      type: z.enum(['hashtag', 'mention']),
      value: z.string().regex(/^[^#@\s][^\s]*$/, 'give the tag without # or @'),
    }),
  )
  .min(1);

const commonInfluencer = {
  followers: range.optional(),
  engagements: range.optional(),
  engagementRate: z.number().min(0).max(1).optional(),
  location: z.array(z.number().int()).min(1).optional(),
  language: z.string().min(1).optional(),
  lastposted: z.number().int().min(30).optional(),
  relevance: z
    .array(z.string().regex(/^[#@][^\s#@]+$/, 'use "#tag" or "@user"'))
    .min(1)
    .max(100)
    .optional(),
  audienceRelevance: z
    .array(z.string().regex(/^@[^\s@]+$/, 'use "@user"'))
    .min(1)
    .max(100)
    .optional(),
  gender: z.enum(['MALE', 'FEMALE', 'KNOWN', 'UNKNOWN']).optional(),
  age: z.strictObject({ min: creatorAge.optional(), max: creatorAge.optional() }).optional(),
  followersGrowthRate: growth.optional(),
  bio: z.string().min(1).optional(),
  keywords: z.string().min(1).optional(),
  hasContactDetails: z
    .array(z.strictObject({ contactType: z.enum(CONTACT_TYPES), filterAction: z.enum(['must', 'should', 'not']) }))
    .min(1)
    .optional(),
  isVerified: z.boolean().optional(),
  filterOperations: z
    .array(z.strictObject({ operator: z.enum(['and', 'or', 'not']), filter: z.enum(OPERATION_FILTERS) }))
    .optional(),
};
const influencerSchemas = {
  instagram: z.strictObject({
    ...commonInfluencer,
    textTags: textTags.optional(),
    accountTypes: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
      .min(1)
      .optional(),
    hasYouTube: z.boolean().optional(),
    brands: z.array(z.number().int()).min(1).optional(),
    interests: z.array(z.number().int()).min(1).optional(),
    hasSponsoredPosts: z.boolean().optional(),
    reelsPlays: range.optional(),
  }),
  tiktok: z.strictObject({
    ...commonInfluencer,
    textTags: textTags.optional(),
    views: range.optional(),
    shares: range.optional(),
    saves: range.optional(),
    likesGrowthRate: growth.optional(),
  }),
  youtube: z.strictObject({
    ...commonInfluencer,
    views: range.optional(),
    viewsGrowthRate: growth.optional(),
    isOfficialArtist: z.boolean().optional(),
  }),
};
const commonAudience = {
  location: z
    .array(z.strictObject({ id: z.number().int(), weight }))
    .min(1)
    .optional(),
  language: z.strictObject({ id: z.string().min(1), weight }).optional(),
  gender: z.strictObject({ id: z.enum(['MALE', 'FEMALE']), weight }).optional(),
  age: z
    .array(z.strictObject({ id: z.enum(AGE_BANDS), weight }))
    .min(1)
    .optional(),
  ageRange: z
    .strictObject({
      min: z.enum(['13', '18', '25', '35', '45', '65']).optional(),
      max: z.enum(['17', '24', '34', '44', '64']).optional(),
      weight,
    })
    .optional(),
};
const audienceSchemas = {
  instagram: z.strictObject({
    ...commonAudience,
    interests: z
      .array(z.strictObject({ id: z.number().int(), weight }))
      .min(1)
      .optional(),
    credibility: z.number().min(0).max(1).optional(),
  }),
  tiktok: z.strictObject(commonAudience),
  youtube: z.strictObject(commonAudience),
};

function bodySchema<P extends Platform>(platform: P) {
  return z.strictObject({
    page: z.number().int().min(0).optional(),
    calculationMethod: z.enum(['median', 'average']).optional(),
    sort: z
      .strictObject({
        field: z.enum(SORT_FIELDS[platform] as readonly SortField[] as [SortField, ...SortField[]]),
        value: z.number().optional(),
        direction: z.enum(['asc', 'desc']).optional(),
      })
      .optional(),
    filter: z
      .strictObject({
        influencer: influencerSchemas[platform].optional(),
        audience: audienceSchemas[platform].optional(),
      })
      .optional(),
    access_token: z.string().optional(),
  });
}
const bodySchemas = {
  instagram: bodySchema('instagram'),
  tiktok: bodySchema('tiktok'),
  youtube: bodySchema('youtube'),
};

type Growth = z.infer<typeof growth>;
type InfluencerFilter = Partial<
  z.infer<(typeof influencerSchemas)['instagram']> &
    z.infer<(typeof influencerSchemas)['tiktok']> &
    z.infer<(typeof influencerSchemas)['youtube']>
>;
type AudienceFilter = Partial<z.infer<(typeof audienceSchemas)['instagram']>>;
export interface SearchBody {
  page?: number;
  calculationMethod?: 'median' | 'average';
  sort?: { field: SortField; value?: number; direction?: 'asc' | 'desc' };
  filter?: { influencer?: InfluencerFilter; audience?: AudienceFilter };
}

export interface SearchHit {
  userId: string;
  profile: {
    userId: string;
    username: string;
    fullname: string;
    url: string;
    picture: string;
    followers: number;
    engagements: number;
    engagementRate: number;
    isVerified: boolean;
    handle?: string;
    averageViews?: number;
  };
  match: { influencer: Record<string, unknown>; audience: Record<string, unknown> };
}
export interface SearchResponse {
  error: false;
  total: number;
  lookalikes: SearchHit[];
  directs: SearchHit[];
  isExactMatch: boolean;
}

/** Tests the profile at an index of the platform's list. */
type Predicate = (index: number) => boolean;

const intervalIndex = (interval: Growth['interval']) => GROWTH_INTERVALS.indexOf(interval);
function compareGrowth(value: number, g: Growth): boolean {
  if (g.operator === 'gte') return value >= g.value;
  if (g.operator === 'gt') return value > g.value;
  if (g.operator === 'lte') return value <= g.value;
  return value < g.value;
}

const weightOf = (list: readonly { id: number; weight: number }[], id: number) =>
  list.find((entry) => entry.id === id)?.weight ?? 0;

/** The audience share at a location id (a country or a city). */
export function audienceLocationWeight(profile: SampleProfile, id: number): number {
  return weightOf(profile.audience.countries, id) || weightOf(profile.audience.cities, id);
}
export function audienceLanguageWeight(profile: SampleProfile, code: string): number {
  return profile.audience.languages.find((entry) => entry.code === code)?.weight ?? 0;
}
export function audienceGenderWeight(profile: SampleProfile, gender: 'MALE' | 'FEMALE'): number {
  return gender === 'MALE' ? profile.audience.male : Math.round((1 - profile.audience.male) * 10_000) / 10_000;
}
const bandIndex = new Map(AGE_BANDS.map((band, i) => [band, i]));
export function audienceAgeWeight(profile: SampleProfile, band: AgeBand): number {
  return profile.audience.ages[bandIndex.get(band) ?? -1] ?? 0;
}
/** Indexes of the age bands inside `[min, max]` (open ends when left out). */
function bandsInRange(min?: string, max?: string): number[] {
  return AGE_BANDS.flatMap((band, i) => {
    const [low, high] = AGE_BAND_BOUNDS[band];
    return (min === undefined || low >= Number(min)) && (max === undefined || high <= Number(max)) ? [i] : [];
  });
}

/** Sum of the audience's age bands inside `[min, max]`. */
export function audienceAgeRangeWeight(profile: SampleProfile, min?: string, max?: string): number {
  let sum = 0;
  for (const band of bandsInRange(min, max)) sum += profile.audience.ages[band] ?? 0;
  return sum;
}

interface Compiled {
  and: Predicate[];
  or: Predicate[];
  sortKey: (profile: SampleProfile) => number;
  direction: 'asc' | 'desc';
  directs: SampleProfile[];
}

/** Validates a search body for a platform; throws `invalid_body_params` or `page_limit`. */
export function parseSearchBody(platform: Platform, body: unknown): SearchBody {
  const parsed = bodySchemas[platform].safeParse(body);
  if (!parsed.success) throw invalidParams(parsed.error);
  const value = parsed.data as SearchBody;
  if ((value.page ?? 0) > MAX_PAGE)
    throw new ProviderError(400, 'page_limit', `page must be between 0 and ${MAX_PAGE} (about 10,000 results).`);
  const audience = value.filter?.audience;
  if (audience?.age && audience.ageRange)
    throw new ProviderError(400, 'invalid_body_params', 'filter.audience: use either age or ageRange, not both.');
  const age = value.filter?.influencer?.age;
  if (age?.min !== undefined && age.max !== undefined && age.min >= age.max)
    throw new ProviderError(400, 'invalid_body_params', 'filter.influencer.age: min must be below max.');
  return value;
}

function compile(dataset: SampleDataset, platform: Platform, body: SearchBody): Compiled {
  const influencer = body.filter?.influencer ?? {};
  const audience = body.filter?.audience ?? {};
  const named = new Map<string, Predicate>();
  const always: Predicate[] = [];
  const c = columnsFor(dataset, platform);
  const profiles = dataset.byPlatform[platform];

  const ranges = [
    ['followers', c.followers],
    ['engagements', c.engagements],
    ['reelsPlays', c.avgReelsPlays],
    ['views', c.avgViews],
    ['shares', c.avgShares],
    ['saves', c.avgSaves],
  ] as const;
  for (const [key, column] of ranges) {
    const r = influencer[key];
    if (!r) continue;
    const min = r.min ?? Number.NEGATIVE_INFINITY;
    const max = r.max ?? Number.POSITIVE_INFINITY;
    const predicate: Predicate = (i) => (column[i] as number) >= min && (column[i] as number) <= max;
    if (key === 'followers' || key === 'engagements') named.set(key, predicate);
    else always.push(predicate);
  }

  const { engagementRate, location, language, lastposted, gender, age, bio, keywords } = influencer;
  if (engagementRate !== undefined)
    named.set('engagementRate', (i) => (c.engagementRate[i] as number) >= engagementRate);
  if (location) {
    const ids = new Set(location);
    named.set('location', (i) => ids.has(c.countryId[i] as number) || ids.has(c.cityId[i] as number));
  }
  if (language !== undefined) named.set('language', (i) => c.language[i] === language);
  if (lastposted !== undefined) named.set('lastposted', (i) => (c.lastPosted[i] as number) <= lastposted);
  if (gender) {
    const code = gender === 'MALE' ? 1 : gender === 'FEMALE' ? 2 : 0;
    named.set(
      'gender',
      gender === 'KNOWN'
        ? (i) => c.gender[i] !== 0
        : gender === 'UNKNOWN'
          ? (i) => c.gender[i] === 0
          : (i) => c.gender[i] === code,
    );
  }
  if (age) {
    // NaN (unknown age) fails both comparisons, so creators without an age never match.
    const min = age.min ?? Number.NEGATIVE_INFINITY;
    const max = age.max ?? Number.POSITIVE_INFINITY;
    named.set('age', (i) => (c.age[i] as number) >= min && (c.age[i] as number) < max);
  }
  if (bio) {
    const needed = words(bio).map((word) => c.bioWord(word));
    named.set('bio', (i) => needed.every((column) => column[i] === 1));
  }
  let keywordScore: ((p: SampleProfile) => number) | undefined;
  if (keywords) {
    const needed = words(keywords).map((word) => c.keyword(word));
    const score = (i: number) => {
      let total = 0;
      for (const column of needed) {
        const weight = column[i] as number;
        if (weight === 0) return 0;
        total += weight;
      }
      return total;
    };
    keywordScore = (p) => score(p.index);
    named.set('keywords', (i) => score(i) > 0);
  }
  const flag = (key: 'isVerified' | 'hasYouTube' | 'hasSponsoredPosts' | 'isOfficialArtist', bit: number) => {
    const wanted = influencer[key];
    if (wanted === undefined) return;
    const predicate: Predicate = (i) => (((c.flags[i] as number) & bit) !== 0) === wanted;
    if (key === 'isVerified' || key === 'hasSponsoredPosts') named.set(key, predicate);
    else always.push(predicate);
  };
  flag('isVerified', FLAG_VERIFIED);
  flag('hasSponsoredPosts', FLAG_SPONSORED);
  flag('hasYouTube', FLAG_YOUTUBE);
  flag('isOfficialArtist', FLAG_ARTIST);
  if (influencer.interests) {
    const mask = interestBits(influencer.interests);
    named.set('interests', (i) => ((c.interestMask[i] as number) & mask) !== 0);
  }
  if (influencer.brands) {
    const ids = influencer.brands;
    named.set('brands', (i) => (profiles[i] as SampleProfile).brands.some((id) => ids.includes(id)));
  }
  if (influencer.accountTypes) {
    const types = new Set<number>(influencer.accountTypes);
    named.set('accountTypes', (i) => types.has(c.accountType[i] as number));
  }
  if (influencer.textTags) {
    const tagColumns = influencer.textTags.map((tag) =>
      tag.type === 'hashtag' ? c.hashtag(tag.value.toLowerCase()) : c.mention(tag.value.toLowerCase()),
    );
    named.set('textTags', (i) => tagColumns.some((column) => (column[i] as number) > 0));
  }
  const growthFilters = [
    ['followersGrowthRate', GROWTH_SERIES.followers],
    ['likesGrowthRate', GROWTH_SERIES.likes],
    ['viewsGrowthRate', GROWTH_SERIES.views],
  ] as const;
  for (const [key, series] of growthFilters) {
    const g = influencer[key];
    if (!g) continue;
    const offset = series * 6 + intervalIndex(g.interval);
    always.push((i) => compareGrowth(c.growth[i * 18 + offset] as number, g));
  }
  if (influencer.hasContactDetails) {
    const rules = influencer.hasContactDetails;
    const maskOf = (action: string) =>
      rules
        .filter((rule) => rule.filterAction === action)
        .reduce((mask, rule) => mask | contactBit(rule.contactType), 0);
    const must = maskOf('must');
    const not = maskOf('not');
    const should = maskOf('should');
    always.push((i) => {
      const mask = c.contactMask[i] as number;
      return (mask & must) === must && (mask & not) === 0 && (should === 0 || (mask & should) !== 0);
    });
  }

  let relevanceScore: ((p: SampleProfile) => number) | undefined;
  const directs: SampleProfile[] = [];
  if (influencer.relevance) {
    const tags = influencer.relevance
      .filter((term) => term.startsWith('#'))
      .map((term) => c.hashtag(term.slice(1).toLowerCase()));
    const refs: SampleProfile[] = [];
    for (const term of influencer.relevance.filter((t) => t.startsWith('@'))) {
      const ref = findProfile(dataset, platform, term);
      if (ref && !ref.isPrivate && !refs.includes(ref)) refs.push(ref);
    }
    directs.push(...refs);
    const refMasks = refs.map((ref) => interestBits(ref.interests));
    const refIndexes = refs.map((ref) => ref.index);
    // #tag: the tag's share of posts; @user: the interest Jaccard index when it reaches the minimum.
    const score = (i: number) => {
      let total = 0;
      for (const column of tags) total += column[i] as number;
      const mask = c.interestMask[i] as number;
      for (let r = 0; r < refMasks.length; r++) {
        if (refIndexes[r] === i) continue;
        const refMask = refMasks[r] as number;
        const jaccard = popcount(mask & refMask) / popcount(mask | refMask);
        if (jaccard >= LOOKALIKE_MIN_JACCARD) total += jaccard;
      }
      return total;
    };
    relevanceScore = (p) => score(p.index);
    named.set('relevance', (i) => score(i) > 0);
  }
  let audienceRelevanceScore: ((p: SampleProfile) => number) | undefined;
  if (influencer.audienceRelevance) {
    const refs = influencer.audienceRelevance
      .map((term) => findProfile(dataset, platform, term))
      .filter((ref): ref is SampleProfile => ref !== undefined && !ref.isPrivate);
    // audienceSimilarity (similarity.ts) read through columns: Σ min over the reference's entries.
    const parts = refs.map((ref) => ({
      index: ref.index,
      countries: ref.audience.countries.map((entry) => ({
        column: c.audienceLocation(entry.id),
        weight: entry.weight,
      })),
      interests: ref.audience.interests.map((entry) => ({
        column: c.audienceInterest(entry.id),
        weight: entry.weight,
      })),
    }));
    const score = (i: number) => {
      let best = 0;
      for (const part of parts) {
        if (part.index === i) continue;
        let countries = 0;
        for (const entry of part.countries) countries += Math.min(entry.weight, entry.column[i] as number);
        let interests = 0;
        for (const entry of part.interests) interests += Math.min(entry.weight, entry.column[i] as number);
        best = Math.max(best, (countries + interests) / 2);
      }
      return best;
    };
    audienceRelevanceScore = (p) => score(p.index);
    always.push((i) => score(i) >= AUDIENCE_LOOKALIKE_MIN);
  }

  // Audience filters.
  if (audience.location) {
    const entries = audience.location.map((entry) => ({
      column: c.audienceLocation(entry.id),
      weight: entry.weight ?? DEFAULT_AUDIENCE_WEIGHTS.location,
    }));
    always.push((i) => entries.some((entry) => (entry.column[i] as number) >= entry.weight));
  }
  if (audience.language) {
    const column = c.audienceLanguage(audience.language.id);
    const min = audience.language.weight ?? DEFAULT_AUDIENCE_WEIGHTS.language;
    always.push((i) => (column[i] as number) >= min);
  }
  if (audience.gender) {
    const min = audience.gender.weight ?? DEFAULT_AUDIENCE_WEIGHTS.gender;
    always.push(
      audience.gender.id === 'MALE'
        ? (i) => (c.audienceMale[i] as number) >= min
        : (i) => Math.round((1 - (c.audienceMale[i] as number)) * 10_000) / 10_000 >= min,
    );
  }
  if (audience.age) {
    const entries = audience.age.map((entry) => ({
      band: bandIndex.get(entry.id) ?? 0,
      weight: entry.weight ?? DEFAULT_AUDIENCE_WEIGHTS.age,
    }));
    always.push((i) => entries.some((entry) => (c.audienceAges[i * 6 + entry.band] as number) >= entry.weight));
  }
  if (audience.ageRange) {
    const bands = bandsInRange(audience.ageRange.min, audience.ageRange.max);
    const weight = audience.ageRange.weight ?? DEFAULT_AUDIENCE_WEIGHTS.ageRange;
    always.push((i) => {
      let sum = 0;
      for (const band of bands) sum += c.audienceAges[i * 6 + band] as number;
      return sum >= weight;
    });
  }
  if (audience.interests) {
    const entries = audience.interests.map((entry) => ({
      column: c.audienceInterest(entry.id),
      weight: entry.weight ?? DEFAULT_AUDIENCE_WEIGHTS.interests,
    }));
    always.push((i) => entries.some((entry) => (entry.column[i] as number) >= entry.weight));
  }
  if (audience.credibility !== undefined) {
    const min = audience.credibility;
    always.push((i) => (c.audienceCredibility[i] as number) >= min);
  }

  // filterOperations.
  const operations = new Map<string, 'and' | 'or' | 'not'>();
  for (const operation of influencer.filterOperations ?? []) {
    if (!named.has(operation.filter))
      throw new ProviderError(
        400,
        'invalid_body_params',
        `filter.influencer.filterOperations: "${operation.filter}" is not set in filter.influencer.`,
      );
    operations.set(operation.filter, operation.operator);
  }
  const orNames = [...operations].filter(([, op]) => op === 'or').map(([name]) => name);
  if (orNames.length === 1)
    throw new ProviderError(
      400,
      'invalid_body_params',
      'filter.influencer.filterOperations: "or" needs at least two filters.',
    );
  const and: Predicate[] = [...always];
  const or: Predicate[] = [];
  for (const [name, predicate] of named) {
    const operator = operations.get(name) ?? 'and';
    if (operator === 'and') and.push(predicate);
    else if (operator === 'not') and.push((i) => !predicate(i));
    else or.push(predicate);
  }

  return {
    and,
    or,
    ...sortFor(platform, body, { keywordScore, relevanceScore, audienceRelevanceScore }, operations),
    directs,
  };
}

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

function sortFor(
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

/** Sort fields that are plain profile numbers: searches sorted by them walk a presorted list. */
const STATIC_SORTS = {
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
function presorted(
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
function topMatches(
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
