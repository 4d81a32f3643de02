/** A report's audience and content statistics, and where the creator sits among peers. */
import { AGE_BANDS, AUDIENCE_TYPES, ETHNICITIES, REACHABILITY_BANDS } from './constants.ts';
import type { SampleAudience, SampleDataset, SampleProfile } from './dataset.ts';
import { brandById, languageByCode } from './dictionaries.ts';
import type { SamplePost } from './posts.ts';
import { mixSeed, normalise, Rng } from './random.ts';
import { cityById, countryById, interestName, median, round4, topBy, userRef } from './reports-common.ts';
import { audienceSimilarity } from './similarity.ts';

const FOLLOWER_BUCKETS = [
  1_000,
  5_000,
  10_000,
  25_000,
  50_000,
  100_000,
  250_000,
  500_000,
  1_000_000,
  5_000_000,
  Infinity,
];
const ER_BINS = [0, 0.01, 0.02, 0.035, 0.06, 0.1, 1];
const CREDIBILITY_BINS = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001];
const peerCache = new WeakMap<SampleDataset, Map<string, unknown>>();

function bucketOf(followers: number): [number, number] {
  for (let i = 0; i < FOLLOWER_BUCKETS.length - 1; i++) {
    const low = FOLLOWER_BUCKETS[i] ?? 0;
    const high = FOLLOWER_BUCKETS[i + 1] ?? Infinity;
    if (followers < high) return [low, high];
  }
  return [5_000_000, Infinity];
}

function distribution(values: number[], bins: number[]) {
  const m = median(values);
  return bins.slice(0, -1).map((min, i) => {
    const max = bins[i + 1] ?? 1;
    const total = values.filter((value) => value >= min && value < max).length;
    return { min, max: Math.min(1, max), total, ...(m >= min && m < max ? { median: true } : {}) };
  });
}

/** Where the creator sits among peers of the same size on the same platform (cached per bucket). */
export function audienceExtra(dataset: SampleDataset, profile: SampleProfile) {
  const [low, high] = bucketOf(profile.followers);
  const cache = peerCache.get(dataset) ?? new Map<string, unknown>();
  peerCache.set(dataset, cache);
  const key = `${profile.platform}:${low}`;
  let extra = cache.get(key) as Record<string, unknown> | undefined;
  if (!extra) {
    const peers = dataset.byPlatform[profile.platform].filter((p) => p.followers >= low && p.followers < high);
    extra = {
      followersRange: { leftNumber: low, rightNumber: Number.isFinite(high) ? high : 10_000_000 },
      engagementRateDistribution: distribution(
        peers.map((p) => p.engagementRate),
        ER_BINS,
      ),
      ...(profile.platform === 'instagram'
        ? {
            credibilityDistribution: distribution(
              peers.map((p) => p.audience.credibility),
              CREDIBILITY_BINS,
            ),
          }
        : {}),
    };
    cache.set(key, extra);
  }
  return extra;
}

export function audienceJson(dataset: SampleDataset, profile: SampleProfile, audience: SampleAudience, full: boolean) {
  const female = round4(1 - audience.male);
  const genders = [
    { code: 'FEMALE', weight: female },
    { code: 'MALE', weight: audience.male },
  ].sort((a, b) => b.weight - a.weight);
  const ages = AGE_BANDS.map((code, i) => ({ code, weight: audience.ages[i] ?? 0 }));
  const gendersPerAge = ages.map(({ code, weight }) => {
    const male = round4(weight * audience.male);
    return { code, male, female: round4(weight - male) };
  });
  const geoCountries = audience.countries.map(({ id, weight }) => {
    const country = countryById.get(id);
    return { name: country?.name ?? String(id), code: country?.code ?? '', weight };
  });
  const states = new Map<string, number>();
  for (const { id, weight } of audience.cities) {
    const state = cityById.get(id)?.state ?? '';
    states.set(state, round4((states.get(state) ?? 0) + weight * 1.4));
  }
  const geoStates = [...states]
    .map(([name, weight]) => ({ name, weight: Math.min(weight, 1) }))
    .sort((a, b) => b.weight - a.weight);
  const geoCities = audience.cities.map(({ id, weight }) => ({ name: cityById.get(id)?.name ?? String(id), weight }));
  const languages = audience.languages.map(({ code, weight }) => ({
    code,
    name: languageByCode.get(code)?.name ?? code,
    weight,
  }));
  const notableUsers = topBy(dataset, profile, 5, (p) =>
    p.followers >= 50_000
      ? p.interests.filter((id) => profile.interests.includes(id)).length * 10 + Math.log10(p.followers)
      : Number.NaN,
  ).map(userRef);
  const audienceLookalikes = topBy(dataset, profile, 5, (p) => audienceSimilarity(profile, p)).map(userRef);
  const base = {
    notable: audience.notable,
    notableUsers,
    audienceLookalikes,
    genders,
    ages,
    gendersPerAge,
    geoCountries,
    languages,
  };
  if (!full) return base;
  const instagram = profile.platform === 'instagram';
  return {
    ...(instagram ? { credibility: audience.credibility } : {}),
    ...base,
    geoStates,
    geoCities,
    ...(profile.platform !== 'tiktok'
      ? {
          interests: audience.interests.map(({ id, weight }) => ({ name: interestName.get(id) ?? String(id), weight })),
        }
      : {}),
    brandAffinity: audience.brands.map(({ id, weight }) => ({ name: brandById.get(id)?.name ?? String(id), weight })),
    ...(instagram
      ? {
          ethnicities: ETHNICITIES.map(({ code, name }, i) => ({ code, name, weight: audience.ethnicities[i] ?? 0 })),
          audienceReachability: REACHABILITY_BANDS.map((code, i) => ({ code, weight: audience.reachability[i] ?? 0 })),
          audienceTypes: AUDIENCE_TYPES.map((code, i) => ({ code, weight: audience.types[i] ?? 0 })).sort(
            (a, b) => b.weight - a.weight,
          ),
        }
      : {}),
  };
}

/** YouTube commenters: the audience shifted a little towards younger, more male, more English. */
export function commentersOf(profile: SampleProfile): SampleAudience {
  const rng = new Rng(mixSeed(profile.seed, 77));
  const a = profile.audience;
  const ages = normalise(a.ages.map((weight, i) => weight * (i <= 2 ? rng.range(1.05, 1.3) : rng.range(0.7, 0.95))));
  const languages = normalise(a.languages.map((entry) => entry.weight * (entry.code === 'en' ? 1.3 : 1)));
  return {
    ...a,
    male: round4(Math.min(0.95, a.male * rng.range(1.02, 1.2))),
    ages,
    languages: a.languages.map((entry, i) => ({ code: entry.code, weight: languages[i] ?? 0 })),
  };
}

export function contentStats(posts: SamplePost[], followers: number) {
  const likes = posts.map((post) => post.likes);
  const comments = posts.map((post) => post.comments);
  const views = posts.map((post) => post.views);
  const engagements = Math.round(median(likes) + median(comments));
  return {
    posts: posts.length,
    engagements,
    engagementRate: followers ? engagements / followers : 0,
    avgLikes: Math.round(median(likes)),
    avgComments: Math.round(median(comments)),
    avgViews: Math.round(median(views)),
  };
}
