/**
 * The provider's free dictionaries (CONTRACT.md §5): locations, languages, interests, brands,
 * topics, hashtags and the `/users` handle lookup. Each takes a case- and accent-insensitive
 * `query` (contains) and a `limit` (default 10, at most 100) and reports the `total` matches.
 */
import { BRANDS, CITIES, COUNTRIES, INTERESTS, LANGUAGES, type Platform } from './constants.ts';
import { asciiFold, type SampleDataset } from './dataset.ts';

export const DICTIONARY_KINDS: Record<Platform, readonly string[]> = {
  instagram: ['locations', 'languages', 'interests', 'brands', 'topics', 'hashtags', 'users'],
  tiktok: ['locations', 'languages', 'interests', 'topics', 'users'],
  youtube: ['locations', 'languages', 'interests', 'topics', 'users'],
};
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export interface LocationEntry {
  id: number;
  name: string;
  title: string;
}
export interface UserLookup {
  userId: string;
  username: string;
  fullname: string;
  picture: string;
  followers: number;
  isVerified: boolean;
}

const countryName = new Map(COUNTRIES.map((country) => [country.id, country.name]));

/** Countries first, then cities titled "City, Country". */
export const LOCATIONS: readonly LocationEntry[] = [
  ...COUNTRIES.map((country) => ({ id: country.id, name: country.name, title: country.name })),
  ...CITIES.map((city) => ({
    id: city.id,
    name: city.name,
    title: `${city.name}, ${countryName.get(city.countryId)}`,
  })),
];
export const locationById = new Map(LOCATIONS.map((location) => [location.id, location]));
export const interestById = new Map(INTERESTS.map((interest) => [interest.id, interest]));
export const brandById = new Map(BRANDS.map((brand) => [brand.id, brand]));
export const languageByCode = new Map(LANGUAGES.map((language) => [language.code, language]));

/** Folds case and accents so "goteborg" finds "Göteborg". */
export function fold(value: string): string {
  return asciiFold(value).replace(/[^a-z0-9@#._ ,&-]/g, '');
}

function take<T>(items: readonly T[], text: (item: T) => string, query: string, limit: number) {
  const needle = fold(query.trim());
  const matches = needle ? items.filter((item) => fold(text(item)).includes(needle)) : items.slice();
  return { items: matches.slice(0, limit), total: matches.length };
}

const topicCache = new WeakMap<SampleDataset, { topics: string[]; hashtags: string[] }>();

/** Topics are every tag of the interest vocabulary; hashtags are those used on Instagram, most used first. */
function tagLists(dataset: SampleDataset) {
  let lists = topicCache.get(dataset);
  if (lists) return lists;
  const topics = Array.from(new Set(INTERESTS.flatMap((interest) => [...interest.tags, ...interest.words]))).sort();
  const usage = new Map<string, number>();
  for (const profile of dataset.byPlatform.instagram)
    for (const tag of profile.hashtags) usage.set(tag.tag, (usage.get(tag.tag) ?? 0) + 1);
  const hashtags = [...usage].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([tag]) => tag);
  lists = { topics, hashtags };
  topicCache.set(dataset, lists);
  return lists;
}

const nameCache = new WeakMap<SampleDataset, Partial<Record<Platform, string[]>>>();

function foldedNames(dataset: SampleDataset, platform: Platform): string[] {
  const cache = nameCache.get(dataset) ?? {};
  nameCache.set(dataset, cache);
  cache[platform] ??= dataset.byPlatform[platform].map((profile) => fold(profile.fullname));
  return cache[platform];
}

/**
 * The `/users` lookup: handles or names containing the query, handles starting with it first,
 * then by followers. Private accounts are left out, like the provider's search index does.
 */
export function lookupUsers(dataset: SampleDataset, platform: Platform, query: string, limit: number) {
  const needle = fold(query.trim().replace(/^@/, ''));
  const names = foldedNames(dataset, platform);
  const matches = dataset.byPlatform[platform].filter(
    (profile, i) =>
      !profile.isPrivate && (!needle || profile.username.includes(needle) || (names[i] ?? '').includes(needle)),
  );
  const rank = (username: string) => (needle && username.startsWith(needle) ? 0 : 1);
  matches.sort((a, b) => rank(a.username) - rank(b.username) || b.followers - a.followers || a.index - b.index);
  const users: UserLookup[] = matches.slice(0, limit).map((profile) => ({
    userId: profile.userId,
    username: profile.username,
    fullname: profile.fullname,
    picture: profile.picture,
    followers: profile.followers,
    isVerified: profile.isVerified,
  }));
  return { error: false as const, users, total: matches.length };
}

/** Answers one dictionary; `undefined` when the kind does not exist on that platform. */
export function dictionary(
  dataset: SampleDataset,
  platform: Platform,
  kind: string,
  query: string,
  limit: number,
): Record<string, unknown> | undefined {
  if (!DICTIONARY_KINDS[platform].includes(kind)) return undefined;
  switch (kind) {
    case 'locations': {
      const { items, total } = take(LOCATIONS, (location) => location.title, query, limit);
      return { error: false, locations: items, total };
    }
    case 'languages': {
      const { items, total } = take(LANGUAGES, (language) => `${language.name} ${language.code}`, query, limit);
      return { error: false, languages: items, total };
    }
    case 'interests': {
      const { items, total } = take(INTERESTS, (interest) => interest.name, query, limit);
      return { error: false, interests: items.map(({ id, name }) => ({ id, name })), total };
    }
    case 'brands': {
      const counts = new Map<number, number>();
      for (const profile of dataset.byPlatform.instagram)
        for (const id of profile.brands) counts.set(id, (counts.get(id) ?? 0) + 1);
      const { items, total } = take(BRANDS, (brand) => `${brand.name} ${brand.handle}`, query, limit);
      return { error: false, brands: items.map(({ id, name }) => ({ id, name, count: counts.get(id) ?? 0 })), total };
    }
    case 'topics': {
      const { items, total } = take(tagLists(dataset).topics, (tag) => tag, query.replace(/^#/, ''), limit);
      return { error: false, tags: items, total };
    }
    case 'hashtags': {
      const { items, total } = take(tagLists(dataset).hashtags, (tag) => tag, query.replace(/^#/, ''), limit);
      return { error: false, tags: items, total };
    }
    default:
      return lookupUsers(dataset, platform, query, limit);
  }
}
