/**
 * Shapes of the discovery API (notes/discovery-api.md) and of the provider bodies it passes
 * through (CONTRACT.md). Provider lists may be missing, so most fields are optional.
 */
import type { Platform } from './enums';

/** What every proxied call says about itself: cache, cost and whether the sample provider answered. */
export interface Meta {
  cached: boolean;
  fetchedAt: string;
  credits: number;
  rawRequests: number;
  sample: boolean;
}

export interface Proxied<T> {
  data: T;
  meta: Meta;
}

export interface DiscoveryStatus {
  sample: boolean;
  account: { credits: number; rawRequests: number } | null;
  today: { credits: number; rawRequests: number };
  dailyCreditCap: number | null;
  dailyRawCap: number | null;
  /** Admins: all users' spending today against Kollab's global daily budget. */
  budget: { spent: Spend; limit: Spend } | null;
}

interface Spend {
  credits: number;
  rawRequests: number;
}

export interface Named {
  id: number;
  name: string;
}

export interface SearchHit {
  userId: string;
  profile: {
    userId: string;
    username?: string;
    handle?: string;
    fullname?: string;
    url?: string;
    picture?: string;
    followers: number;
    engagements?: number;
    engagementRate?: number;
    isVerified?: boolean;
    averageViews?: number;
  };
  match?: {
    influencer?: {
      geo?: { country?: Named; city?: Named; state?: Named };
      gender?: string;
      [key: string]: unknown;
    };
    audience?: Record<string, unknown>;
  };
}

export interface SearchResult {
  total: number;
  lookalikes?: SearchHit[];
  directs?: SearchHit[];
  isExactMatch?: boolean;
}

export interface Quote {
  cached: boolean;
  credits: number;
}

export interface UserRef {
  userId: string;
  username?: string;
  handle?: string;
  fullname?: string;
  url?: string;
  picture?: string;
  followers?: number;
  engagements?: number;
  isVerified?: boolean;
}

export interface Post {
  id: string;
  text?: string;
  url: string;
  created?: string;
  likes?: number;
  comments?: number;
  views?: number;
  thumbnail?: string;
  type?: string;
}

export interface Weighted {
  code?: string;
  name?: string;
  weight: number;
}

export interface Audience {
  credibility?: number;
  notable?: number;
  notableUsers?: UserRef[];
  genders?: Weighted[];
  ages?: Weighted[];
  geoCountries?: Weighted[];
  geoCities?: Weighted[];
  languages?: Weighted[];
  interests?: Weighted[];
  audienceTypes?: Weighted[];
}

export interface ReportProfile {
  userId?: string;
  profile?: UserRef & { engagementRate?: number; description?: string; totalViews?: number };
  isPrivate?: boolean;
  isVerified?: boolean;
  accountType?: string;
  gender?: string;
  ageGroup?: string;
  country?: string;
  state?: string;
  city?: string;
  language?: { code: string; name: string };
  bio?: string;
  description?: string;
  contacts?: { type: string; value: string }[];
  postsCount?: number;
  avgLikes?: number;
  avgComments?: number;
  avgViews?: number;
  avgReelsPlays?: number;
  statHistory?: { month: string; followers?: number }[];
  recentPosts?: Post[];
  popularPosts?: Post[];
  lookalikes?: UserRef[];
  audience?: Audience;
}

export interface Report {
  profile: ReportProfile;
}

export interface OverlapResult {
  reportInfo: { totalFollowers: number; totalUniqueFollowers: number };
  data: {
    userId: string;
    username?: string;
    followers: number;
    uniquePercentage: number;
    overlappingPercentage: number;
  }[];
}

export interface PerformanceMetric {
  numberOfItems: number;
  value: number | null;
}

export interface PerformanceStats {
  mean?: PerformanceMetric[];
  min?: PerformanceMetric[];
  max?: PerformanceMetric[];
  median?: PerformanceMetric[];
}

export interface PerformanceBlock {
  total?: number;
  likes?: PerformanceStats;
  comments?: PerformanceStats;
  views?: PerformanceStats;
  engagement_rate?: PerformanceMetric[];
  [key: string]: unknown;
}

export type PerformanceResult = Partial<Record<'posts' | 'reels' | 'videos' | 'shorts', PerformanceBlock>>;

export interface EmailMatchUser {
  platform: Platform;
  userId?: string;
  url?: string;
  username: string;
  fullname?: string;
  picture?: string;
  followers?: number;
  engagements?: number;
  engagementRate?: number;
}

export interface EmailSearchResult {
  matchedEmails?: { email: string; users: EmailMatchUser[] }[];
  notMatchedEmails?: string[];
}

/** One entry of a dictionary, normalised: locations, interests and brands have numeric ids, languages codes. */
export interface DictionaryOption {
  id: string;
  name: string;
  /** The account's picture, for `users`. */
  picture?: string;
  followers?: number;
}

export type InvitationResult =
  | { invited: true; invitation: { id: string; campaignId: string; creatorId: string; respondBy: string } }
  | { invited: false; emailDraft: { subject: string; body: string } };

/** An influencer someone may invite: where they are, who they are and, when the report has it, an e-mail. */
export interface InviteTarget {
  platform: Platform;
  userId: string;
  username: string;
  email?: string;
}
