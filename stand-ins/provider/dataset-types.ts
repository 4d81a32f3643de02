/** The shapes of the synthetic dataset (see dataset.ts). */
import type { AccountType, ContactType, Platform } from './constants.ts';

export type Gender = 'MALE' | 'FEMALE';
export interface Tag {
  tag: string;
  weight: number;
}
export interface Contact {
  type: ContactType;
  value: string;
}
export interface WeightedId {
  id: number;
  weight: number;
}
export interface WeightedCode {
  code: string;
  weight: number;
}

/** Who follows the creator. Every list marked "sums to 1" is a full distribution. */
export interface SampleAudience {
  /** Share of male followers; female is `1 - male`. */
  male: number;
  /** AGE_BANDS order, sums to 1. */
  ages: number[];
  /** Country location ids, largest first, sums to 1. */
  countries: WeightedId[];
  /** City location ids in the creator's country, largest first: share of the whole audience (not a distribution). */
  cities: WeightedId[];
  /** Largest first, sums to 1. */
  languages: WeightedCode[];
  /** Interest ids, largest first, sums to 1. */
  interests: WeightedId[];
  /** Brand ids with the share of followers who follow the brand (independent shares). */
  brands: WeightedId[];
  /** AUDIENCE_TYPES order (real, suspicious, mass_followers, influencers), sums to 1. */
  types: number[];
  /** Share of real followers: `types.real + types.influencers`. */
  credibility: number;
  /** REACHABILITY_BANDS order, sums to 1. */
  reachability: number[];
  /** ETHNICITIES order, sums to 1. */
  ethnicities: number[];
  /** Share of notable followers. */
  notable: number;
}

export interface SampleProfile {
  platform: Platform;
  /** Position in `dataset.byPlatform[platform]`: the tie-breaker of every sort. */
  index: number;
  /** Sub-seed for posts, comments and other on-demand data. */
  seed: number;
  userId: string;
  username: string;
  fullname: string;
  url: string;
  picture: string;
  /** A brand or business account rather than a person: no gender, no age. */
  isBrand: boolean;
  followers: number;
  following: number;
  postsCount: number;
  /** Fraction: engagements / followers. */
  engagementRate: number;
  engagements: number;
  avgLikes: number;
  avgComments: number;
  /** TikTok and YouTube average views; 0 on Instagram (see avgReelsPlays). */
  avgViews: number;
  /** Instagram average reel plays; 0 elsewhere. */
  avgReelsPlays: number;
  /** TikTok only; 0 elsewhere. */
  avgShares: number;
  avgSaves: number;
  totalLikes: number;
  totalViews: number;
  isVerified: boolean;
  isPrivate: boolean;
  /** Instagram only. */
  accountType: AccountType | null;
  gender: Gender | null;
  age: number | null;
  countryId: number;
  cityId: number;
  language: string;
  /** Interest ids, main interest first. */
  interests: number[];
  /** Brands the creator posted sponsored content for (ids from BRANDS). */
  brands: number[];
  hasSponsoredPosts: boolean;
  hasYouTube: boolean;
  isOfficialArtist: boolean;
  bio: string;
  hashtags: Tag[];
  mentions: Tag[];
  /** Caption vocabulary with the share of posts using each word. */
  keywords: Tag[];
  contacts: Contact[];
  email: string | null;
  /** Growth over the last 1…6 months (index 0 = i1month), fractions: 0.05 = +5 %. */
  growth: { followers: number[]; likes: number[]; views: number[] };
  /** Days since the last post. */
  lastPosted: number;
  audience: SampleAudience;
}

export interface SampleDataset {
  seed: number;
  size: number;
  profiles: SampleProfile[];
  byPlatform: Record<Platform, SampleProfile[]>;
}

export interface DatasetOptions {
  seed?: number;
  size?: number;
}
