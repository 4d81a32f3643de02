/** One creator profile: the fixed ones other parts of Kollab rely on, and the generated ones. */
import {
  type AccountType,
  BRANDS,
  CITIES,
  type CountryDef,
  FIRST_NAMES_FEMALE,
  FIRST_NAMES_MALE,
  INTERESTS,
  LAST_NAMES,
  type Platform,
} from './constants.ts';
import { makeAudience } from './dataset-audience.ts';
import {
  brandsByInterest,
  capitalise,
  citiesByCountry,
  clamp,
  countryById,
  keywordPool,
  pictureUrl,
  profileUrl,
  round4,
} from './dataset-helpers.ts';
import {
  claimName,
  cumulativeGrowth,
  generatedUserId,
  makeBrandName,
  makeUsername,
  pickCountry,
  pickFollowers,
  pickInterests,
  type Taken,
  weightedTags,
} from './dataset-people.ts';
import type { Contact, Gender, SampleProfile } from './dataset-types.ts';
import { mixSeed, type Rng } from './random.ts';

/** Ids of the fixed profiles other parts of Kollab rely on (the demo creator and the demo brand). */
export const FIXED_PROFILES = {
  cleoInstagram: { platform: 'instagram', userId: '5730118821', username: 'cleo.creates' },
  fjallkaffeInstagram: { platform: 'instagram', userId: '5730118822', username: 'fjallkaffe' },
  cleoTiktok: { platform: 'tiktok', userId: '7190000000000000001', username: 'cleocreates' },
} as const;

export interface FixedSpec {
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

export const FIXED_SPECS: FixedSpec[] = [
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

export function buildProfile(
  rng: Rng,
  platform: Platform,
  index: number,
  taken: Taken,
  fixed?: FixedSpec,
): SampleProfile {
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
