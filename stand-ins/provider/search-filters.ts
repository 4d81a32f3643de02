/** The filter compiler: a search body to predicates over a platform's columns (semantics: search.ts). */
import {
  columnsFor,
  contactBit,
  FLAG_ARTIST,
  FLAG_SPONSORED,
  FLAG_VERIFIED,
  FLAG_YOUTUBE,
  GROWTH_SERIES,
  interestBits,
  popcount,
  words,
} from './columns.ts';
import type { Platform } from './constants.ts';
import { findProfile, type SampleDataset, type SampleProfile } from './dataset.ts';
import { ProviderError } from './errors.ts';
import { DEFAULT_AUDIENCE_WEIGHTS, type Growth, intervalIndex, type SearchBody } from './search-body.ts';
import { sortFor } from './search-sort.ts';
import { bandIndex, bandsInRange } from './search-weights.ts';
import { AUDIENCE_LOOKALIKE_MIN, LOOKALIKE_MIN_JACCARD } from './similarity.ts';

/** Tests the profile at an index of the platform's list. */
type Predicate = (index: number) => boolean;

function compareGrowth(value: number, g: Growth): boolean {
  if (g.operator === 'gte') return value >= g.value;
  if (g.operator === 'gt') return value > g.value;
  if (g.operator === 'lte') return value <= g.value;
  return value < g.value;
}

interface Compiled {
  and: Predicate[];
  or: Predicate[];
  sortKey: (profile: SampleProfile) => number;
  direction: 'asc' | 'desc';
  directs: SampleProfile[];
}

export function compile(dataset: SampleDataset, platform: Platform, body: SearchBody): Compiled {
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
