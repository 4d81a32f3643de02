import { describe, expect, it } from 'vitest';
import { AGE_BANDS, BRANDS, CITIES, CONTACT_TYPES, COUNTRIES, INTERESTS, LANGUAGES } from './constants.ts';
import { FIXED_PROFILES, findProfile, generateDataset, getDataset, type SampleProfile } from './dataset.ts';
import { decodePost, postAt } from './posts.ts';

const dataset = generateDataset();
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const share = (profiles: SampleProfile[], keep: (p: SampleProfile) => boolean) =>
  profiles.filter(keep).length / profiles.length;
const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('generateDataset', () => {
  it('is deterministic: the same seed gives the same profiles, another seed different ones', () => {
    const again = generateDataset();
    expect(again.profiles.length).toBe(21_000);
    expect(JSON.stringify(again.profiles.slice(0, 300))).toBe(JSON.stringify(dataset.profiles.slice(0, 300)));
    expect(again.profiles.map((p) => `${p.userId}:${p.username}:${p.followers}`)).toEqual(
      dataset.profiles.map((p) => `${p.userId}:${p.username}:${p.followers}`),
    );
    const other = generateDataset({ seed: 7 });
    expect(other.byPlatform.instagram[10]?.username).not.toBe(dataset.byPlatform.instagram[10]?.username);
  });

  it('memoises per seed and size', () => {
    expect(getDataset({ seed: 3, size: 300 })).toBe(getDataset({ seed: 3, size: 300 }));
    expect(getDataset({ seed: 3, size: 300 }).profiles).toHaveLength(300);
  });

  it('splits the platforms about 50/35/15 and indexes profiles by position', () => {
    expect(dataset.byPlatform.instagram).toHaveLength(10_500);
    expect(dataset.byPlatform.tiktok).toHaveLength(7_350);
    expect(dataset.byPlatform.youtube).toHaveLength(3_150);
    for (const list of Object.values(dataset.byPlatform)) expect(list.filter((p, i) => p.index !== i)).toEqual([]);
  });

  it('keeps user ids, usernames and full names unique per platform, ids numeric, URLs under the platform or example.com', () => {
    for (const [platform, list] of Object.entries(dataset.byPlatform)) {
      expect(new Set(list.map((p) => p.userId)).size).toBe(list.length);
      expect(new Set(list.map((p) => p.username)).size).toBe(list.length);
      expect(new Set(list.map((p) => p.fullname)).size).toBe(list.length);
      const host = platform === 'instagram' ? 'instagram.com' : platform === 'tiktok' ? 'tiktok.com' : 'youtube.com';
      const odd = list.filter(
        (p) =>
          !/^\d+$/.test(p.userId) ||
          !/^[a-z0-9._]+$/.test(p.username) ||
          !p.picture.startsWith('https://images.example.com/') ||
          !p.url.includes(host) ||
          (p.email !== null && !p.email.endsWith('@example.com')) ||
          p.contacts.some((contact) => !(CONTACT_TYPES as readonly string[]).includes(contact.type)),
      );
      expect(odd).toEqual([]);
    }
    const ids = new Set(dataset.profiles.map((p) => p.userId));
    expect(ids.size).toBe(dataset.profiles.length);
  });

  it('contains the fixed demo profiles', () => {
    const cleo = findProfile(dataset, 'instagram', 'cleo.creates');
    expect(cleo).toMatchObject({
      userId: FIXED_PROFILES.cleoInstagram.userId,
      followers: 8_600,
      countryId: 1001,
      gender: 'FEMALE',
      interests: [4, 14, 3],
      email: 'cleo@example.com',
      accountType: 3,
      isPrivate: false,
    });
    expect(findProfile(dataset, 'tiktok', '@cleocreates')).toMatchObject({ followers: 14_200, countryId: 1001 });
    expect(findProfile(dataset, 'instagram', 'https://www.instagram.com/fjallkaffe/')).toMatchObject({
      followers: 12_400,
      isBrand: true,
      accountType: 2,
      gender: null,
    });
    expect(findProfile(dataset, 'instagram', FIXED_PROFILES.fjallkaffeInstagram.userId)?.username).toBe('fjallkaffe');
  });

  it('spreads creators like the brief: Sweden ~35 %, Norway/Denmark/Finland ~20 %, mostly nano and micro', () => {
    const all = dataset.profiles;
    expect(share(all, (p) => p.countryId === 1001)).toBeCloseTo(0.35, 1);
    expect(share(all, (p) => [1002, 1003, 1004].includes(p.countryId))).toBeCloseTo(0.2, 1);
    expect(share(all, (p) => p.followers >= 1_000 && p.followers < 10_000)).toBeGreaterThan(0.6);
    expect(share(all, (p) => p.followers >= 10_000 && p.followers <= 100_000)).toBeGreaterThan(0.15);
    expect(share(all, (p) => p.followers > 1_000_000)).toBeLessThan(0.04);
    expect(Math.min(...all.map((p) => p.followers))).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...all.map((p) => p.followers))).toBeGreaterThan(2_000_000);
    expect(Math.max(...all.map((p) => p.followers))).toBeLessThan(6_000_000);
  });

  it('lowers the engagement rate as followers grow, with engagements = followers × rate', () => {
    for (const list of Object.values(dataset.byPlatform)) {
      const nano = medianOf(list.filter((p) => p.followers < 10_000).map((p) => p.engagementRate));
      const big = medianOf(list.filter((p) => p.followers > 100_000).map((p) => p.engagementRate));
      expect(nano).toBeGreaterThan(big * 1.5);
      expect(list.filter((p) => Math.abs(p.engagementRate - p.engagements / p.followers) > 1e-12)).toEqual([]);
    }
  });

  it('uses only known ids and codes', () => {
    const locations = new Set([...COUNTRIES.map((c) => c.id), ...CITIES.map((c) => c.id)]);
    const languages = new Set(LANGUAGES.map((l) => l.code));
    const interests = new Set(INTERESTS.map((i) => i.id));
    const brands = new Set(BRANDS.map((b) => b.id));
    const cityCountry = new Map(CITIES.map((city) => [city.id, city.countryId]));
    const odd = dataset.profiles.filter(
      (p) =>
        !locations.has(p.countryId) ||
        cityCountry.get(p.cityId) !== p.countryId ||
        !languages.has(p.language) ||
        p.interests.length === 0 ||
        !p.interests.every((id) => interests.has(id)) ||
        !p.brands.every((id) => brands.has(id)) ||
        !p.audience.countries.every((entry) => locations.has(entry.id)) ||
        !p.audience.cities.every((entry) => cityCountry.get(entry.id) === p.countryId) ||
        !p.audience.languages.every((entry) => languages.has(entry.code)) ||
        p.growth.followers.length !== 6 ||
        p.growth.likes.length !== 6 ||
        p.growth.views.length !== 6,
    );
    expect(odd).toEqual([]);
    expect(INTERESTS).toHaveLength(27);
  });

  it('gives audience distributions that sum to 1', () => {
    const close = (value: number, target: number) => Math.abs(value - target) < 1e-6;
    const odd = dataset.profiles.filter((p) => {
      const a = p.audience;
      const distributions = [
        a.ages,
        a.types,
        a.reachability,
        a.ethnicities,
        a.countries.map((e) => e.weight),
        a.languages.map((e) => e.weight),
        a.interests.map((e) => e.weight),
      ];
      return (
        !(a.male > 0 && a.male < 1) ||
        a.ages.length !== AGE_BANDS.length ||
        !distributions.every((weights) => close(sum(weights), 1) && weights.every((w) => w >= 0)) ||
        !close(a.credibility, (a.types[0] ?? 0) + (a.types[3] ?? 0)) ||
        sum(a.cities.map((e) => e.weight)) > (a.countries.find((e) => e.id === p.countryId)?.weight ?? 0)
      );
    });
    expect(odd).toEqual([]);
  });

  it('derives posts on demand, reproducibly, newest first, with ids that lead back to the post', () => {
    const cleo = findProfile(dataset, 'instagram', 'cleo.creates') as SampleProfile;
    const first = postAt(cleo, 0);
    expect(postAt(cleo, 0)).toEqual(first);
    expect(postAt(cleo, cleo.postsCount)).toBeUndefined();
    for (let i = 1; i < 40; i++) expect(postAt(cleo, i)?.takenAt).toBeLessThan(postAt(cleo, i - 1)?.takenAt ?? 0);
    expect(decodePost(dataset, 'instagram', first?.code ?? '')).toEqual(first);
    const video = postAt(dataset.byPlatform.tiktok[5] as SampleProfile, 3);
    expect(decodePost(dataset, 'tiktok', video?.id ?? '')?.id).toBe(video?.id);
  });
});
