import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixture-server.ts';
import {
  DICTIONARY_KINDS,
  DICTIONARY_RESPONSE_SCHEMAS,
  EmailSearchResponseSchema,
  hasReportData,
  IgFeedSchema,
  IgUserInfoSchema,
  OverlapResponseSchema,
  PerformanceResponseSchema,
  ProviderErrorBodySchema,
  RAW_ENDPOINTS,
  REPORT_RESPONSE_SCHEMAS,
  rawResponseSchema,
  SEARCH_BODY_SCHEMAS,
  SearchResponseSchema,
  SORT_FIELDS,
  TiktokUserFeedSchema,
  TiktokUserInfoSchema,
  UserInfoResponseSchema,
  userLookupPicture,
} from './schemas.ts';

type Json = Record<string, unknown>;

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join('.'));
}

describe('recorded fixtures parse unchanged', () => {
  it.each([
    ['search-instagram-page.json', SearchResponseSchema],
    ['report-instagram.json', REPORT_RESPONSE_SCHEMAS.instagram],
    ['audience-overlap.json', OverlapResponseSchema],
    ['user-info.json', UserInfoResponseSchema],
    ['raw-ig-user-info.json', IgUserInfoSchema],
    ['raw-ig-user-feed.json', IgFeedSchema],
    ['raw-tiktok-user-info.json', TiktokUserInfoSchema],
    ['error-handle-not-found.json', ProviderErrorBodySchema],
  ])('%s', (file, schema) => {
    const fixture = loadFixture(file);
    expect(schema.parse(fixture)).toEqual(fixture);
  });
});

describe('report schemas are lenient but keep the core', () => {
  const report = loadFixture<{ error: boolean; profile: Json }>('report-instagram.json');

  it('keeps unknown keys at every level', () => {
    const body = {
      ...report,
      newTopLevel: 1,
      profile: { ...report.profile, newField: 'kept', audience: { ...(report.profile.audience as Json), extra: [1] } },
    };
    const parsed = REPORT_RESPONSE_SCHEMAS.instagram.parse(body);
    expect(parsed).toEqual(body);
  });

  it('accepts absent and null lists and details', () => {
    const { recentPosts, popularPosts, sponsoredPosts, lookalikes, audienceExtra, hashtags, ...rest } = report.profile;
    const body = { error: false, profile: { ...rest, contacts: null, state: null, audience: { notable: 0.1 } } };
    expect(REPORT_RESPONSE_SCHEMAS.instagram.parse(body)).toEqual(body);
  });

  it('accepts the empty profile of an account without data, and says so', () => {
    const parsed = REPORT_RESPONSE_SCHEMAS.instagram.parse({ error: false, profile: {} });
    expect(hasReportData(parsed)).toBe(false);
    expect(hasReportData(REPORT_RESPONSE_SCHEMAS.instagram.parse(report))).toBe(true);
  });

  it('rejects a report whose identity is missing or mistyped', () => {
    const profile = report.profile.profile as Json;
    const withoutFollowers = { ...report, profile: { ...report.profile, profile: { ...profile, followers: '48k' } } };
    const result = REPORT_RESPONSE_SCHEMAS.instagram.safeParse(withoutFollowers);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('"followers"');
    const withoutUserId = { ...report, profile: { ...report.profile, userId: undefined } };
    expect(REPORT_RESPONSE_SCHEMAS.instagram.safeParse(withoutUserId).success).toBe(false);
  });

  it('reads the TikTok and YouTube extras', () => {
    const tiktok = REPORT_RESPONSE_SCHEMAS.tiktok.parse({
      error: false,
      profile: { ...report.profile, secUid: 'MS4w', totalLikes: 5, avgShares: 2 },
    });
    expect(tiktok.profile).toMatchObject({ secUid: 'MS4w', totalLikes: 5, avgShares: 2 });
    const { username, ...noUsername } = report.profile.profile as Json;
    const youtube = REPORT_RESPONSE_SCHEMAS.youtube.parse({
      error: false,
      profile: {
        ...report.profile,
        profile: { ...noUsername, handle: '@harbor' },
        description: 'Channel',
        totalViews: 100,
        audienceCommenters: { genders: [{ code: 'FEMALE', weight: 0.6 }] },
        lookalikesByTopics: [{ userId: 'UC1' }],
      },
    });
    expect(youtube.profile).toMatchObject({ description: 'Channel', totalViews: 100, profile: { handle: '@harbor' } });
    expect(username).toBe('harbor.and.hearth');
  });
});

describe('other response schemas', () => {
  it('search requires total and lookalikes; directs may be absent', () => {
    const page = loadFixture<Json>('search-instagram-page.json');
    const { directs, ...withoutDirects } = page;
    expect(directs).toEqual([]);
    expect(SearchResponseSchema.parse(withoutDirects)).toEqual(withoutDirects);
    const { lookalikes, ...withoutLookalikes } = page;
    expect(issuePaths(SearchResponseSchema.safeParse(withoutLookalikes))).toEqual(['lookalikes']);
  });

  it('dictionary bodies, including both picture names of /users', () => {
    const users = DICTIONARY_RESPONSE_SCHEMAS.users.parse({
      error: false,
      users: [
        { userId: '1', username: 'a', picture: 'https://img.example.com/a.jpg', followers: 1 },
        { userId: '2', username: 'b', profile_picture: 'https://img.example.com/b.jpg', followers: 2 },
        { userId: '3', username: 'c', followers: 3 },
      ],
    });
    expect(users.users.map(userLookupPicture)).toEqual([
      'https://img.example.com/a.jpg',
      'https://img.example.com/b.jpg',
      undefined,
    ]);
    expect(
      DICTIONARY_RESPONSE_SCHEMAS.locations.parse({ locations: [{ id: 1, name: 'X', title: 'X, Y' }], total: 1 }),
    ).toEqual({
      locations: [{ id: 1, name: 'X', title: 'X, Y' }],
      total: 1,
    });
    expect(DICTIONARY_RESPONSE_SCHEMAS.brands.safeParse({ brands: [{ id: '1', name: 'X' }] }).success).toBe(false);
    expect(DICTIONARY_RESPONSE_SCHEMAS.hashtags.parse({ tags: ['food'] })).toEqual({ tags: ['food'] });
    expect(DICTIONARY_RESPONSE_SCHEMAS.languages.parse({ languages: [{ code: 'en', name: 'English' }] })).toEqual({
      languages: [{ code: 'en', name: 'English' }],
    });
    expect(DICTIONARY_RESPONSE_SCHEMAS.interests.parse({ interests: [{ id: 3, name: 'Food' }] })).toEqual({
      interests: [{ id: 3, name: 'Food' }],
    });
    expect(DICTIONARY_RESPONSE_SCHEMAS.topics.parse({ tags: ['cooking'] })).toEqual({ tags: ['cooking'] });
  });

  it('performance needs at least one block and keeps snake_case keys', () => {
    const block = { total: 12, likes: { mean: [{ numberOfItems: 12, value: 10 }] }, posts_with_hidden_likes: 1 };
    expect(PerformanceResponseSchema.parse({ videos: block, shorts: block })).toEqual({ videos: block, shorts: block });
    expect(PerformanceResponseSchema.safeParse({ error: false }).success).toBe(false);
  });

  it('email search keeps matched and unmatched emails', () => {
    const body = {
      matchedEmails: [{ email: 'a@example.com', users: [{ platform: 'youtube', username: 'a', url: 'u' }] }],
      notMatchedEmails: ['b@example.com'],
    };
    expect(EmailSearchResponseSchema.parse(body)).toEqual(body);
  });

  it('raw wrappers for TikTok feeds and unknown endpoints', () => {
    const feed = {
      user_feed: { items: [{ id: '1', desc: 'x', createTime: 1, stats: { playCount: 5 } }], hasMore: true },
    };
    expect(TiktokUserFeedSchema.parse(feed)).toEqual(feed);
    expect(rawResponseSchema('tiktok', 'user-feed')).toBe(TiktokUserFeedSchema);
    expect(rawResponseSchema('youtube', 'channel-info').parse({ anything: [1, 2] })).toEqual({ anything: [1, 2] });
    expect(rawResponseSchema('ig', 'user-reels')).toBe(IgFeedSchema);
  });
});

describe('search body schemas', () => {
  it('accept every documented filter on Instagram', () => {
    const body = {
      page: 3,
      calculationMethod: 'median',
      sort: { field: 'audienceGeo', value: 990001, direction: 'desc' },
      filter: {
        influencer: {
          followers: { min: 5000, max: 100000 },
          engagementRate: 0.02,
          location: [990001],
          language: 'en',
          lastposted: 30,
          relevance: ['#cooking', '@harbor.and.hearth'],
          audienceRelevance: ['@harbor.and.hearth'],
          gender: 'KNOWN',
          age: { min: 18, max: 35 },
          followersGrowthRate: { interval: 'i3months', value: 0.01, operator: 'gte' },
          bio: 'recipes',
          keywords: 'lemon orzo',
          textTags: [{ type: 'hashtag', value: 'food' }],
          hasContactDetails: [{ contactType: 'email', filterAction: 'must' }],
          isVerified: false,
          engagements: { min: 0 },
          filterOperations: [
            { operator: 'or', filter: 'bio' },
            { operator: 'or', filter: 'keywords' },
          ],
          accountTypes: [2, 3],
          hasYouTube: true,
          brands: [8001],
          interests: [9001],
          hasSponsoredPosts: true,
          reelsPlays: { min: 1000 },
        },
        audience: {
          location: [{ id: 990001, weight: 0.2 }],
          language: { id: 'en', weight: 0.2 },
          gender: { id: 'FEMALE', weight: 0.5 },
          age: [{ id: '25-34', weight: 0.3 }],
          interests: [{ id: 9001 }],
          credibility: 0.75,
        },
      },
    };
    expect(SEARCH_BODY_SCHEMAS.instagram.parse(body)).toEqual(body);
  });

  it('accept the TikTok and YouTube extras and refuse the other platforms’ ones', () => {
    const tiktok = {
      sort: { field: 'likesGrowth' },
      filter: {
        influencer: {
          views: { min: 1 },
          shares: { min: 1 },
          saves: { min: 1 },
          likesGrowthRate: { interval: 'i1month', value: 0.1, operator: 'gt' },
        },
        audience: { ageRange: { min: '18', max: '34' } },
      },
    };
    expect(SEARCH_BODY_SCHEMAS.tiktok.parse(tiktok)).toEqual(tiktok);
    const youtube = { sort: { field: 'views' }, filter: { influencer: { views: { min: 1 }, isOfficialArtist: true } } };
    expect(SEARCH_BODY_SCHEMAS.youtube.parse(youtube)).toEqual(youtube);
    expect(issuePaths(SEARCH_BODY_SCHEMAS.youtube.safeParse({ filter: { influencer: { textTags: [] } } }))).toEqual([
      'filter.influencer',
    ]);
    expect(issuePaths(SEARCH_BODY_SCHEMAS.tiktok.safeParse({ filter: { audience: { credibility: 0.5 } } }))).toEqual([
      'filter.audience',
    ]);
    expect(issuePaths(SEARCH_BODY_SCHEMAS.tiktok.safeParse({ sort: { field: 'reelsPlays' }, filter: {} }))).toEqual([
      'sort.field',
    ]);
  });

  it.each<[string, unknown, string[]]>([
    [
      'engagementRate as {min}',
      { filter: { influencer: { engagementRate: { min: 0.1 } } } },
      ['filter.influencer.engagementRate'],
    ],
    ['lastposted under 30', { filter: { influencer: { lastposted: 7 } } }, ['filter.influencer.lastposted']],
    ['influencer age not a step', { filter: { influencer: { age: { min: 20 } } } }, ['filter.influencer.age.min']],
    ['audience gender KNOWN', { filter: { audience: { gender: { id: 'KNOWN' } } } }, ['filter.audience.gender.id']],
    [
      'weight above 1',
      { filter: { audience: { location: [{ id: 1, weight: 20 }] } } },
      ['filter.audience.location.0.weight'],
    ],
    [
      'relevance without # or @',
      { filter: { influencer: { relevance: ['cooking'] } } },
      ['filter.influencer.relevance.0'],
    ],
    [
      'text tag with #',
      { filter: { influencer: { textTags: [{ type: 'hashtag', value: '#x' }] } } },
      ['filter.influencer.textTags.0.value'],
    ],
    [
      'followers min above max',
      { filter: { influencer: { followers: { min: 9, max: 1 } } } },
      ['filter.influencer.followers.max'],
    ],
    ['a misspelt filter', { filter: { influencer: { folowers: { min: 1 } } } }, ['filter.influencer']],
    ['page past the last', { page: 666, filter: {} }, ['page']],
    [
      'age with ageRange',
      { filter: { audience: { age: [{ id: '18-24' }], ageRange: { min: '18', max: '24' } } } },
      ['filter.audience'],
    ],
    [
      'a single or operation',
      { filter: { influencer: { filterOperations: [{ operator: 'or', filter: 'bio' }] } } },
      ['filter.influencer.filterOperations'],
    ],
    ['sort by keywords without keywords', { sort: { field: 'keywords' }, filter: {} }, ['sort.field']],
    ['sort by audienceAge without an age filter', { sort: { field: 'audienceAge' }, filter: {} }, ['sort.field']],
    ['sort value on followers', { sort: { field: 'followers', value: 3 }, filter: {} }, ['sort.value']],
    [
      'sort by a filter turned into not',
      {
        sort: { field: 'followers' },
        filter: { influencer: { filterOperations: [{ operator: 'not', filter: 'followers' }] } },
      },
      ['sort.field'],
    ],
    ['no filter at all', {}, ['filter']],
  ])('refuse %s', (_, body, paths) => {
    expect(issuePaths(SEARCH_BODY_SCHEMAS.instagram.safeParse(body))).toEqual(paths);
  });
});

describe('enums', () => {
  it('sort fields differ per platform as the contract infers', () => {
    expect(SORT_FIELDS.instagram).toContain('reelsPlays');
    expect(SORT_FIELDS.tiktok).not.toContain('reelsPlays');
    expect(SORT_FIELDS.tiktok).toEqual(expect.arrayContaining(['views', 'shares', 'saves', 'likesGrowth']));
    expect(SORT_FIELDS.youtube).toEqual(expect.arrayContaining(['views', 'viewsGrowth']));
  });

  it('dictionary kinds and raw endpoints per platform follow the specification', () => {
    expect(DICTIONARY_KINDS).toEqual({
      instagram: ['brands', 'interests', 'topics', 'languages', 'locations', 'users', 'hashtags'],
      tiktok: ['languages', 'locations', 'users', 'topics'],
      youtube: ['languages', 'locations', 'users', 'topics'],
    });
    expect(Object.keys(RAW_ENDPOINTS.ig)).toEqual([
      'search',
      'user-info',
      'user-feed',
      'user-reels',
      'user-tags-feed',
      'hashtag-feed',
      'media-info',
      'media-comments',
      'media-comment-replies',
      'audio-info',
    ]);
    expect(Object.keys(RAW_ENDPOINTS.tiktok)).toEqual([
      'user-info',
      'user-feed',
      'challenge-feed',
      'challenge-info',
      'comments',
      'comments-replies',
      'music-info',
      'music-feed',
      'search-users',
      'media-info',
      'media-download',
    ]);
    expect(Object.keys(RAW_ENDPOINTS.youtube)).toEqual([
      'channel-info',
      'uploaded-videos',
      'uploaded-shorts',
      'uploaded-lives',
      'playlist-videos',
      'video-info',
      'short-info',
      'video-comments',
      'video-comment-replies',
    ]);
  });
});
