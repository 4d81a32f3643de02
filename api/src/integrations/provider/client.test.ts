import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProviderClient } from './client.ts';
import type { ProviderClient } from './client-types.ts';
import { ProviderNotFoundError, ProviderUnauthorizedError, ProviderValidationError } from './errors.ts';
import { createFakeTime } from './fake-time.ts';
import { type FixtureServer, loadFixture, startFixtureServer } from './fixture-server.ts';

const API_KEY = 'test-key-4f1c9a';
let server: FixtureServer;
let client: ProviderClient;

beforeAll(async () => {
  server = await startFixtureServer({ apiKey: API_KEY });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  const time = createFakeTime();
  client = createProviderClient({ baseUrl: server.url, apiKey: API_KEY, sleep: time.sleep, now: time.now });
});

function lastCall() {
  const call = server.calls.at(-1);
  if (!call) throw new Error('the server received no request');
  return call;
}

function hits(count: number, prefix: string) {
  return Array.from({ length: count }, (_, i) => ({
    userId: `${prefix}${i}`,
    profile: { userId: `${prefix}${i}`, username: `${prefix}.user${i}`, followers: 1000 + i, engagementRate: 0.02 },
    match: {},
  }));
}

describe('requests as sent over HTTP', () => {
  it('search posts the validated body as JSON with the bearer key in the header only', async () => {
    const body = {
      page: 2,
      sort: { field: 'followers' as const, direction: 'desc' as const },
      filter: { influencer: { followers: { min: 5000, max: 50000 }, engagementRate: 0.02, location: [990001] } },
    };
    const result = await client.search('instagram', body);
    const call = lastCall();
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/instagram/search');
    expect(call.query).toEqual({});
    expect(call.body).toEqual(body);
    expect(call.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.accept).toBe('application/json');
    expect(result).toEqual({
      data: loadFixture('search-instagram-page.json'),
      cost: { credits: 0.03, rawRequests: 0 },
      coalesced: false,
    });
  });

  it('search on TikTok and YouTube bills every lookalike and direct hit at 0.01', async () => {
    server.script('POST /tiktok/search', {
      json: { error: false, total: 900, lookalikes: hits(15, 't'), directs: [] },
    });
    const tiktok = await client.search('tiktok', { filter: { influencer: { views: { min: 1000 } } } });
    expect(lastCall().path).toBe('/tiktok/search');
    expect(tiktok.data.lookalikes).toHaveLength(15);
    expect(tiktok.cost).toEqual({ credits: 0.15, rawRequests: 0 });

    server.script('POST /youtube/search', {
      json: { error: false, total: 3, lookalikes: hits(2, 'y'), directs: hits(1, 'd'), isExactMatch: false },
    });
    const youtube = await client.search('youtube', { filter: { influencer: { isOfficialArtist: true } } });
    expect(lastCall().path).toBe('/youtube/search');
    expect(youtube.cost).toEqual({ credits: 0.03, rawRequests: 0 });
  });

  it('report gets the profile path with the calculation method as query and costs 1 credit', async () => {
    const result = await client.report('instagram', 'harbor.and.hearth', { calculationMethod: 'average' });
    const call = lastCall();
    expect([call.method, call.path, call.query, call.body]).toEqual([
      'GET',
      '/instagram/profile/harbor.and.hearth/report',
      { calculationMethod: 'average' },
      undefined,
    ]);
    expect(result).toEqual({
      data: loadFixture('report-instagram.json'),
      cost: { credits: 1, rawRequests: 0 },
      coalesced: false,
    });
  });

  it('report encodes the handle as one path segment', async () => {
    server.script('GET /instagram/profile/*/report', { json: { error: false, profile: {} } });
    const result = await client.report('instagram', 'a/b c?x');
    expect(lastCall().path).toBe('/instagram/profile/a%2Fb%20c%3Fx/report');
    expect(lastCall().query).toEqual({});
    expect(result.data).toEqual({ error: false, profile: {} });
  });

  it('report on TikTok and YouTube parses their platform fields', async () => {
    const base = loadFixture<{ profile: Record<string, unknown> }>('report-instagram.json').profile;
    server.script('GET /tiktok/profile/*/report', {
      json: { error: false, profile: { ...base, secUid: 'MS4w', totalLikes: 402211, avgShares: 31 } },
    });
    const tiktok = await client.report('tiktok', '@harbor.and.hearth');
    expect(lastCall().path).toBe('/tiktok/profile/%40harbor.and.hearth/report');
    expect(tiktok.data.profile).toMatchObject({ secUid: 'MS4w', totalLikes: 402211, avgShares: 31 });

    server.script('GET /youtube/profile/*/report', {
      json: { error: false, profile: { ...base, handle: '@harbor', totalViews: 9000000, audienceCommenters: {} } },
    });
    const youtube = await client.report('youtube', 'UC123');
    expect(lastCall().path).toBe('/youtube/profile/UC123/report');
    expect(youtube.data.profile).toMatchObject({ handle: '@harbor', totalViews: 9000000 });
  });

  it('overlap posts the influencers and costs 1 credit whatever their number', async () => {
    const result = await client.overlap('instagram', ['harbor.and.hearth', 'trailmix.tomas', 'studio.quietlight']);
    expect(lastCall()).toMatchObject({
      method: 'POST',
      path: '/instagram/reports/audience/overlap',
      body: { influencers: ['harbor.and.hearth', 'trailmix.tomas', 'studio.quietlight'] },
    });
    expect(result).toEqual({
      data: loadFixture('audience-overlap.json'),
      cost: { credits: 1, rawRequests: 0 },
      coalesced: false,
    });

    server.script('POST /youtube/reports/audience/overlap', { fixture: 'audience-overlap.json' });
    await client.overlap('youtube', ['a', 'b']);
    expect(lastCall().path).toBe('/youtube/reports/audience/overlap');
  });

  it('dictionaries send query and limit, parse both picture spellings and are free', async () => {
    const locations = {
      error: false,
      locations: [{ id: 990101, name: 'Port Sample', title: 'Port Sample, Exampleland' }],
      total: 1,
    };
    server.script('GET /instagram/locations', { json: locations });
    const result = await client.dictionary('instagram', 'locations', { query: 'port', limit: 5 });
    expect(lastCall()).toMatchObject({
      method: 'GET',
      path: '/instagram/locations',
      query: { query: 'port', limit: '5' },
    });
    expect(result).toEqual({ data: locations, cost: { credits: 0, rawRequests: 0 }, coalesced: false });

    const users = {
      error: false,
      users: [
        { userId: '1', username: 'a', picture: 'https://img.example.com/a.jpg', followers: 10, isVerified: false },
        {
          userId: '2',
          username: 'b',
          profile_picture: 'https://img.example.com/b.jpg',
          followers: 20,
          isVerified: true,
        },
      ],
    };
    server.script('GET /tiktok/users', { json: users });
    const lookup = await client.dictionary('tiktok', 'users', { query: 'harb' });
    expect(lastCall().query).toEqual({ query: 'harb' });
    expect(lookup.data).toEqual(users);

    server.script('GET /youtube/topics', { json: { error: false, tags: ['cooking', 'recipes'] } });
    expect((await client.dictionary('youtube', 'topics')).data).toEqual({ error: false, tags: ['cooking', 'recipes'] });
    expect(lastCall().query).toEqual({});
  });

  it('performance data sends the url and costs 0.25 credit', async () => {
    const metric = [{ numberOfItems: 12, value: 1500 }];
    const block = { total: 30, likes: { mean: metric, median: metric }, engagement_rate: metric };
    server.script('GET /instagram/performance-data', { json: { error: false, posts: block, reels: block } });
    const result = await client.performance('instagram', 'harbor.and.hearth');
    expect(lastCall()).toMatchObject({
      method: 'GET',
      path: '/instagram/performance-data',
      query: { url: 'harbor.and.hearth' },
    });
    expect(result).toEqual({
      data: { error: false, posts: block, reels: block },
      cost: { credits: 0.25, rawRequests: 0 },
      coalesced: false,
    });
  });

  it('email search posts the emails and costs 0.02 per matched email', async () => {
    const user = {
      platform: 'instagram',
      url: 'https://www.instagram.com/a/',
      username: 'a',
      picture: 'p',
      followers: 1,
      engagements: 1,
      engagementRate: 0.01,
    };
    const answer = {
      error: false,
      matchedEmails: [
        { email: 'a@example.com', users: [user] },
        { email: 'b@example.com', users: [{ ...user, platform: 'tiktok' }] },
        { email: 'c@example.com', users: [user] },
      ],
      notMatchedEmails: ['d@example.com'],
    };
    server.script('POST /email-search', { json: answer });
    const emails = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    const result = await client.emailSearch(emails);
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/email-search', body: { emails } });
    expect(result).toEqual({ data: answer, cost: { credits: 0.06, rawRequests: 0 }, coalesced: false });
  });

  it('user info is free', async () => {
    const result = await client.userInfo();
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/user/info', query: {} });
    expect(result).toEqual({
      data: loadFixture('user-info.json'),
      cost: { credits: 0, rawRequests: 0 },
      coalesced: false,
    });
  });

  it('raw calls send their parameters and cost one raw request each', async () => {
    const info = await client.raw('ig', 'user-info', { url: 'harbor.and.hearth' });
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/raw/ig/user-info', query: { url: 'harbor.and.hearth' } });
    expect(info).toEqual({
      data: loadFixture('raw-ig-user-info.json'),
      cost: { credits: 0, rawRequests: 1 },
      coalesced: false,
    });

    const feed = await client.raw('ig', 'user-feed', { url: 'harbor.and.hearth', after: 'CURSOR', unused: undefined });
    expect(lastCall().query).toEqual({ url: 'harbor.and.hearth', after: 'CURSOR' });
    expect(feed.data).toEqual(loadFixture('raw-ig-user-feed.json'));
    expect(feed.data.items[1]?.like_count).toBe(-1);

    const tiktok = await client.raw('tiktok', 'user-info', { url: '@harbor.and.hearth' });
    expect(lastCall().path).toBe('/raw/tiktok/user-info');
    expect(tiktok.data.user_info.userInfo.stats.followerCount).toBe(21930);

    server.script('GET /raw/youtube/uploaded-videos', { json: { videos: [{ id: 'v1' }], nextCursor: 'n' } });
    const videos = await client.raw('youtube', 'uploaded-videos', { url: '@harbor', sorted_by: 'newest' });
    expect(lastCall().query).toEqual({ url: '@harbor', sorted_by: 'newest' });
    expect(videos).toEqual({
      data: { videos: [{ id: 'v1' }], nextCursor: 'n' },
      cost: { credits: 0, rawRequests: 1 },
      coalesced: false,
    });
  });

  it('a raw 404 is reported with the raw request it still cost', async () => {
    server.script('GET /raw/ig/user-info', { status: 404, fixture: 'error-handle-not-found.json' });
    const error = await client.raw('ig', 'user-info', { url: 'gone.account' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'handle_not_found', cost: { credits: 0, rawRequests: 1 } });
  });

  it('a discovery 404 costs nothing', async () => {
    server.script('GET /instagram/profile/*/report', { status: 404, fixture: 'error-handle-not-found.json' });
    const error = await client.report('instagram', 'gone.account').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect(error).toMatchObject({ code: 'handle_not_found', cost: { credits: 0, rawRequests: 0 } });
  });

  it('a wrong key is answered with the provider 401 as ProviderUnauthorizedError', async () => {
    const wrong = createProviderClient({ baseUrl: server.url, apiKey: 'wrong' });
    const error = await wrong.userInfo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnauthorizedError);
    expect(error).toMatchObject({ status: 401, statusText: 'Unauthorized', code: 'api_token_invalid' });
    expect(lastCall().headers.authorization).toBe('Bearer wrong');
    expect(lastCall().query).toEqual({});
  });

  it('a base URL with a trailing slash builds the same paths', async () => {
    const slashed = createProviderClient({ baseUrl: `${server.url}/`, apiKey: API_KEY });
    await slashed.userInfo();
    expect(lastCall().path).toBe('/user/info');
  });
});

describe('requests refused before sending', () => {
  async function refused(promise: Promise<unknown>): Promise<ProviderValidationError> {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(server.calls).toHaveLength(0);
    return error as ProviderValidationError;
  }

  it('search bodies that break the contract', async () => {
    const error = await refused(
      client.search('instagram', { filter: { influencer: { engagementRate: { min: 0.02 } as never } } }),
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(error.issues.map((issue) => issue.path)).toEqual(['filter.influencer.engagementRate']);
    await refused(client.search('tiktok', { filter: { influencer: { reelsPlays: { min: 1 } } } } as never));
    await refused(client.search('youtube', { sort: { field: 'audienceGeo' }, filter: {} }));
    await refused(client.search('pinterest' as string as 'instagram', { filter: {} }));
  });

  it('report, overlap, dictionary, performance and email search arguments', async () => {
    await refused(client.report('instagram', '   '));
    await refused(client.report('instagram', 'x', { calculationMethod: 'mean' as never }));
    await refused(client.overlap('instagram', ['only.one']));
    await refused(
      client.overlap(
        'instagram',
        Array.from({ length: 11 }, (_, i) => `user${i}`),
      ),
    );
    await refused(client.overlap('tiktok' as never, ['a', 'b']));
    await refused(client.dictionary('tiktok', 'brands'));
    await refused(client.dictionary('instagram', 'locations', { limit: 0 }));
    await refused(client.performance('youtube', ''));
    await refused(client.emailSearch([]));
    await refused(client.emailSearch(['not-an-email']));
    await refused(client.emailSearch(Array.from({ length: 51 }, (_, i) => `u${i}@example.com`)));
  });

  it('a report for "." or ".." (they would walk up the provider’s path, /profile/../report → /report)', async () => {
    for (const handle of ['.', '..', ' .. ']) {
      const error = await refused(client.report('instagram', handle));
      expect(error.issues).toEqual([{ path: 'userIdOrHandle', message: 'Must not be "." or ".."' }]);
    }
  });

  it('raw calls with an unknown endpoint or bad parameters, because raw failures are billed', async () => {
    const missing = await refused(client.raw('ig', 'user-feed', {}));
    expect(missing.issues).toEqual([{ path: 'url', message: 'Parameter "url" is required' }]);
    await refused(client.raw('ig', 'no-such-endpoint', { url: 'x' }));
    await refused(client.raw('instagram' as never, 'user-info', { url: 'x' }));
    await refused(client.raw('ig', 'user-info', { url: 'x', keyword: 'y' }));
    await refused(client.raw('ig', 'hashtag-feed', { hashtag: '#food' }));
    await refused(client.raw('ig', 'hashtag-feed', { hashtag: 'food', type: 'oldest' }));
    await refused(client.raw('youtube', 'video-comment-replies', { url: 'https://youtu.be/x' }));
    await refused(client.raw('tiktok', 'user-info', { url: '  ' }));
  });
});
