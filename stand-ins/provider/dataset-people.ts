/** Ids, handles, names and picks of one generated creator. */
import { COUNTRIES, type CountryDef, HANDLE_WORDS, INTERESTS, type Platform } from './constants.ts';
import { asciiFold, capitalise, clamp, INTEREST_POPULARITY, round4 } from './dataset-helpers.ts';
import type { Tag } from './dataset-types.ts';
import type { Rng } from './random.ts';

export function generatedUserId(platform: Platform, index: number, rng: Rng): string {
  if (platform === 'instagram') return String(6_100_000_000 + index * 40_009 + rng.int(0, 40_000));
  if (platform === 'tiktok') return `71${String(index * 9_973 + rng.int(0, 9_000)).padStart(17, '0')}`;
  return String(3_200_000_000 + index * 1_009 + rng.int(0, 1_000));
}

export const COUNTRY_SHARES = COUNTRIES.map((country) => country.share);

export function pickCountry(rng: Rng): CountryDef {
  return COUNTRIES[rng.weighted(COUNTRY_SHARES)] ?? (COUNTRIES[0] as CountryDef);
}

/** Handles and full names already used on a platform: both are unique per platform. */
export interface Taken {
  handles: Set<string>;
  /** How often each full name was handed out. */
  names: Map<string, number>;
}

export function makeUsername(
  rng: Rng,
  platform: Platform,
  first: string,
  last: string,
  interest: number,
  taken: Taken,
) {
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

export const INITIALS = [...'ABCDEFGHIJKLMNOPRSTUVWY'];

/**
 * The full name itself the first time, then with middle initials (people: "Alva B. Holm",
 * "Alva B. C. Holm") or a number (brands) chosen by how often the name was used, so no retries.
 */
export function claimName(name: string, names: Map<string, number>, person?: { first: string; last: string }): string {
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
export function claim(rng: Rng, base: string, taken: Set<string>): string {
  let username = base;
  for (let digits = 99; taken.has(username); digits = digits * 10 + 9) username = `${base}${rng.int(2, digits)}`;
  taken.add(username);
  return username;
}

export function makeBrandName(rng: Rng, interest: number, taken: Taken) {
  const first = rng.pick(HANDLE_WORDS);
  const second = asciiFold(rng.pick(INTERESTS[interest - 1]?.sv ?? ['studio']));
  const username = claim(rng, `${first}${second}`.replace(/[^a-z0-9]/g, ''), taken.handles);
  return { username, fullname: claimName(`${capitalise(first)} ${capitalise(second)}`, taken.names) };
}

export function pickInterests(rng: Rng): number[] {
  const count = rng.weighted([0, 30, 35, 25, 10]);
  const chosen: number[] = [];
  while (chosen.length < Math.max(1, count)) {
    const id = rng.weighted(INTEREST_POPULARITY) + 1;
    if (!chosen.includes(id)) chosen.push(id);
  }
  return chosen;
}

export function pickFollowers(rng: Rng): number {
  // Exponential in log10 space: ~70 % nano (1k–10k), ~20 % micro, ~7 % up to 1M, ~2 % above.
  const exponent = Math.min(3.7, -Math.log(1 - rng.next()) / 1.25);
  return Math.round(1000 * 10 ** exponent);
}

export function cumulativeGrowth(rng: Rng, trend: number): number[] {
  const result: number[] = [];
  let factor = 1;
  for (let month = 0; month < 6; month++) {
    factor *= 1 + clamp(trend + rng.normal() * 0.015, -0.2, 0.4);
    result.push(round4(factor - 1));
  }
  return result;
}

export function weightedTags(rng: Rng, pool: string[], min: number, max: number, low: number, high: number): Tag[] {
  // Pools of several interests may repeat a word: keep its first draw only.
  const tags = rng.sample(pool, rng.int(min, max)).filter((tag, i, all) => all.indexOf(tag) === i);
  // Tags come in random order, so handing them weights sorted high to low keeps the list sorted.
  const weights = new Float64Array(tags.length);
  for (let i = 0; i < weights.length; i++) weights[i] = -round4(rng.range(low, high));
  weights.sort();
  return tags.map((tag, i) => ({ tag, weight: -(weights[i] ?? 0) }));
}
