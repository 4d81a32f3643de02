import {
  ACCOUNT_TYPES,
  AUDIENCE_AGE_BANDS,
  AUDIENCE_GENDERS,
  CONTACT_TYPES,
  FILTER_ACTIONS,
  GROWTH_INTERVALS,
  GROWTH_METRICS,
  GROWTH_OPERATORS,
  type GrowthMetric,
  INFLUENCER_AGES,
  INFLUENCER_GENDERS,
  isPlatform,
  type Platform,
  SEARCH_MAX_PAGE,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  type SortField,
} from './enums';
import {
  type Choice,
  DEFAULT_WEIGHTS,
  emptySearch,
  hasTextTags,
  isInstagramOnly,
  type SearchState,
  sortIsUsable,
  type WeightedChoice,
} from './search-state';

// The URL codec of a search (search-state.ts): every filter has a query key, lists repeat theirs,
// and reading drops whatever is malformed or foreign to the platform, so any link is safe to open.

const KEYS = {
  platform: 'platform',
  page: 'page',
  sort: 'sort',
  dir: 'dir',
  followersMin: 'followersMin',
  followersMax: 'followersMax',
  engagementRate: 'er',
  gender: 'gender',
  ageMin: 'ageMin',
  ageMax: 'ageMax',
  location: 'location',
  language: 'language',
  interest: 'interest',
  brand: 'brand',
  accountType: 'accountType',
  keywords: 'keywords',
  bio: 'bio',
  tag: 'tag',
  verified: 'verified',
  lastPosted: 'lastPosted',
  contact: 'contact',
  growth: 'growth',
  audienceLocation: 'audienceLocation',
  audienceLanguage: 'audienceLanguage',
  audienceGender: 'audienceGender',
  audienceAge: 'audienceAge',
  audienceInterest: 'audienceInterest',
  credibility: 'credibility',
} as const;

function oneOf<T extends string | number>(list: readonly T[], value: unknown): T | undefined {
  return (list as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function positive(value: string | null, max = Number.POSITIVE_INFINITY): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 && number <= max ? number : undefined;
}

function percent(value: string | null): number | undefined {
  const number = positive(value, 100);
  return number === undefined || number === 0 ? undefined : number;
}

/** `id:name` → a choice; the name may itself hold colons. */
function parseChoice(value: string): Choice | undefined {
  const at = value.indexOf(':');
  if (at <= 0) return undefined;
  const name = value.slice(at + 1).trim();
  return { id: value.slice(0, at), name: name || value.slice(0, at) };
}

/** `id:weight:name` → a weighted choice. */
function parseWeighted(value: string, fallbackWeight: number): WeightedChoice | undefined {
  const [id, weight, ...name] = value.split(':');
  if (!id) return undefined;
  return { id, name: name.join(':').trim() || id, weight: percent(weight ?? null) ?? fallbackWeight };
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Reads a search from the URL query, dropping anything malformed or foreign to the platform. */
export function parseSearch(params: URLSearchParams): SearchState {
  const platform = isPlatform(params.get(KEYS.platform)) ? (params.get(KEYS.platform) as Platform) : 'instagram';
  const state = emptySearch(platform);
  const page = positive(params.get(KEYS.page), SEARCH_MAX_PAGE + 1);
  if (page && Number.isInteger(page)) state.page = page;
  const sort = oneOf<SortField>(SORT_FIELDS[platform], params.get(KEYS.sort));
  if (sort) state.sort = sort;
  state.dir = oneOf(SORT_DIRECTIONS, params.get(KEYS.dir)) ?? 'desc';
  state.followersMin = positive(params.get(KEYS.followersMin));
  state.followersMax = positive(params.get(KEYS.followersMax));
  state.engagementRate = percent(params.get(KEYS.engagementRate));
  state.gender = oneOf(INFLUENCER_GENDERS, params.get(KEYS.gender));
  state.ageMin = oneOf<number>(INFLUENCER_AGES, Number(params.get(KEYS.ageMin)));
  state.ageMax = oneOf<number>(INFLUENCER_AGES, Number(params.get(KEYS.ageMax)));
  state.locations = uniqueBy(
    params.getAll(KEYS.location).flatMap((v) => parseChoice(v) ?? []),
    (c) => c.id,
  );
  const language = params.get(KEYS.language);
  state.language = language ? parseChoice(language) : undefined;
  state.keywords = params.get(KEYS.keywords)?.trim() ?? '';
  state.bio = params.get(KEYS.bio)?.trim() ?? '';
  state.verified = params.get(KEYS.verified) === '1';
  const lastPosted = positive(params.get(KEYS.lastPosted));
  state.lastPosted = lastPosted !== undefined && lastPosted >= 30 ? Math.round(lastPosted) : undefined;
  state.contacts = uniqueBy(
    params.getAll(KEYS.contact).flatMap((value) => {
      const [type, action] = value.split(':');
      const contactType = oneOf(CONTACT_TYPES, type);
      const filterAction = oneOf(FILTER_ACTIONS, action);
      return contactType && filterAction ? [{ type: contactType, action: filterAction }] : [];
    }),
    (contact) => contact.type,
  );
  const [interval, operator, value, metric = 'followers'] = (params.get(KEYS.growth) ?? '').split(':');
  const growthInterval = oneOf(GROWTH_INTERVALS, interval);
  const growthOperator = oneOf(GROWTH_OPERATORS, operator);
  const growthMetric = oneOf<GrowthMetric>(GROWTH_METRICS[platform], metric);
  const growthValue = value !== undefined && value.trim() !== '' ? Number(value) : Number.NaN;
  if (growthInterval && growthOperator && growthMetric && Number.isFinite(growthValue)) {
    state.growth = { metric: growthMetric, interval: growthInterval, operator: growthOperator, value: growthValue };
  }
  state.audienceLocations = uniqueBy(
    params.getAll(KEYS.audienceLocation).flatMap((v) => parseWeighted(v, DEFAULT_WEIGHTS.location) ?? []),
    (c) => c.id,
  );
  const audienceLanguage = params.get(KEYS.audienceLanguage);
  state.audienceLanguage = audienceLanguage ? parseWeighted(audienceLanguage, DEFAULT_WEIGHTS.language) : undefined;
  const [genderId, genderWeight] = (params.get(KEYS.audienceGender) ?? '').split(':');
  const audienceGender = oneOf(AUDIENCE_GENDERS, genderId);
  if (audienceGender) {
    state.audienceGender = { id: audienceGender, weight: percent(genderWeight ?? null) ?? DEFAULT_WEIGHTS.gender };
  }
  state.audienceAges = uniqueBy(
    params.getAll(KEYS.audienceAge).flatMap((entry) => {
      const [band, weight] = entry.split(':');
      const id = oneOf(AUDIENCE_AGE_BANDS, band);
      return id ? [{ id, weight: percent(weight ?? null) ?? DEFAULT_WEIGHTS.age }] : [];
    }),
    (age) => age.id,
  );
  if (hasTextTags(platform)) {
    state.tags = [...new Set(params.getAll(KEYS.tag).filter((tag) => /^[#@][\p{L}\p{N}_.]+$/u.test(tag)))];
  }
  if (isInstagramOnly(platform)) {
    state.interests = uniqueBy(
      params.getAll(KEYS.interest).flatMap((v) => parseChoice(v) ?? []),
      (c) => c.id,
    );
    state.brands = uniqueBy(
      params.getAll(KEYS.brand).flatMap((v) => parseChoice(v) ?? []),
      (c) => c.id,
    );
    state.accountTypes = [
      ...new Set(params.getAll(KEYS.accountType).flatMap((v) => oneOf(ACCOUNT_TYPES, Number(v)) ?? [])),
    ];
    state.audienceInterests = uniqueBy(
      params.getAll(KEYS.audienceInterest).flatMap((v) => parseWeighted(v, DEFAULT_WEIGHTS.interest) ?? []),
      (c) => c.id,
    );
    state.credibility = percent(params.get(KEYS.credibility));
  }
  if (!sortIsUsable(state, state.sort)) state.sort = 'followers';
  return state;
}

/** Writes a search to a URL query; the inverse of `parseSearch`, leaving out what is empty. */
export function searchToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(key, String(value));
  };
  set(KEYS.platform, state.platform);
  set(KEYS.page, state.page > 1 ? state.page : undefined);
  set(KEYS.sort, state.sort === 'followers' ? undefined : state.sort);
  set(KEYS.dir, state.dir === 'desc' ? undefined : state.dir);
  set(KEYS.followersMin, state.followersMin);
  set(KEYS.followersMax, state.followersMax);
  set(KEYS.engagementRate, state.engagementRate);
  set(KEYS.gender, state.gender);
  set(KEYS.ageMin, state.ageMin);
  set(KEYS.ageMax, state.ageMax);
  for (const location of state.locations) params.append(KEYS.location, `${location.id}:${location.name}`);
  if (state.language) set(KEYS.language, `${state.language.id}:${state.language.name}`);
  set(KEYS.keywords, state.keywords.trim());
  set(KEYS.bio, state.bio.trim());
  if (hasTextTags(state.platform)) for (const tag of state.tags) params.append(KEYS.tag, tag);
  if (state.verified) set(KEYS.verified, 1);
  set(KEYS.lastPosted, state.lastPosted);
  for (const contact of state.contacts) params.append(KEYS.contact, `${contact.type}:${contact.action}`);
  if (state.growth) {
    const { interval, operator, value, metric } = state.growth;
    set(KEYS.growth, `${interval}:${operator}:${value}${metric === 'followers' ? '' : `:${metric}`}`);
  }
  for (const entry of state.audienceLocations) {
    params.append(KEYS.audienceLocation, `${entry.id}:${entry.weight}:${entry.name}`);
  }
  if (state.audienceLanguage) {
    const { id, weight, name } = state.audienceLanguage;
    set(KEYS.audienceLanguage, `${id}:${weight}:${name}`);
  }
  if (state.audienceGender) set(KEYS.audienceGender, `${state.audienceGender.id}:${state.audienceGender.weight}`);
  for (const age of state.audienceAges) params.append(KEYS.audienceAge, `${age.id}:${age.weight}`);
  if (isInstagramOnly(state.platform)) {
    for (const interest of state.interests) params.append(KEYS.interest, `${interest.id}:${interest.name}`);
    for (const brand of state.brands) params.append(KEYS.brand, `${brand.id}:${brand.name}`);
    for (const type of state.accountTypes) params.append(KEYS.accountType, String(type));
    for (const entry of state.audienceInterests) {
      params.append(KEYS.audienceInterest, `${entry.id}:${entry.weight}:${entry.name}`);
    }
    set(KEYS.credibility, state.credibility);
  }
  return params;
}

/** True when the URL names a search to run (the search screen runs nothing on a bare visit). */
export function hasSearch(params: URLSearchParams): boolean {
  return params.has(KEYS.platform);
}

/**
 * The same search on another platform: every filter both have is kept, Instagram-only ones are
 * dropped, and the page starts over.
 */
export function switchPlatform(state: SearchState, platform: Platform): SearchState {
  return parseSearch(searchToParams({ ...state, platform, page: 1 }));
}
