/**
 * The deterministic synthetic dataset behind the sample provider: ~21k creator profiles across
 * Instagram, TikTok and YouTube with plausible (not real) distributions. Nothing here describes a
 * real person; every name is assembled from common name parts and every URL is under example.com.
 * Posts are not stored: `posts.ts` derives them on demand from each profile's sub-seed.
 *
 * Shapes in dataset-types.ts; one profile in dataset-profile.ts (names and picks in
 * dataset-people.ts, the audience in dataset-audience.ts, shared pools in dataset-helpers.ts).
 */
import { type CountryDef, PLATFORMS, type Platform } from './constants.ts';
import { countryById, PLATFORM_SHARE } from './dataset-helpers.ts';
import type { Taken } from './dataset-people.ts';
import { buildProfile, FIXED_SPECS } from './dataset-profile.ts';
import type { DatasetOptions, SampleDataset, SampleProfile } from './dataset-types.ts';
import { mixSeed, Rng } from './random.ts';

export { ageBandOf, asciiFold, pictureUrl, profileUrl } from './dataset-helpers.ts';
export { FIXED_PROFILES } from './dataset-profile.ts';
export type {
  Contact,
  DatasetOptions,
  Gender,
  SampleAudience,
  SampleDataset,
  SampleProfile,
  Tag,
  WeightedCode,
  WeightedId,
} from './dataset-types.ts';

export const DEFAULT_SEED = 20261122;
export const DEFAULT_SIZE = 21000;

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
