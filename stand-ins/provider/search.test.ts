import { describe, expect, it } from 'vitest';
import { createSampleProvider } from './app.ts';
import { SearchResponseSchema } from './contract.ts';
import { generateDataset, type SampleProfile } from './dataset.ts';
import { call } from './test-support.ts';

// Expected results are computed here by plain filtering of the generated dataset, never through
// the search implementation, so a broken filter, sort or page shows up as a different answer.
const dataset = generateDataset();
const app = createSampleProvider();
type Platform = 'instagram' | 'tiktok' | 'youtube';
type Keep = (p: SampleProfile) => boolean;
type Key = (p: SampleProfile) => number;

function expected(platform: Platform, keep: Keep, key: Key = (p) => p.followers, direction = 'desc', page = 0) {
  const list = dataset.byPlatform[platform].filter((p) => !p.isPrivate && keep(p));
  const sorted = [...list].sort((a, b) => (direction === 'desc' ? key(b) - key(a) : key(a) - key(b)));
  return { total: list.length, ids: sorted.slice(page * 15, page * 15 + 15).map((p) => p.userId) };
}

const byName = (platform: Platform, username: string) => {
  const profile = dataset.byPlatform[platform].find((p) => p.username === username);
  if (!profile) throw new Error(`no ${username}`);
  return profile;
};
const cleo = byName('instagram', 'cleo.creates');
const fjallkaffe = byName('instagram', 'fjallkaffe');

const audienceAt = (p: SampleProfile, id: number) =>
  [...p.audience.countries, ...p.audience.cities].find((entry) => entry.id === id)?.weight ?? 0;
const audienceLanguage = (p: SampleProfile, code: string) =>
  p.audience.languages.find((entry) => entry.code === code)?.weight ?? 0;
const female = (p: SampleProfile) => Number((1 - p.audience.male).toFixed(4));
const audienceInterest = (p: SampleProfile, id: number) =>
  p.audience.interests.find((entry) => entry.id === id)?.weight ?? 0;
const hasContact = (p: SampleProfile, type: string) => p.contacts.some((contact) => contact.type === type);
const textWords = (p: SampleProfile) => `${p.bio} ${p.fullname} ${p.username}`.toLowerCase().split(/[^\p{L}\p{N}]+/u);
const jaccard = (a: SampleProfile, b: SampleProfile) => {
  const shared = a.interests.filter((id) => b.interests.includes(id)).length;
  return shared / new Set([...a.interests, ...b.interests]).size;
};
const overlap = (a: { id: number; weight: number }[], b: { id: number; weight: number }[]) =>
  a.reduce((sum, entry) => sum + Math.min(entry.weight, b.find((other) => other.id === entry.id)?.weight ?? 0), 0);
const audienceLike = (a: SampleProfile, b: SampleProfile) =>
  (overlap(a.audience.countries, b.audience.countries) + overlap(a.audience.interests, b.audience.interests)) / 2;
const hashtagWeight = (p: SampleProfile, tag: string) => p.hashtags.find((entry) => entry.tag === tag)?.weight ?? 0;

interface Case {
  name: string;
  platform?: Platform;
  body: Record<string, unknown>;
  keep: Keep;
  key?: Key;
  direction?: 'asc' | 'desc';
  page?: number;
}

const influencer = (filter: Record<string, unknown>) => ({ filter: { influencer: filter } });
const audience = (filter: Record<string, unknown>) => ({ filter: { audience: filter } });

const cases: Case[] = [
  { name: 'no filter, followers desc', body: {}, keep: () => true },
  {
    name: 'followers range',
    body: influencer({ followers: { min: 5000, max: 20000 } }),
    keep: (p) => p.followers >= 5000 && p.followers <= 20000,
  },
  { name: 'engagements minimum', body: influencer({ engagements: { min: 500 } }), keep: (p) => p.engagements >= 500 },
  {
    name: 'engagement rate minimum',
    body: influencer({ engagementRate: 0.05 }),
    keep: (p) => p.engagements / p.followers >= 0.05,
  },
  { name: 'location: a country', body: influencer({ location: [1001] }), keep: (p) => p.countryId === 1001 },
  {
    name: 'location: a city or a country',
    body: influencer({ location: [2002, 1003] }),
    keep: (p) => p.cityId === 2002 || p.countryId === 1003,
  },
  { name: 'language', body: influencer({ language: 'sv' }), keep: (p) => p.language === 'sv' },
  {
    name: 'gender KNOWN',
    body: influencer({ gender: 'KNOWN' }),
    keep: (p) => p.gender === 'MALE' || p.gender === 'FEMALE',
  },
  { name: 'gender UNKNOWN', body: influencer({ gender: 'UNKNOWN' }), keep: (p) => p.gender === null },
  { name: 'gender MALE', body: influencer({ gender: 'MALE' }), keep: (p) => p.gender === 'MALE' },
  {
    name: 'age 25 to 35',
    body: influencer({ age: { min: 25, max: 35 } }),
    keep: (p) => p.age !== null && p.age >= 25 && p.age < 35,
  },
  { name: 'age from 45', body: influencer({ age: { min: 45 } }), keep: (p) => p.age !== null && p.age >= 45 },
  { name: 'last posted within 30 days', body: influencer({ lastposted: 30 }), keep: (p) => p.lastPosted <= 30 },
  {
    name: 'followers growth gte',
    body: influencer({ followersGrowthRate: { interval: 'i3months', value: 0.05, operator: 'gte' } }),
    keep: (p) => (p.growth.followers[2] ?? 0) >= 0.05,
  },
  {
    name: 'followers growth lt',
    body: influencer({ followersGrowthRate: { interval: 'i1month', value: 0, operator: 'lt' } }),
    keep: (p) => (p.growth.followers[0] ?? 0) < 0,
  },
  {
    name: 'followers growth gt',
    body: influencer({ followersGrowthRate: { interval: 'i6months', value: 0.2, operator: 'gt' } }),
    keep: (p) => (p.growth.followers[5] ?? 0) > 0.2,
  },
  {
    name: 'followers growth lte',
    body: influencer({ followersGrowthRate: { interval: 'i2months', value: -0.02, operator: 'lte' } }),
    keep: (p) => (p.growth.followers[1] ?? 0) <= -0.02,
  },
  { name: 'bio word', body: influencer({ bio: 'Stockholm' }), keep: (p) => textWords(p).includes('stockholm') },
  {
    name: 'bio: every word',
    body: influencer({ bio: 'fika göteborg' }),
    keep: (p) => textWords(p).includes('fika') && textWords(p).includes('göteborg'),
  },
  {
    name: 'keywords',
    body: influencer({ keywords: 'fika' }),
    keep: (p) => p.keywords.some((keyword) => keyword.tag === 'fika'),
  },
  {
    name: 'text tags: hashtag or mention',
    body: influencer({
      textTags: [
        { type: 'hashtag', value: 'fika' },
        { type: 'mention', value: 'fjallkaffe' },
      ],
    }),
    keep: (p) => p.hashtags.some((tag) => tag.tag === 'fika') || p.mentions.some((tag) => tag.tag === 'fjallkaffe'),
  },
  {
    name: 'contacts: must and not',
    body: influencer({
      hasContactDetails: [
        { contactType: 'email', filterAction: 'must' },
        { contactType: 'twitter', filterAction: 'not' },
      ],
    }),
    keep: (p) => hasContact(p, 'email') && !hasContact(p, 'twitter'),
  },
  {
    name: 'contacts: should',
    body: influencer({
      hasContactDetails: [
        { contactType: 'snapchat', filterAction: 'should' },
        { contactType: 'facebook', filterAction: 'should' },
      ],
    }),
    keep: (p) => hasContact(p, 'snapchat') || hasContact(p, 'facebook'),
  },
  { name: 'verified', body: influencer({ isVerified: true }), keep: (p) => p.isVerified },
  {
    name: 'account types business or creator',
    body: influencer({ accountTypes: [2, 3] }),
    keep: (p) => p.accountType === 2 || p.accountType === 3,
  },
  { name: 'has YouTube', body: influencer({ hasYouTube: true }), keep: (p) => p.hasYouTube },
  { name: 'brands', body: influencer({ brands: [301] }), keep: (p) => p.brands.includes(301) },
  {
    name: 'interests (any)',
    body: influencer({ interests: [4, 15] }),
    keep: (p) => p.interests.includes(4) || p.interests.includes(15),
  },
  { name: 'no sponsored posts', body: influencer({ hasSponsoredPosts: false }), keep: (p) => p.brands.length === 0 },
  {
    name: 'reels plays range',
    body: influencer({ reelsPlays: { min: 10000, max: 50000 } }),
    keep: (p) => p.avgReelsPlays >= 10000 && p.avgReelsPlays <= 50000,
  },
  {
    name: 'relevance #tag sorted by relevance',
    body: { sort: { field: 'relevance' }, ...influencer({ relevance: ['#fika'] }) },
    keep: (p) => hashtagWeight(p, 'fika') > 0,
    key: (p) => hashtagWeight(p, 'fika'),
  },
  {
    name: 'relevance @user: interest lookalikes',
    body: influencer({ relevance: ['@cleo.creates'] }),
    keep: (p) => p !== cleo && jaccard(p, cleo) >= 0.5,
  },
  {
    name: 'audience relevance @user',
    body: { sort: { field: 'audienceRelevance' }, ...influencer({ audienceRelevance: ['@fjallkaffe'] }) },
    keep: (p) => p !== fjallkaffe && audienceLike(p, fjallkaffe) >= 0.5,
    key: (p) => audienceLike(p, fjallkaffe),
  },
  {
    name: 'filterOperations or',
    body: influencer({
      followers: { min: 10000 },
      gender: 'FEMALE',
      language: 'en',
      filterOperations: [
        { operator: 'or', filter: 'gender' },
        { operator: 'or', filter: 'language' },
      ],
    }),
    keep: (p) => p.followers >= 10000 && (p.gender === 'FEMALE' || p.language === 'en'),
  },
  {
    name: 'filterOperations not',
    body: influencer({
      location: [1001],
      isVerified: false,
      filterOperations: [{ operator: 'not', filter: 'location' }],
    }),
    keep: (p) => p.countryId !== 1001 && p.cityId !== 1001 && !p.isVerified,
  },
  {
    name: 'filterOperations and is the default',
    body: influencer({ language: 'sv', gender: 'MALE', filterOperations: [{ operator: 'and', filter: 'language' }] }),
    keep: (p) => p.language === 'sv' && p.gender === 'MALE',
  },
  {
    name: 'audience location with weight',
    body: audience({ location: [{ id: 1001, weight: 0.5 }] }),
    keep: (p) => audienceAt(p, 1001) >= 0.5,
  },
  {
    name: 'audience locations, default weight 0.2',
    body: audience({ location: [{ id: 1002 }, { id: 2001 }] }),
    keep: (p) => audienceAt(p, 1002) >= 0.2 || audienceAt(p, 2001) >= 0.2,
  },
  {
    name: 'audience language, default weight 0.2',
    body: audience({ language: { id: 'en' } }),
    keep: (p) => audienceLanguage(p, 'en') >= 0.2,
  },
  {
    name: 'audience gender, default weight 0.5',
    body: audience({ gender: { id: 'FEMALE' } }),
    keep: (p) => female(p) >= 0.5,
  },
  {
    name: 'audience gender with weight',
    body: audience({ gender: { id: 'MALE', weight: 0.7 } }),
    keep: (p) => p.audience.male >= 0.7,
  },
  {
    name: 'audience ages, default weight 0.3',
    body: audience({ age: [{ id: '18-24', weight: 0.35 }, { id: '45-64' }] }),
    keep: (p) => (p.audience.ages[1] ?? 0) >= 0.35 || (p.audience.ages[4] ?? 0) >= 0.3,
  },
  {
    name: 'audience age range with weight',
    body: audience({ ageRange: { min: '18', max: '34', weight: 0.75 } }),
    keep: (p) => (p.audience.ages[1] ?? 0) + (p.audience.ages[2] ?? 0) >= 0.75,
  },
  {
    name: 'audience age range, default weight 0.3',
    body: audience({ ageRange: { min: '35' } }),
    keep: (p) => (p.audience.ages[3] ?? 0) + (p.audience.ages[4] ?? 0) + (p.audience.ages[5] ?? 0) >= 0.3,
  },
  {
    name: 'audience interests, default weight 0.3',
    body: audience({ interests: [{ id: 4 }] }),
    keep: (p) => audienceInterest(p, 4) >= 0.3,
  },
  {
    name: 'audience credibility',
    body: audience({ credibility: 0.9 }),
    keep: (p) => (p.audience.types[0] ?? 0) + (p.audience.types[3] ?? 0) >= 0.9 - 1e-9,
  },
  {
    name: 'TikTok views, shares, saves',
    platform: 'tiktok',
    body: influencer({ views: { min: 20000 }, shares: { min: 100 }, saves: { max: 5000 } }),
    keep: (p) => p.avgViews >= 20000 && p.avgShares >= 100 && p.avgSaves <= 5000,
  },
  {
    name: 'TikTok likes growth',
    platform: 'tiktok',
    body: influencer({ likesGrowthRate: { interval: 'i6months', value: 0, operator: 'lt' } }),
    keep: (p) => (p.growth.likes[5] ?? 0) < 0,
  },
  {
    name: 'YouTube views, views growth, official artists',
    platform: 'youtube',
    body: influencer({
      views: { min: 1000 },
      viewsGrowthRate: { interval: 'i1month', value: 0, operator: 'gt' },
      isOfficialArtist: true,
    }),
    keep: (p) => p.avgViews >= 1000 && (p.growth.views[0] ?? 0) > 0 && p.isOfficialArtist,
  },
  {
    name: 'YouTube text filters',
    platform: 'youtube',
    body: influencer({ keywords: 'music', gender: 'FEMALE' }),
    keep: (p) => p.keywords.some((keyword) => keyword.tag === 'music') && p.gender === 'FEMALE',
  },
  // Sorts and pages.
  {
    name: 'sort by engagement rate ascending, page 1',
    body: { page: 1, sort: { field: 'engagementRate', direction: 'asc' }, ...influencer({ language: 'sv' }) },
    keep: (p) => p.language === 'sv',
    key: (p) => p.engagementRate,
    direction: 'asc',
    page: 1,
  },
  {
    name: 'sort by engagements',
    body: { sort: { field: 'engagements', direction: 'desc' } },
    keep: () => true,
    key: (p) => p.engagements,
  },
  {
    name: 'sort by reels plays ascending',
    body: { sort: { field: 'reelsPlays', direction: 'asc' }, ...influencer({ followers: { min: 50000 } }) },
    keep: (p) => p.followers >= 50000,
    key: (p) => p.avgReelsPlays,
    direction: 'asc',
  },
  {
    name: 'sort by audience geo value',
    body: { sort: { field: 'audienceGeo', value: 1002 }, ...audience({ location: [{ id: 1001 }, { id: 1002 }] }) },
    keep: (p) => audienceAt(p, 1001) >= 0.2 || audienceAt(p, 1002) >= 0.2,
    key: (p) => audienceAt(p, 1002),
  },
  {
    name: 'sort by audience interest',
    body: { sort: { field: 'audienceInterest' }, ...audience({ interests: [{ id: 15, weight: 0.1 }] }) },
    keep: (p) => audienceInterest(p, 15) >= 0.1,
    key: (p) => audienceInterest(p, 15),
  },
  {
    name: 'sort by audience language ascending',
    body: { sort: { field: 'audienceLang', direction: 'asc' }, ...audience({ language: { id: 'sv', weight: 0.5 } }) },
    keep: (p) => audienceLanguage(p, 'sv') >= 0.5,
    key: (p) => audienceLanguage(p, 'sv'),
    direction: 'asc',
  },
  {
    name: 'sort by audience gender',
    body: { sort: { field: 'audienceGender' }, ...audience({ gender: { id: 'FEMALE', weight: 0.6 } }) },
    keep: (p) => female(p) >= 0.6,
    key: female,
  },
  {
    name: 'sort by audience age',
    body: {
      sort: { field: 'audienceAge' },
      ...audience({
        age: [
          { id: '13-17', weight: 0.05 },
          { id: '65-', weight: 0.05 },
        ],
      }),
    },
    keep: (p) => (p.audience.ages[0] ?? 0) >= 0.05 || (p.audience.ages[5] ?? 0) >= 0.05,
    key: (p) => (p.audience.ages[0] ?? 0) + (p.audience.ages[5] ?? 0),
  },
  {
    name: 'sort by followers growth ascending',
    body: {
      sort: { field: 'followersGrowth', direction: 'asc' },
      ...influencer({ followersGrowthRate: { interval: 'i2months', value: 0, operator: 'gte' } }),
    },
    keep: (p) => (p.growth.followers[1] ?? 0) >= 0,
    key: (p) => p.growth.followers[1] ?? 0,
    direction: 'asc',
  },
  {
    name: 'sort by keywords',
    body: { sort: { field: 'keywords' }, ...influencer({ keywords: 'kaffe' }) },
    keep: (p) => p.keywords.some((keyword) => keyword.tag === 'kaffe'),
    key: (p) => p.keywords.find((keyword) => keyword.tag === 'kaffe')?.weight ?? 0,
  },
  {
    name: 'TikTok sort by views',
    platform: 'tiktok',
    body: { sort: { field: 'views' } },
    keep: () => true,
    key: (p) => p.avgViews,
  },
  {
    name: 'TikTok sort by saves ascending, page 4',
    platform: 'tiktok',
    body: { page: 4, sort: { field: 'saves', direction: 'asc' } },
    keep: () => true,
    key: (p) => p.avgSaves,
    direction: 'asc',
    page: 4,
  },
  {
    name: 'TikTok sort by likes growth',
    platform: 'tiktok',
    body: {
      sort: { field: 'likesGrowth' },
      ...influencer({ likesGrowthRate: { interval: 'i1month', value: 0.01, operator: 'gte' } }),
    },
    keep: (p) => (p.growth.likes[0] ?? 0) >= 0.01,
    key: (p) => p.growth.likes[0] ?? 0,
  },
  {
    name: 'YouTube sort by views growth',
    platform: 'youtube',
    body: {
      sort: { field: 'viewsGrowth' },
      ...influencer({ viewsGrowthRate: { interval: 'i4months', value: -1, operator: 'gt' } }),
    },
    keep: (p) => (p.growth.views[3] ?? 0) > -1,
    key: (p) => p.growth.views[3] ?? 0,
  },
  { name: 'page 3', body: { page: 3 }, keep: () => true, page: 3 },
  {
    name: 'the last page (665)',
    body: { page: 665, sort: { field: 'engagementRate' } },
    keep: () => true,
    key: (p) => p.engagementRate,
    page: 665,
  },
];

describe('POST /{platform}/search filters, sorts and pages like plain filtering of the dataset', () => {
  it.each(cases)('$name', async ({ platform = 'instagram', body, keep, key, direction, page }) => {
    const { status, body: answer } = await call(app, 'POST', `/${platform}/search`, body);
    expect(status).toBe(200);
    const result = SearchResponseSchema.parse(answer);
    const want = expected(platform, keep, key, direction, page);
    expect(want.total).toBeGreaterThan(0);
    expect(result.total).toBe(want.total);
    expect(result.lookalikes.map((hit) => hit.userId)).toEqual(want.ids);
    expect(result.isExactMatch).toBe(true);
  });

  it('answers the hit profile and why it matched', async () => {
    const { body } = await call(app, 'POST', '/instagram/search', {
      filter: {
        influencer: { followers: { min: 8600, max: 8600 }, location: [1001], gender: 'KNOWN' },
        audience: { location: [{ id: 1001, weight: 0.1 }], gender: { id: 'FEMALE', weight: 0.1 } },
      },
    });
    const hit = SearchResponseSchema.parse(body).lookalikes.find((entry) => entry.userId === cleo.userId);
    expect(hit).toEqual({
      userId: cleo.userId,
      profile: {
        userId: cleo.userId,
        username: 'cleo.creates',
        fullname: 'Cleo Creator',
        url: 'https://www.instagram.com/cleo.creates/',
        picture: `https://images.example.com/sample/instagram/${cleo.userId}.jpg`,
        followers: 8600,
        engagements: cleo.engagements,
        engagementRate: cleo.engagements / 8600,
        isVerified: false,
      },
      match: {
        influencer: {
          geo: { country: { id: 1001, name: 'Sweden' }, city: { id: 2001, name: 'Stockholm' } },
          gender: 'KNOWN',
        },
        audience: {
          geo: [{ id: 1001, name: 'Sweden', weight: audienceAt(cleo, 1001) }],
          genders: [{ code: 'FEMALE', weight: female(cleo) }],
        },
      },
    });
  });

  it('returns accounts named in relevance as directs on the first page only', async () => {
    const first = SearchResponseSchema.parse(
      (await call(app, 'POST', '/instagram/search', influencer({ relevance: ['@cleo.creates', '@nobody.here'] }))).body,
    );
    expect(first.directs.map((hit) => hit.profile.username)).toEqual(['cleo.creates']);
    const second = SearchResponseSchema.parse(
      (await call(app, 'POST', '/instagram/search', { page: 1, ...influencer({ relevance: ['@cleo.creates'] }) })).body,
    );
    expect(second.directs).toEqual([]);
  });

  it('shows YouTube handles and TikTok/YouTube average views, and scales engagements for calculationMethod average', async () => {
    const youtube = SearchResponseSchema.parse((await call(app, 'POST', '/youtube/search', {})).body);
    const top = dataset.byPlatform.youtube.find((p) => p.userId === youtube.lookalikes[0]?.userId);
    expect(youtube.lookalikes[0]?.profile.handle).toBe(`@${top?.username}`);
    expect(youtube.lookalikes[0]?.profile.averageViews).toBe(top?.avgViews);
    const average = SearchResponseSchema.parse(
      (await call(app, 'POST', '/youtube/search', { calculationMethod: 'average' })).body,
    );
    expect(average.lookalikes[0]?.profile.engagements).toBe(Math.round((top?.engagements ?? 0) * 1.12));
  });
});

describe('POST /{platform}/search rejects bad bodies with the provider error body', () => {
  const bad: [string, Platform, unknown, string][] = [
    ['engagementRate as an object', 'instagram', influencer({ engagementRate: { min: 0.02 } }), 'invalid_body_params'],
    ['an Instagram-only filter on TikTok', 'tiktok', influencer({ reelsPlays: { min: 1000 } }), 'invalid_body_params'],
    [
      'textTags on YouTube',
      'youtube',
      influencer({ textTags: [{ type: 'hashtag', value: 'music' }] }),
      'invalid_body_params',
    ],
    ['audience interests on TikTok', 'tiktok', audience({ interests: [{ id: 4 }] }), 'invalid_body_params'],
    [
      'a tag with its #',
      'instagram',
      influencer({ textTags: [{ type: 'hashtag', value: '#fika' }] }),
      'invalid_body_params',
    ],
    ['lastposted below 30', 'instagram', influencer({ lastposted: 10 }), 'invalid_body_params'],
    ['an age outside 18/25/35/45/65', 'instagram', influencer({ age: { min: 20 } }), 'invalid_body_params'],
    ['audience gender KNOWN', 'instagram', audience({ gender: { id: 'KNOWN' } }), 'invalid_body_params'],
    ['a weight above 1', 'instagram', audience({ language: { id: 'sv', weight: 20 } }), 'invalid_body_params'],
    [
      'age and ageRange together',
      'instagram',
      audience({ age: [{ id: '18-24' }], ageRange: { min: '18' } }),
      'invalid_body_params',
    ],
    ['sorting by keywords without the filter', 'instagram', { sort: { field: 'keywords' } }, 'invalid_body_params'],
    [
      'sorting by audienceGeo without the filter',
      'instagram',
      { sort: { field: 'audienceGeo', value: 1001 } },
      'invalid_body_params',
    ],
    ['a sort field of another platform', 'tiktok', { sort: { field: 'reelsPlays' } }, 'invalid_body_params'],
    ['an unknown direction', 'instagram', { sort: { field: 'followers', direction: 'up' } }, 'invalid_body_params'],
    [
      'filterOperations naming a filter that is not set',
      'instagram',
      influencer({ gender: 'MALE', filterOperations: [{ operator: 'not', filter: 'language' }] }),
      'invalid_body_params',
    ],
    [
      'a lone "or"',
      'instagram',
      influencer({ gender: 'MALE', filterOperations: [{ operator: 'or', filter: 'gender' }] }),
      'invalid_body_params',
    ],
    [
      'sorting by a filter turned "not"',
      'instagram',
      {
        sort: { field: 'engagementRate' },
        ...influencer({ engagementRate: 0.1, filterOperations: [{ operator: 'not', filter: 'engagementRate' }] }),
      },
      'invalid_body_params',
    ],
    ['an unknown top-level key', 'instagram', { filters: {} }, 'invalid_body_params'],
    ['a negative page', 'instagram', { page: -1 }, 'invalid_body_params'],
    ['a page past 665', 'instagram', { page: 666 }, 'page_limit'],
    ['a body that is not JSON', 'instagram', '{"filter":', 'invalid_body_params'],
  ];
  it.each(bad)('%s', async (_name, platform, body, code) => {
    const answer = await call(app, 'POST', `/${platform}/search`, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: true, code, message: expect.any(String) });
  });

  it('names the offending field in the message', async () => {
    const answer = await call(app, 'POST', '/instagram/search', influencer({ engagementRate: { min: 0.02 } }));
    expect((answer.body as { message: string }).message).toContain('filter.influencer.engagementRate');
  });
});
