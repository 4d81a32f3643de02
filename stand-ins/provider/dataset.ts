/**
 * The deterministic synthetic dataset behind the sample provider: ~21k creator profiles across
 * Instagram, TikTok and YouTube with plausible (not real) distributions. Nothing here describes a
 * real person; every name is assembled from common name parts and every URL is under example.com.
 * Posts are not stored: `posts.ts` derives them on demand from each profile's sub-seed.
 */
import {
  type AccountType,
  AGE_BAND_BOUNDS,
  AGE_BANDS,
  type AgeBand,
  BRANDS,
  CITIES,
  COUNTRIES,
  type ContactType,
  type CountryDef,
  ETHNICITIES,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  HANDLE_WORDS,
  INTERESTS,
  LAST_NAMES,
  PLATFORMS,
  type Platform,
} from './constants.ts';
import { mixSeed, normalise, Rng } from './random.ts';

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

export const DEFAULT_SEED = 20261122;
export const DEFAULT_SIZE = 21000;

/** Ids of the fixed profiles other parts of Kollab rely on (the demo creator and the demo brand). */
export const FIXED_PROFILES = {
  cleoInstagram: { platform: 'instagram', userId: '5730118821', username: 'cleo.creates' },
  fjallkaffeInstagram: { platform: 'instagram', userId: '5730118822', username: 'fjallkaffe' },
  cleoTiktok: { platform: 'tiktok', userId: '7190000000000000001', username: 'cleocreates' },
} as const;

const PLATFORM_SHARE: Record<Platform, number> = { instagram: 0.5, tiktok: 0.35, youtube: 0.15 };
/** How often each interest is a creator's main interest (INTERESTS order). */
const INTEREST_POPULARITY = [9, 8, 7, 10, 7, 5, 4, 4, 4, 6, 4, 2, 4, 7, 3, 3, 3, 3, 2, 2, 2, 4, 1, 0.3, 1, 1, 3];
const countryById = new Map(COUNTRIES.map((country) => [country.id, country]));
const citiesByCountry = new Map<number, typeof CITIES>(
  COUNTRIES.map((country) => [country.id, CITIES.filter((city) => city.countryId === country.id)]),
);
const NORDIC = new Set([1001, 1002, 1003, 1004, 1005]);
const INTEREST_IDS = INTERESTS.map((interest) => interest.id);
const otherCountries = new Map(
  COUNTRIES.map((country) => [country.id, COUNTRIES.filter((other) => other.id !== country.id)]),
);
const brandsByInterest = new Map(
  INTERESTS.map((interest) => [interest.id, BRANDS.filter((brand) => brand.interests.includes(interest.id))]),
);
/** Caption words per interest: English and Swedish, without duplicates. */
const keywordPool = new Map(
  INTERESTS.map((interest) => [interest.id, Array.from(new Set([...interest.words, ...interest.sv]))]),
);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Lower-case ASCII for handles: å/ä → a, ö/ø → o, æ → ae. */
const folded = new Map<string, string>();

export function asciiFold(value: string): string {
  if (/^[a-z0-9._]*$/.test(value)) return value;
  const known = folded.get(value);
  if (known !== undefined) return known;
  const result = value
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  // Names and words repeat a lot; the bound keeps arbitrary input (search queries) from growing it.
  if (folded.size < 5_000) folded.set(value, result);
  return result;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The profile URL as the platform shows it. */
export function profileUrl(platform: Platform, username: string): string {
  if (platform === 'instagram') return `https://www.instagram.com/${username}/`;
  if (platform === 'tiktok') return `https://www.tiktok.com/@${username}`;
  return `https://www.youtube.com/@${username}`;
}

/** A data-free placeholder picture URL (example.com never serves anything). */
export function pictureUrl(platform: Platform, userId: string): string {
  return `https://images.example.com/sample/${platform}/${userId}.jpg`;
}

export function ageBandOf(age: number): AgeBand {
  for (const band of AGE_BANDS) {
    const [low, high] = AGE_BAND_BOUNDS[band];
    if (age >= low && age <= high) return band;
  }
  return '13-17';
}

interface FixedSpec {
  platform: Platform;
  userId: string;
  username: string;
  fullname: string;
  isBrand: boolean;
  followers: number;
  following: number;
  postsCount: number;
  engagementRate: number;
  gender: Gender | null;
  age: number | null;
  city: string;
  language: string;
  interests: number[];
  brands: number[];
  accountType: AccountType | null;
  email: string;
  bio: string;
  hashtags: string[];
}

const brandId = (handle: string) => BRANDS.find((brand) => brand.handle === handle)?.id ?? 0;

const FIXED_SPECS: FixedSpec[] = [
  {
    ...FIXED_PROFILES.cleoInstagram,
    fullname: 'Cleo Creator',
    isBrand: false,
    followers: 8_600,
    following: 412,
    postsCount: 318,
    engagementRate: 0.0512,
    gender: 'FEMALE',
    age: 27,
    city: 'Stockholm',
    language: 'sv',
    interests: [4, 14, 3],
    brands: [brandId('fjallkaffe')],
    accountType: 3,
    email: 'cleo@example.com',
    bio: 'Vardagsmat, fjällresor och ärliga recensioner. Samarbeten: cleo@example.com',
    hashtags: ['vardagsmat', 'fika', 'fjallen', 'recept', 'healthylifestyle'],
  },
  {
    ...FIXED_PROFILES.fjallkaffeInstagram,
    fullname: 'Fjällkaffe',
    isBrand: true,
    followers: 12_400,
    following: 310,
    postsCount: 214,
    engagementRate: 0.0231,
    gender: null,
    age: null,
    city: 'Östersund',
    language: 'sv',
    interests: [15, 4],
    brands: [],
    accountType: 2,
    email: 'fjallkaffe@example.com',
    bio: 'Kaffe rostat i fjällen, för turen och vardagen. fjallkaffe.example',
    hashtags: ['kaffe', 'specialtycoffee', 'fika', 'fjallen'],
  },
  {
    ...FIXED_PROFILES.cleoTiktok,
    fullname: 'Cleo Creator',
    isBrand: false,
    followers: 14_200,
    following: 187,
    postsCount: 142,
    engagementRate: 0.0734,
    gender: 'FEMALE',
    age: 27,
    city: 'Stockholm',
    language: 'sv',
    interests: [4, 14, 3],
    brands: [brandId('fjallkaffe')],
    accountType: null,
    email: 'cleo@example.com',
    bio: 'Vardagsmat, fjällresor och ärliga recensioner.',
    hashtags: ['vardagsmat', 'fika', 'recept', 'fjallen'],
  },
];

/** Generates the whole dataset. Same seed and size → the same profiles, byte for byte. */
export function generateDataset(options: DatasetOptions = {}): SampleDataset {
  const seed = options.seed ?? DEFAULT_SEED;
  const size = Math.max(PLATFORMS.length * 3, Math.floor(options.size ?? DEFAULT_SIZE));
  const counts: Record<Platform, number> = {
    instagram: Math.round(size * PLATFORM_SHARE.instagram),
    tiktok: Math.round(size * PLATFORM_SHARE.tiktok),
    youtube: 0,
  };
  counts.youtube = size - counts.instagram - counts.tiktok;
  const byPlatform = { instagram: [], tiktok: [], youtube: [] } as Record<Platform, SampleProfile[]>;
  PLATFORMS.forEach((platform, platformNumber) => {
    const rng = new Rng(mixSeed(seed, platformNumber + 1));
    const list = byPlatform[platform];
    const taken: Taken = { handles: new Set(), names: new Map() };
    const fixed = FIXED_SPECS.filter((spec) => spec.platform === platform);
    for (const spec of fixed) {
      taken.handles.add(spec.username);
      taken.names.set(spec.fullname, 1);
    }
    fixed.forEach((spec, k) => {
      list.push(buildProfile(new Rng(mixSeed(seed, 900 + platformNumber, k)), platform, list.length, taken, spec));
    });
    while (list.length < counts[platform]) list.push(buildProfile(rng, platform, list.length, taken));
  });
  return { seed, size, profiles: [...byPlatform.instagram, ...byPlatform.tiktok, ...byPlatform.youtube], byPlatform };
}

const memo = new Map<string, SampleDataset>();

/** The dataset for these options, generated on first use and kept for the life of the process. */
export function getDataset(options: DatasetOptions = {}): SampleDataset {
  const key = `${options.seed ?? DEFAULT_SEED}:${options.size ?? DEFAULT_SIZE}`;
  let dataset = memo.get(key);
  if (!dataset) {
    dataset = generateDataset(options);
    memo.set(key, dataset);
  }
  return dataset;
}

function generatedUserId(platform: Platform, index: number, rng: Rng): string {
  if (platform === 'instagram') return String(6_100_000_000 + index * 40_009 + rng.int(0, 40_000));
  if (platform === 'tiktok') return `71${String(index * 9_973 + rng.int(0, 9_000)).padStart(17, '0')}`;
  return String(3_200_000_000 + index * 1_009 + rng.int(0, 1_000));
}

const COUNTRY_SHARES = COUNTRIES.map((country) => country.share);

function pickCountry(rng: Rng): CountryDef {
  return COUNTRIES[rng.weighted(COUNTRY_SHARES)] ?? (COUNTRIES[0] as CountryDef);
}

/** Handles and full names already used on a platform: both are unique per platform. */
interface Taken {
  handles: Set<string>;
  /** How often each full name was handed out. */
  names: Map<string, number>;
}

function makeUsername(rng: Rng, platform: Platform, first: string, last: string, interest: number, taken: Taken) {
  const f = asciiFold(first);
  const l = asciiFold(last);
  const separator = platform === 'tiktok' ? '_' : '.';
  const word = () => asciiFold(rng.pick(INTERESTS[interest - 1]?.words ?? ['life']));
  let username: string;
  switch (rng.int(0, 6)) {
    case 0:
      username = `${f}${separator}${l}`;
      break;
    case 1:
      username = `${f}${l}`;
      break;
    case 2:
      username = `${f}${separator}${word()}`;
      break;
    case 3:
      username = `${rng.pick(HANDLE_WORDS)}${separator}${f}`;
      break;
    case 4:
      username = `${f}${l.charAt(0)}${rng.int(10, 99)}`;
      break;
    case 5:
      username = `${f}${separator}${rng.pick(HANDLE_WORDS)}`;
      break;
    default:
      username = platform === 'youtube' ? `${f}${word()}` : `${word()}with${f}`;
  }
  return claim(rng, username, taken.handles);
}

const INITIALS = [...'ABCDEFGHIJKLMNOPRSTUVWY'];

/**
 * The full name itself the first time, then with middle initials (people: "Alva B. Holm",
 * "Alva B. C. Holm") or a number (brands) chosen by how often the name was used, so no retries.
 */
function claimName(name: string, names: Map<string, number>, person?: { first: string; last: string }): string {
  const used = names.get(name) ?? 0;
  names.set(name, used + 1);
  if (used === 0) return name;
  if (!person) return `${name} ${used + 1}`;
  const n = used - 1;
  const first = INITIALS[n % INITIALS.length] as string;
  if (n < INITIALS.length) return `${person.first} ${first}. ${person.last}`;
  return `${person.first} ${INITIALS[Math.floor(n / INITIALS.length) % INITIALS.length]}. ${first}. ${person.last}`;
}

/** The handle itself when free, else the handle with a number (common name parts collide often). */
function claim(rng: Rng, base: string, taken: Set<string>): string {
  let username = base;
  for (let digits = 99; taken.has(username); digits = digits * 10 + 9) username = `${base}${rng.int(2, digits)}`;
  taken.add(username);
  return username;
}

function makeBrandName(rng: Rng, interest: number, taken: Taken) {
  const first = rng.pick(HANDLE_WORDS);
  const second = asciiFold(rng.pick(INTERESTS[interest - 1]?.sv ?? ['studio']));
  const username = claim(rng, `${first}${second}`.replace(/[^a-z0-9]/g, ''), taken.handles);
  return { username, fullname: claimName(`${capitalise(first)} ${capitalise(second)}`, taken.names) };
}

function pickInterests(rng: Rng): number[] {
  const count = rng.weighted([0, 30, 35, 25, 10]);
  const chosen: number[] = [];
  while (chosen.length < Math.max(1, count)) {
    const id = rng.weighted(INTEREST_POPULARITY) + 1;
    if (!chosen.includes(id)) chosen.push(id);
  }
  return chosen;
}

function pickFollowers(rng: Rng): number {
  // Exponential in log10 space: ~70 % nano (1k–10k), ~20 % micro, ~7 % up to 1M, ~2 % above.
  const exponent = Math.min(3.7, -Math.log(1 - rng.next()) / 1.25);
  return Math.round(1000 * 10 ** exponent);
}

function cumulativeGrowth(rng: Rng, trend: number): number[] {
  const result: number[] = [];
  let factor = 1;
  for (let month = 0; month < 6; month++) {
    factor *= 1 + clamp(trend + rng.normal() * 0.015, -0.2, 0.4);
    result.push(round4(factor - 1));
  }
  return result;
}

function weightedTags(rng: Rng, pool: string[], min: number, max: number, low: number, high: number): Tag[] {
  // Pools of several interests may repeat a word: keep its first draw only.
  const tags = rng.sample(pool, rng.int(min, max)).filter((tag, i, all) => all.indexOf(tag) === i);
  // Tags come in random order, so handing them weights sorted high to low keeps the list sorted.
  const weights = new Float64Array(tags.length);
  for (let i = 0; i < weights.length; i++) weights[i] = -round4(rng.range(low, high));
  weights.sort();
  return tags.map((tag, i) => ({ tag, weight: -(weights[i] ?? 0) }));
}

function buildProfile(rng: Rng, platform: Platform, index: number, taken: Taken, fixed?: FixedSpec): SampleProfile {
  const seed = mixSeed(rng.int(0, 2 ** 31 - 1), index);
  const userId = fixed?.userId ?? generatedUserId(platform, index, rng);
  const isBrand = fixed ? fixed.isBrand : rng.chance(platform === 'youtube' ? 0.04 : 0.06);
  const interests = fixed?.interests ?? pickInterests(rng);
  const mainInterest = interests[0] ?? 4;

  const fixedCity = fixed ? CITIES.find((city) => city.name === fixed.city) : undefined;
  const country = fixedCity ? (countryById.get(fixedCity.countryId) as CountryDef) : pickCountry(rng);
  const cities = citiesByCountry.get(country.id) ?? CITIES;
  const city = fixedCity ?? cities[Math.min(cities.length - 1, Math.floor(rng.next() ** 1.6 * cities.length))];
  if (!city) throw new Error('no city');
  const language =
    fixed?.language ??
    (country.language === 'en' ? (rng.chance(0.08) ? 'es' : 'en') : rng.chance(0.8) ? country.language : 'en');

  let gender: Gender | null = null;
  let age: number | null = null;
  let username: string;
  let fullname: string;
  if (fixed) {
    ({ gender, age, username, fullname } = fixed);
  } else if (isBrand) {
    ({ username, fullname } = makeBrandName(rng, mainInterest, taken));
  } else {
    const roll = rng.next();
    gender = roll < 0.56 ? 'FEMALE' : roll < 0.92 ? 'MALE' : null;
    const firstPool = gender === 'MALE' ? FIRST_NAMES_MALE : gender === 'FEMALE' ? FIRST_NAMES_FEMALE : null;
    const first = firstPool ? rng.pick(firstPool) : rng.pick(rng.chance(0.5) ? FIRST_NAMES_MALE : FIRST_NAMES_FEMALE);
    const last = rng.pick(LAST_NAMES);
    age = Math.min(64, 18 + Math.floor(-Math.log(1 - rng.next()) * 9));
    username = makeUsername(rng, platform, first, last, mainInterest, taken);
    fullname = claimName(`${first} ${last}`, taken.names, { first, last });
  }

  const followers = fixed?.followers ?? pickFollowers(rng);
  const log = Math.log10(followers / 1000);
  const baseRate = platform === 'tiktok' ? 0.085 : platform === 'youtube' ? 0.038 : 0.052;
  const engagementRate0 =
    fixed?.engagementRate ?? clamp(baseRate * 10 ** (-0.2 * log) * Math.exp(rng.normal() * 0.45), 0.002, 0.35);
  const engagements = Math.max(1, Math.round(followers * engagementRate0));
  const engagementRate = engagements / followers;
  const likeShare = platform === 'youtube' ? rng.range(0.86, 0.94) : rng.range(0.93, 0.985);
  const avgLikes = Math.round(engagements * likeShare);
  const avgComments = engagements - avgLikes;
  const avgReelsPlays = platform === 'instagram' ? Math.round(followers * Math.exp(rng.normal() * 0.5 - 0.2)) : 0;
  const avgViews =
    platform === 'tiktok'
      ? Math.round(followers * Math.exp(rng.normal() * 0.7))
      : platform === 'youtube'
        ? Math.round(followers * Math.exp(rng.normal() * 0.6 - 1.3))
        : 0;
  const avgShares = platform === 'tiktok' ? Math.round(engagements * rng.range(0.01, 0.06)) : 0;
  const avgSaves = platform === 'tiktok' ? Math.round(engagements * rng.range(0.02, 0.09)) : 0;
  const postsCount =
    fixed?.postsCount ??
    (platform === 'instagram' ? rng.int(30, 1800) : platform === 'tiktok' ? rng.int(20, 900) : rng.int(10, 700));
  const following =
    fixed?.following ?? (platform === 'youtube' ? 0 : platform === 'tiktok' ? rng.int(10, 900) : rng.int(60, 2500));
  const totalLikes = platform === 'tiktok' ? Math.round(avgLikes * postsCount * rng.range(0.6, 1.2)) : 0;
  const totalViews = platform === 'youtube' ? Math.round(avgViews * postsCount * rng.range(0.7, 1.3)) : 0;

  const verifiedChance = followers > 1_000_000 ? 0.7 : followers > 100_000 ? 0.25 : followers > 10_000 ? 0.03 : 0.005;
  const isVerified = fixed ? false : rng.chance(verifiedChance);
  const isPrivate = !fixed && !isBrand && followers < 50_000 && rng.chance(0.006);
  const accountType: AccountType | null =
    platform !== 'instagram'
      ? null
      : (fixed?.accountType ?? (isBrand ? 2 : (([1, 2, 3] as const)[rng.weighted([45, 20, 35])] ?? 1)));

  const brandPool: (typeof BRANDS)[number][] = [];
  for (const id of interests)
    for (const brand of brandsByInterest.get(id) ?? []) if (!brandPool.includes(brand)) brandPool.push(brand);
  const sponsorChance = clamp(0.15 + log * 0.15, 0.1, 0.7);
  const brands =
    fixed?.brands ??
    (!isBrand && rng.chance(sponsorChance)
      ? rng.sample(brandPool.length ? brandPool : BRANDS, rng.int(1, 3)).map((brand) => brand.id)
      : []);
  const hasYouTube = platform === 'instagram' && !fixed && rng.chance(0.12);
  const isOfficialArtist = platform === 'youtube' && rng.chance(interests.includes(7) ? 0.3 : 0.01);

  const wordPool = interests.flatMap(
    (id) => (language === 'sv' ? INTERESTS[id - 1]?.sv : INTERESTS[id - 1]?.words) ?? [],
  );
  const tagPool = interests.flatMap((id) => INTERESTS[id - 1]?.tags ?? []);
  const email = fixed?.email ?? (rng.chance(isBrand ? 0.9 : 0.45) ? `${username}@example.com` : null);
  const bio = fixed?.bio ?? makeBio(rng, language, wordPool, city.name, fullname, isBrand, email);
  const hashtags = fixed
    ? fixed.hashtags.map((tag, i) => ({ tag, weight: round4(0.3 / (i + 1)) }))
    : weightedTags(rng, tagPool, 3, 8, 0.02, 0.3);
  const mentions = brands
    .map((id) => BRANDS[id - 301]?.handle ?? '')
    .filter(Boolean)
    .map((tag) => ({ tag, weight: round4(rng.range(0.01, 0.1)) }))
    .sort((a, b) => b.weight - a.weight || (a.tag < b.tag ? -1 : 1));
  const keywords = weightedTags(
    rng,
    interests.length === 1
      ? (keywordPool.get(mainInterest) ?? [])
      : interests.flatMap((id) => keywordPool.get(id) ?? []),
    5,
    10,
    0.02,
    0.4,
  );
  const contacts = makeContacts(rng, platform, username, email, hasYouTube, interests);

  const trend = clamp(rng.normal() * 0.025 + 0.012 - log * 0.003, -0.08, 0.15);
  const growth = {
    followers: cumulativeGrowth(rng, trend),
    likes: cumulativeGrowth(rng, trend * 0.8),
    views: cumulativeGrowth(rng, trend * 1.2),
  };
  const activity = rng.next();
  const lastPosted =
    activity < 0.65
      ? rng.int(0, 13)
      : activity < 0.85
        ? rng.int(14, 45)
        : activity < 0.95
          ? rng.int(46, 120)
          : rng.int(121, 400);
  const audience = makeAudience(rng, platform, country, city.id, gender, age, language, interests, brandPool);

  return {
    platform,
    index,
    seed,
    userId,
    username,
    fullname,
    url: profileUrl(platform, username),
    picture: pictureUrl(platform, userId),
    isBrand,
    followers,
    following,
    postsCount,
    engagementRate,
    engagements,
    avgLikes,
    avgComments,
    avgViews,
    avgReelsPlays,
    avgShares,
    avgSaves,
    totalLikes,
    totalViews,
    isVerified,
    isPrivate,
    accountType,
    gender,
    age,
    countryId: country.id,
    cityId: city.id,
    language,
    interests,
    brands,
    hasSponsoredPosts: brands.length > 0,
    hasYouTube,
    isOfficialArtist,
    bio,
    hashtags,
    mentions,
    keywords,
    contacts,
    email,
    growth,
    lastPosted,
    audience,
  };
}

function makeBio(
  rng: Rng,
  language: string,
  words: string[],
  city: string,
  fullname: string,
  isBrand: boolean,
  email: string | null,
): string {
  const [a = 'life', b = 'everyday', c = 'stories'] = rng.sample(words, 3);
  const swedish = language === 'sv';
  const head = isBrand
    ? swedish
      ? `${fullname}: ${a} och ${b} sedan ${rng.int(1990, 2022)}.`
      : `${fullname}: ${a} & ${b} since ${rng.int(1990, 2022)}.`
    : swedish
      ? `${capitalise(a)}, ${b} och ${c} i ${city}.`
      : `${capitalise(a)}, ${b} & ${c} from ${city}.`;
  if (email && rng.chance(0.6)) return `${head} ${swedish ? 'Samarbeten' : 'Collabs'}: ${email}`;
  return head;
}

function makeContacts(
  rng: Rng,
  platform: Platform,
  username: string,
  email: string | null,
  hasYouTube: boolean,
  interests: number[],
): Contact[] {
  const contacts: Contact[] = [];
  if (email) contacts.push({ type: 'email', value: email });
  if (platform !== 'instagram' && rng.chance(0.3))
    contacts.push({ type: 'instagram', value: `https://www.instagram.com/${username}/` });
  if (platform !== 'tiktok' && rng.chance(0.2))
    contacts.push({ type: 'tiktok', value: `https://www.tiktok.com/@${username}` });
  if (hasYouTube || (platform === 'tiktok' && rng.chance(0.1)))
    contacts.push({ type: 'youtube', value: `https://www.youtube.com/@${username}` });
  if (rng.chance(0.25)) contacts.push({ type: 'linktree', value: `https://links.example.com/${username}` });
  if (rng.chance(0.15)) contacts.push({ type: 'facebook', value: `https://facebook.example.com/${username}` });
  if (rng.chance(0.1)) contacts.push({ type: 'snapchat', value: username });
  if (rng.chance(0.08)) contacts.push({ type: 'twitter', value: `https://x.example.com/${username}` });
  if (interests.some((id) => id === 1 || id === 2 || id === 10) && rng.chance(0.15))
    contacts.push({ type: 'pinterest', value: `https://pinterest.example.com/${username}` });
  if (interests.includes(13) && rng.chance(0.5))
    contacts.push({ type: 'twitchtv', value: `https://twitch.example.com/${username}` });
  if (rng.chance(0.01)) contacts.push({ type: 'skype', value: `live:${username}` });
  return contacts;
}

function makeAudience(
  rng: Rng,
  platform: Platform,
  country: CountryDef,
  cityId: number,
  gender: Gender | null,
  age: number | null,
  language: string,
  interests: number[],
  brandPool: typeof BRANDS,
): SampleAudience {
  const male = round4(
    gender === 'FEMALE' ? rng.range(0.12, 0.45) : gender === 'MALE' ? rng.range(0.5, 0.85) : rng.range(0.3, 0.7),
  );

  const peak = age === null ? 2 : AGE_BANDS.indexOf(ageBandOf(age));
  const ages = normalise(
    AGE_BANDS.map((_, band) => {
      const edge = band === 0 ? (platform === 'tiktok' ? 1.3 : 0.35) : band === 5 ? 0.3 : 1;
      return Math.exp(-Math.abs(band - peak) * 1.1) * rng.range(0.6, 1.4) * edge;
    }),
  );

  const home = country.code === 'US' ? rng.range(0.45, 0.75) : rng.range(0.35, 0.85);
  const others = rng.sample(otherCountries.get(country.id) ?? COUNTRIES, rng.int(3, 5)).map((other) => ({
    id: other.id,
    raw: rng.range(0.2, 1) * (NORDIC.has(country.id) && NORDIC.has(other.id) ? 2 : 1),
  }));
  const otherTotal = others.reduce((sum, other) => sum + other.raw, 0);
  const countryWeights = normalise([home, ...others.map((other) => ((1 - home) * other.raw) / otherTotal)]);
  const countries = [country.id, ...others.map((other) => other.id)]
    .map((id, i) => ({ id, weight: countryWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);
  const homeWeight = countries.find((entry) => entry.id === country.id)?.weight ?? 0;
  const homeCities = (citiesByCountry.get(country.id) ?? []).filter((city) => city.id !== cityId);
  const cities = [
    { id: cityId, weight: round4(homeWeight * rng.range(0.2, 0.5)) },
    ...rng
      .sample(homeCities, rng.int(0, 2))
      .map((city) => ({ id: city.id, weight: round4(homeWeight * rng.range(0.03, 0.15)) })),
  ].sort((a, b) => b.weight - a.weight || a.id - b.id);

  const languageCodes = [language];
  if (language !== 'en') languageCodes.push('en');
  const extra = rng.pick(COUNTRIES).language;
  if (!languageCodes.includes(extra)) languageCodes.push(extra);
  const languageWeights = normalise(languageCodes.map((_, i) => (i === 0 ? rng.range(2.5, 8) : rng.range(0.3, 1.5))));
  const languages = languageCodes
    .map((code, i) => ({ code, weight: languageWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || (a.code < b.code ? -1 : 1));

  const interestIds = [...interests];
  for (const other of rng.sample(INTEREST_IDS, rng.int(2, 4)))
    if (!interestIds.includes(other)) interestIds.push(other);
  const interestWeights = normalise(
    interestIds.map((id, i) =>
      i === 0 ? rng.range(1.5, 3) : interests.includes(id) ? rng.range(0.6, 1.4) : rng.range(0.1, 0.5),
    ),
  );
  const audienceInterests = interestIds
    .map((id, i) => ({ id, weight: interestWeights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);

  const brands = rng
    .sample(brandPool.length ? brandPool : BRANDS, rng.int(0, 4))
    .map((brand) => ({ id: brand.id, weight: round4(rng.range(0.005, 0.08)) }))
    .sort((a, b) => b.weight - a.weight || a.id - b.id);

  const credibilityTarget = clamp(0.78 + rng.normal() * 0.09, 0.4, 0.97);
  const influencers = credibilityTarget * rng.range(0.01, 0.05);
  const mass = (1 - credibilityTarget) * rng.range(0.3, 0.7);
  const types = normalise([credibilityTarget - influencers, 1 - credibilityTarget - mass, mass, influencers]);
  const credibility = round4((types[0] ?? 0) + (types[3] ?? 0));
  const reachability = normalise([
    rng.range(0.25, 0.55),
    rng.range(0.15, 0.3),
    rng.range(0.05, 0.15),
    rng.range(0.1, 0.3),
  ]);
  const diverse = country.code === 'US' || country.code === 'GB' || country.code === 'CA' || country.code === 'AU';
  const ethnicities = normalise(
    ETHNICITIES.map((_, i) =>
      i === 0 ? (diverse ? rng.range(3, 6) : rng.range(12, 20)) : rng.range(0.3, diverse ? 2.5 : 1),
    ),
  );

  return {
    male,
    ages,
    countries,
    cities,
    languages,
    interests: audienceInterests,
    brands,
    types,
    credibility,
    reachability,
    ethnicities,
    notable: round4(rng.range(0.005, 0.06)),
  };
}

/** Lookups over one dataset, built once per dataset. */
export interface DatasetIndex {
  byId: Record<Platform, Map<string, SampleProfile>>;
  byUsername: Record<Platform, Map<string, SampleProfile>>;
  byEmail: Map<string, SampleProfile[]>;
}

const indexes = new WeakMap<SampleDataset, DatasetIndex>();

export function indexDataset(dataset: SampleDataset): DatasetIndex {
  let index = indexes.get(dataset);
  if (index) return index;
  index = {
    byId: { instagram: new Map(), tiktok: new Map(), youtube: new Map() },
    byUsername: { instagram: new Map(), tiktok: new Map(), youtube: new Map() },
    byEmail: new Map(),
  };
  for (const profile of dataset.profiles) {
    index.byId[profile.platform].set(profile.userId, profile);
    index.byUsername[profile.platform].set(profile.username, profile);
    if (profile.email) {
      const list = index.byEmail.get(profile.email) ?? [];
      list.push(profile);
      index.byEmail.set(profile.email, list);
    }
  }
  indexes.set(dataset, index);
  return index;
}

/**
 * Finds a profile by user id or handle, the way the provider's paths accept either: a leading `@`
 * and a full profile URL (instagram.com/x/, tiktok.com/@x, youtube.com/@x) are accepted too.
 */
export function findProfile(dataset: SampleDataset, platform: Platform, idOrHandle: string): SampleProfile | undefined {
  const index = indexDataset(dataset);
  let key = idOrHandle.trim();
  const fromUrl =
    /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram|tiktok|youtube)\.com\/(?:channel\/|c\/|user\/)?@?([^/?#]+)/i.exec(key);
  if (fromUrl?.[1]) key = fromUrl[1];
  key = key.replace(/^@/, '');
  return index.byId[platform].get(key) ?? index.byUsername[platform].get(key.toLowerCase());
}

export function countryOf(profile: SampleProfile): CountryDef {
  return countryById.get(profile.countryId) as CountryDef;
}
