import {
  ACCOUNT_TYPES,
  type AccountType,
  AUDIENCE_AGE_BANDS,
  AUDIENCE_GENDERS,
  type AudienceAgeBand,
  type AudienceGender,
  CONTACT_TYPES,
  type ContactType,
  FILTER_ACTIONS,
  type FilterAction,
  GROWTH_INTERVALS,
  GROWTH_METRICS,
  GROWTH_OPERATORS,
  type GrowthInterval,
  type GrowthMetric,
  type GrowthOperator,
  INFLUENCER_AGES,
  INFLUENCER_GENDERS,
  type InfluencerGender,
  isPlatform,
  type Platform,
  SEARCH_MAX_PAGE,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  type SortDirection,
  type SortField,
} from './enums';

/**
 * The search screen's state, which lives in the URL query so a search can be shared, reloaded and
 * walked with back/forward. Percentages are kept as the user typed them (2.5 = 2.5 %) and turned
 * into the provider's fractions only in the request body.
 */

/** A dictionary entry the user picked: its id (location and interest ids, language codes) and its name. */
export interface Choice {
  id: string;
  name: string;
}

/** An audience filter entry: the minimum share of the audience, in percent. */
export interface WeightedChoice extends Choice {
  weight: number;
}

export interface SearchState {
  platform: Platform;
  /** 1-based, as the pager shows it; the provider's pages are 0-based. */
  page: number;
  sort: SortField;
  dir: SortDirection;
  followersMin?: number;
  followersMax?: number;
  /** Minimum engagement rate in percent. */
  engagementRate?: number;
  gender?: InfluencerGender;
  ageMin?: number;
  ageMax?: number;
  locations: Choice[];
  language?: Choice;
  /** Instagram only. */
  interests: Choice[];
  /** Instagram only. */
  brands: Choice[];
  /** Instagram only. */
  accountTypes: AccountType[];
  keywords: string;
  bio: string;
  /** `#hashtag` or `@mention`; not on YouTube. */
  tags: string[];
  verified: boolean;
  lastPosted?: number;
  contacts: { type: ContactType; action: FilterAction }[];
  /** Growth over a period in percent, of followers (or likes on TikTok, views on YouTube). */
  growth?: { metric: GrowthMetric; interval: GrowthInterval; operator: GrowthOperator; value: number };
  audienceLocations: WeightedChoice[];
  audienceLanguage?: WeightedChoice;
  audienceGender?: { id: AudienceGender; weight: number };
  audienceAges: { id: AudienceAgeBand; weight: number }[];
  /** Instagram only. */
  audienceInterests: WeightedChoice[];
  /** Minimum share of real followers in percent; Instagram only. */
  credibility?: number;
}

/** The provider's default weights (CONTRACT.md §2.3), in percent, for a newly added audience entry. */
export const DEFAULT_WEIGHTS = { location: 20, language: 20, gender: 50, age: 30, interest: 30 } as const;

export function emptySearch(platform: Platform = 'instagram'): SearchState {
  return {
    platform,
    page: 1,
    sort: 'followers',
    dir: 'desc',
    locations: [],
    interests: [],
    brands: [],
    accountTypes: [],
    keywords: '',
    bio: '',
    tags: [],
    verified: false,
    contacts: [],
    audienceLocations: [],
    audienceAges: [],
    audienceInterests: [],
  };
}

/** Filters only Instagram's search has. */
export function isInstagramOnly(platform: Platform): boolean {
  return platform === 'instagram';
}

/** Hashtag and mention filters exist on Instagram and TikTok, not on YouTube. */
export function hasTextTags(platform: Platform): boolean {
  return platform !== 'youtube';
}

/** A sort field that needs a filter answers which one is missing, so the screen can disable it. */
export function sortIsUsable(state: SearchState, field: SortField): boolean {
  switch (field) {
    case 'keywords':
      return state.keywords.trim() !== '';
    case 'audienceGeo':
      return state.audienceLocations.length > 0;
    case 'audienceLang':
      return !!state.audienceLanguage;
    case 'audienceGender':
      return !!state.audienceGender;
    case 'audienceAge':
      return state.audienceAges.length > 0;
    case 'audienceInterest':
      return state.audienceInterests.length > 0 && isInstagramOnly(state.platform);
    case 'followersGrowth':
      return state.growth?.metric === 'followers';
    case 'likesGrowth':
      return state.growth?.metric === 'likes';
    case 'viewsGrowth':
      return state.growth?.metric === 'views';
    default:
      return true;
  }
}

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

/** Percent → the provider's fraction, without floating-point tails (2.3 → 0.023). */
function fraction(percentValue: number): number {
  return Number((percentValue / 100).toFixed(6));
}

function numericIds(choices: Choice[]): number[] {
  return choices.map((choice) => Number(choice.id)).filter((id) => Number.isFinite(id));
}

export interface SearchBody {
  page: number;
  sort: { field: SortField; direction: SortDirection; value?: number };
  filter: { influencer?: Record<string, unknown>; audience?: Record<string, unknown> };
}

/** The provider's search body (CONTRACT.md §2.1) for a search; the API passes it on. */
export function searchBody(state: SearchState): SearchBody {
  const influencer: Record<string, unknown> = {};
  const audience: Record<string, unknown> = {};
  const instagram = isInstagramOnly(state.platform);
  if (state.followersMin !== undefined || state.followersMax !== undefined) {
    influencer.followers = {
      ...(state.followersMin !== undefined ? { min: state.followersMin } : {}),
      ...(state.followersMax !== undefined ? { max: state.followersMax } : {}),
    };
  }
  if (state.engagementRate !== undefined) influencer.engagementRate = fraction(state.engagementRate);
  if (state.gender) influencer.gender = state.gender;
  if (state.ageMin !== undefined || state.ageMax !== undefined) {
    influencer.age = {
      ...(state.ageMin !== undefined ? { min: state.ageMin } : {}),
      ...(state.ageMax !== undefined ? { max: state.ageMax } : {}),
    };
  }
  if (state.locations.length) influencer.location = numericIds(state.locations);
  if (state.language) influencer.language = state.language.id;
  if (state.keywords.trim()) influencer.keywords = state.keywords.trim();
  if (state.bio.trim()) influencer.bio = state.bio.trim();
  if (hasTextTags(state.platform) && state.tags.length) {
    influencer.textTags = state.tags.map((tag) => ({
      type: tag.startsWith('#') ? 'hashtag' : 'mention',
      value: tag.slice(1),
    }));
  }
  if (state.verified) influencer.isVerified = true;
  if (state.lastPosted !== undefined) influencer.lastposted = state.lastPosted;
  if (state.contacts.length) {
    influencer.hasContactDetails = state.contacts.map((contact) => ({
      contactType: contact.type,
      filterAction: contact.action,
    }));
  }
  if (state.growth) {
    influencer[`${state.growth.metric}GrowthRate`] = {
      interval: state.growth.interval,
      operator: state.growth.operator,
      value: fraction(state.growth.value),
    };
  }
  if (instagram) {
    if (state.interests.length) influencer.interests = numericIds(state.interests);
    if (state.brands.length) influencer.brands = numericIds(state.brands);
    if (state.accountTypes.length) influencer.accountTypes = [...state.accountTypes];
  }
  if (state.audienceLocations.length) {
    audience.location = state.audienceLocations.map((entry) => ({
      id: Number(entry.id),
      weight: fraction(entry.weight),
    }));
  }
  if (state.audienceLanguage) {
    audience.language = { id: state.audienceLanguage.id, weight: fraction(state.audienceLanguage.weight) };
  }
  if (state.audienceGender) {
    audience.gender = { id: state.audienceGender.id, weight: fraction(state.audienceGender.weight) };
  }
  if (state.audienceAges.length) {
    audience.age = state.audienceAges.map((age) => ({ id: age.id, weight: fraction(age.weight) }));
  }
  if (instagram) {
    if (state.audienceInterests.length) {
      audience.interests = state.audienceInterests.map((entry) => ({
        id: Number(entry.id),
        weight: fraction(entry.weight),
      }));
    }
    if (state.credibility !== undefined) audience.credibility = fraction(state.credibility);
  }
  const field = sortIsUsable(state, state.sort) ? state.sort : 'followers';
  const sortValue =
    field === 'audienceGeo'
      ? Number(state.audienceLocations[0]?.id)
      : field === 'audienceInterest'
        ? Number(state.audienceInterests[0]?.id)
        : undefined;
  return {
    page: state.page - 1,
    sort: {
      field,
      direction: state.dir,
      ...(sortValue !== undefined && Number.isFinite(sortValue) ? { value: sortValue } : {}),
    },
    filter: {
      ...(Object.keys(influencer).length ? { influencer } : {}),
      ...(Object.keys(audience).length ? { audience } : {}),
    },
  };
}

/**
 * The same search on another platform: every filter both have is kept, Instagram-only ones are
 * dropped, and the page starts over.
 */
export function switchPlatform(state: SearchState, platform: Platform): SearchState {
  return parseSearch(searchToParams({ ...state, platform, page: 1 }));
}
