/**
 * Per-platform lookup columns for the search hot loop: bit masks of interests and contact types,
 * and arrays of "weight of X for profile i" built the first time X is searched for. A filter then
 * costs one array read per profile instead of a scan of the profile's small lists, which keeps a
 * search over ~10k profiles around a millisecond.
 */
import { CONTACT_TYPES, type Platform } from './constants.ts';
import type { SampleDataset, SampleProfile } from './dataset.ts';

export interface Columns {
  /** Profile fields as typed arrays indexed by `profile.index`, so the hot loop never chases pointers. */
  followers: Float64Array;
  engagements: Float64Array;
  engagementRate: Float64Array;
  avgReelsPlays: Float64Array;
  avgViews: Float64Array;
  avgShares: Float64Array;
  avgSaves: Float64Array;
  lastPosted: Float64Array;
  /** NaN when unknown. */
  age: Float64Array;
  /** 0 unknown, 1 MALE, 2 FEMALE. */
  gender: Int8Array;
  /** 0 off Instagram. */
  accountType: Int8Array;
  countryId: Int32Array;
  cityId: Int32Array;
  language: string[];
  /** FLAG_* bits. */
  flags: Uint8Array;
  /** Audience: male share, credibility, 6 age weights per profile (`i * 6 + band`). */
  audienceMale: Float64Array;
  audienceCredibility: Float64Array;
  audienceAges: Float64Array;
  /** Growth per profile: `i * 18 + series * 6 + interval` with series followers, likes, views. */
  growth: Float64Array;
  /** Bit `id - 1` set for each of the creator's interests (27 interests fit in 32 bits). */
  interestMask: Int32Array;
  /** Bit per CONTACT_TYPES index. */
  contactMask: Int32Array;
  /** Audience share at a location id (country or city). */
  audienceLocation(id: number): Float64Array;
  audienceLanguage(code: string): Float64Array;
  audienceInterest(id: number): Float64Array;
  /** Share of posts using a hashtag (0 when unused). */
  hashtag(tag: string): Float64Array;
  mention(tag: string): Float64Array;
  /** Share of posts using a caption word (0 when unused). */
  keyword(word: string): Float64Array;
  /** 1 where the word is a whole word of the profile's bio, full name or handle. */
  bioWord(word: string): Float64Array;
}

/** Lower-case words of a text (letters and digits in any script). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export const FLAG_PRIVATE = 1;
export const FLAG_VERIFIED = 2;
export const FLAG_YOUTUBE = 4;
export const FLAG_SPONSORED = 8;
export const FLAG_ARTIST = 16;
export const GROWTH_SERIES = { followers: 0, likes: 1, views: 2 } as const;

const cache = new WeakMap<SampleDataset, Partial<Record<Platform, Columns>>>();

export function contactBit(type: string): number {
  const index = (CONTACT_TYPES as readonly string[]).indexOf(type);
  return index < 0 ? 0 : 1 << index;
}

/** Number of set bits of a 32-bit integer. */
export function popcount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

export function interestBits(ids: readonly number[]): number {
  let mask = 0;
  for (const id of ids) if (id >= 1 && id <= 31) mask |= 1 << (id - 1);
  return mask;
}

function lazyColumn<K>(
  profiles: SampleProfile[],
  read: (profile: SampleProfile, key: K) => number,
): (key: K) => Float64Array {
  const built = new Map<K, Float64Array>();
  return (key) => {
    let column = built.get(key);
    if (!column) {
      column = new Float64Array(profiles.length);
      let any = false;
      for (let i = 0; i < profiles.length; i++) {
        const value = read(profiles[i] as SampleProfile, key);
        column[i] = value;
        if (value !== 0) any = true;
      }
      // Unknown keys (a typo, a word nobody uses) are not kept, so arbitrary input cannot grow the cache.
      if (any) built.set(key, column);
    }
    return column;
  };
}

const weightById = (list: readonly { id: number; weight: number }[], id: number) => {
  for (const entry of list) if (entry.id === id) return entry.weight;
  return 0;
};
const weightByTag = (list: readonly { tag: string; weight: number }[], tag: string) => {
  for (const entry of list) if (entry.tag === tag) return entry.weight;
  return 0;
};

/** The columns of one platform of a dataset, created on first use. */
export function columnsFor(dataset: SampleDataset, platform: Platform): Columns {
  const perDataset = cache.get(dataset) ?? {};
  cache.set(dataset, perDataset);
  const existing = perDataset[platform];
  if (existing) return existing;
  const profiles = dataset.byPlatform[platform];
  const n = profiles.length;
  const number = (read: (p: SampleProfile) => number) => Float64Array.from(profiles, read);
  const interestMask = new Int32Array(n);
  const contactMask = new Int32Array(n);
  const flags = new Uint8Array(n);
  const audienceAges = new Float64Array(n * 6);
  const growth = new Float64Array(n * 18);
  let bio: Set<string>[] | undefined;
  profiles.forEach((p, i) => {
    interestMask[i] = interestBits(p.interests);
    let mask = 0;
    for (const contact of p.contacts) mask |= contactBit(contact.type);
    contactMask[i] = mask;
    flags[i] =
      (p.isPrivate ? FLAG_PRIVATE : 0) |
      (p.isVerified ? FLAG_VERIFIED : 0) |
      (p.hasYouTube ? FLAG_YOUTUBE : 0) |
      (p.hasSponsoredPosts ? FLAG_SPONSORED : 0) |
      (p.isOfficialArtist ? FLAG_ARTIST : 0);
    p.audience.ages.forEach((weight, band) => {
      audienceAges[i * 6 + band] = weight;
    });
    [p.growth.followers, p.growth.likes, p.growth.views].forEach((series, s) => {
      series.forEach((value, k) => {
        growth[i * 18 + s * 6 + k] = value;
      });
    });
  });
  const columns: Columns = {
    followers: number((p) => p.followers),
    engagements: number((p) => p.engagements),
    engagementRate: number((p) => p.engagementRate),
    avgReelsPlays: number((p) => p.avgReelsPlays),
    avgViews: number((p) => p.avgViews),
    avgShares: number((p) => p.avgShares),
    avgSaves: number((p) => p.avgSaves),
    lastPosted: number((p) => p.lastPosted),
    age: number((p) => p.age ?? Number.NaN),
    gender: Int8Array.from(profiles, (p) => (p.gender === 'MALE' ? 1 : p.gender === 'FEMALE' ? 2 : 0)),
    accountType: Int8Array.from(profiles, (p) => p.accountType ?? 0),
    countryId: Int32Array.from(profiles, (p) => p.countryId),
    cityId: Int32Array.from(profiles, (p) => p.cityId),
    language: profiles.map((p) => p.language),
    flags,
    audienceMale: number((p) => p.audience.male),
    audienceCredibility: number((p) => p.audience.credibility),
    audienceAges,
    growth,
    interestMask,
    contactMask,
    audienceLocation: lazyColumn(
      profiles,
      (p, id: number) => weightById(p.audience.countries, id) || weightById(p.audience.cities, id),
    ),
    audienceLanguage: lazyColumn(profiles, (p, code: string) => {
      for (const entry of p.audience.languages) if (entry.code === code) return entry.weight;
      return 0;
    }),
    audienceInterest: lazyColumn(profiles, (p, id: number) => weightById(p.audience.interests, id)),
    hashtag: lazyColumn(profiles, (p, tag: string) => weightByTag(p.hashtags, tag)),
    mention: lazyColumn(profiles, (p, tag: string) => weightByTag(p.mentions, tag)),
    keyword: lazyColumn(profiles, (p, word: string) => weightByTag(p.keywords, word)),
    bioWord: lazyColumn(profiles, (p, word: string) => {
      bio ??= profiles.map((profile) => new Set(words(`${profile.bio} ${profile.fullname} ${profile.username}`)));
      return bio[p.index]?.has(word) ? 1 : 0;
    }),
  };
  perDataset[platform] = columns;
  return columns;
}
