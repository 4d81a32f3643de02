/** Pools and small helpers shared by the dataset's generators. */
import {
  AGE_BAND_BOUNDS,
  AGE_BANDS,
  type AgeBand,
  BRANDS,
  CITIES,
  COUNTRIES,
  INTERESTS,
  type Platform,
} from './constants.ts';
export const PLATFORM_SHARE: Record<Platform, number> = { instagram: 0.5, tiktok: 0.35, youtube: 0.15 };
/** How often each interest is a creator's main interest (INTERESTS order). */
export const INTEREST_POPULARITY = [9, 8, 7, 10, 7, 5, 4, 4, 4, 6, 4, 2, 4, 7, 3, 3, 3, 3, 2, 2, 2, 4, 1, 0.3, 1, 1, 3];
export const countryById = new Map(COUNTRIES.map((country) => [country.id, country]));
export const citiesByCountry = new Map<number, typeof CITIES>(
  COUNTRIES.map((country) => [country.id, CITIES.filter((city) => city.countryId === country.id)]),
);
export const NORDIC = new Set([1001, 1002, 1003, 1004, 1005]);
export const INTEREST_IDS = INTERESTS.map((interest) => interest.id);
export const otherCountries = new Map(
  COUNTRIES.map((country) => [country.id, COUNTRIES.filter((other) => other.id !== country.id)]),
);
export const brandsByInterest = new Map(
  INTERESTS.map((interest) => [interest.id, BRANDS.filter((brand) => brand.interests.includes(interest.id))]),
);
/** Caption words per interest: English and Swedish, without duplicates. */
export const keywordPool = new Map(
  INTERESTS.map((interest) => [interest.id, Array.from(new Set([...interest.words, ...interest.sv]))]),
);
export const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

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

export const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

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
