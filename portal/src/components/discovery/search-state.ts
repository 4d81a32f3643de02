import type {
  AccountType,
  AudienceAgeBand,
  AudienceGender,
  ContactType,
  FilterAction,
  GrowthInterval,
  GrowthMetric,
  GrowthOperator,
  InfluencerGender,
  Platform,
  SortDirection,
  SortField,
} from './enums';

/**
 * The search screen's state, which lives in the URL query so a search can be shared, reloaded and
 * walked with back/forward. Percentages are kept as the user typed them (2.5 = 2.5 %) and turned
 * into the provider's fractions only in the request body. The URL codec is search-url.ts, the
 * provider's request body search-body.ts.
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
