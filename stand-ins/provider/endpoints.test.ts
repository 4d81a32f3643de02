import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createSampleProvider } from './app.ts';
import {
  EmailSearchResponseSchema,
  ErrorBodySchema,
  IgFeedSchema,
  IgMediaSchema,
  IgUserInfoSchema,
  OverlapResponseSchema,
  PerformanceBlockSchema,
  ReportResponseSchema,
  SearchResponseSchema,
  TiktokFeedSchema,
  TiktokReportExtrasSchema,
  TiktokUserInfoSchema,
  TiktokVideoSchema,
  UserInfoResponseSchema,
  YoutubeListSchema,
  YoutubeReportExtrasSchema,
  YoutubeVideoSchema,
} from './contract.ts';
import { findProfile, generateDataset, type SampleProfile } from './dataset.ts';
import { postAt } from './posts.ts';
import { call, TEST_KEY } from './test-support.ts';

const dataset = generateDataset();
const app = createSampleProvider();
const cleo = findProfile(dataset, 'instagram', 'cleo.creates') as SampleProfile;
const cleoTiktok = findProfile(dataset, 'tiktok', 'cleocreates') as SampleProfile;
const privateProfile = dataset.byPlatform.instagram.find((p) => p.isPrivate) as SampleProfile;
const youtuber = dataset.byPlatform.youtube.find((p) => !p.isPrivate && p.postsCount > 100) as SampleProfile;
const get = (path: string, headers?: Record<string, string>) => call(app, 'GET', path, undefined, headers);
const post = (path: string, body: unknown) => call(app, 'POST', path, body);
const errorOf = async (promise: ReturnType<typeof call>, status: number, code: string) => {
  const answer = await promise;
  expect(answer.status).toBe(status);
  expect(ErrorBodySchema.parse(answer.body).code).toBe(code);
};

describe('authentication', () => {
  it('answers 401 api_token_invalid without a key, and accepts the bearer header, the query or the body', async () => {
    const bare = await app.request('/user/info');
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      error: true,
      code: 'api_token_invalid',
      message: 'Missing or invalid API token.',
    });
    expect((await app.request('/user/info?access_token=abc')).status).toBe(200);
    const viaBody = await app.request('/email-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emails: ['x@example.com'], access_token: 'abc' }),
    });
    expect(viaBody.status).toBe(200);
  });

  it('accepts only the configured keys when apiKeys is given', async () => {
    const locked = createSampleProvider({ apiKeys: ['only-this'] });
    await errorOf(call(locked, 'GET', '/user/info'), 401, 'api_token_invalid');
    const ok = await call(locked, 'GET', '/user/info', undefined, { authorization: 'Bearer only-this' });
    expect(ok.status).toBe(200);
  });
});

describe('reports', () => {
  it('builds the Instagram report of the demo creator from the dataset', async () => {
    const answer = await get('/instagram/profile/cleo.creates/report');
    expect(answer.status).toBe(200);
    const { profile } = ReportResponseSchema.parse(answer.body);
    expect(profile.profile).toEqual({
      userId: cleo.userId,
      fullname: 'Cleo Creator',
      username: 'cleo.creates',
      url: 'https://www.instagram.com/cleo.creates/',
      picture: cleo.picture,
      followers: 8_600,
      engagements: cleo.engagements,
      engagementRate: cleo.engagementRate,
    });
    expect(profile).toMatchObject({
      accountType: 'Creator',
      gender: 'FEMALE',
      ageGroup: '25-34',
      country: 'SE',
      city: 'Stockholm',
      language: { code: 'sv', name: 'Swedish' },
      interests: [
        { id: 4, name: 'Restaurants, Food & Grocery' },
        { id: 14, name: 'Healthy Lifestyle' },
        { id: 3, name: 'Travel, Tourism & Aviation' },
      ],
      brandAffinity: [{ id: 301, name: 'Fjällkaffe' }],
      contacts: [{ type: 'email', value: 'cleo@example.com' }],
      postsCount: cleo.postsCount,
      avgReelsPlays: cleo.avgReelsPlays,
      stats: { followers: { value: 8_600, compared: cleo.growth.followers[0] } },
    });
    // The history ends at today's followers and starts where six months of growth began.
    expect(profile.statHistory.at(-1)?.followers).toBe(8_600);
    expect(profile.statHistory[0]?.followers).toBe(Math.round(8_600 / (1 + (cleo.growth.followers[4] ?? 0))));
    expect(profile.recentPosts[0]?.id).toBe(postAt(cleo, 0)?.id);
    expect(profile.lookalikes).toHaveLength(10);
    expect(profile.lookalikes.map((user) => user.userId)).not.toContain(cleo.userId);
    const audience = profile.audience;
    expect(audience.credibility).toBe(cleo.audience.credibility);
    expect(audience.geoCountries[0]).toEqual({
      name: 'Sweden',
      code: 'SE',
      weight: cleo.audience.countries[0]?.weight,
    });
    expect(audience.ages.map((age) => age.weight)).toEqual(cleo.audience.ages);
    expect(audience.audienceTypes?.map((type) => type.code).sort()).toEqual(
      ['influencers', 'mass_followers', 'real', 'suspicious'].sort(),
    );
    for (const entry of audience.gendersPerAge)
      expect(entry.male + entry.female).toBeCloseTo(
        audience.ages.find((age) => age.code === entry.code)?.weight ?? 0,
        3,
      );
  });

  it('takes an id as well as a handle, and calculationMethod=average raises the averages', async () => {
    const byId = ReportResponseSchema.parse((await get(`/instagram/profile/${cleo.userId}/report`)).body);
    expect(byId.profile.profile.username).toBe('cleo.creates');
    const average = ReportResponseSchema.parse(
      (await get('/instagram/profile/cleo.creates/report?calculationMethod=average')).body,
    );
    expect(average.profile.avgLikes).toBe(Math.round(cleo.avgLikes * 1.12));
    await errorOf(get('/instagram/profile/cleo.creates/report?calculationMethod=mode'), 400, 'invalid_body_params');
  });

  it('adds the TikTok and YouTube fields and leaves out what those platforms lack', async () => {
    const tiktok = ReportResponseSchema.parse((await get('/tiktok/profile/@cleocreates/report')).body).profile;
    expect(TiktokReportExtrasSchema.parse(tiktok).totalLikes).toBe(cleoTiktok.totalLikes);
    expect(tiktok.audience.credibility).toBeUndefined();
    expect(tiktok.audience.interests).toBeUndefined();
    expect(tiktok.audience.ethnicities).toBeUndefined();
    expect(tiktok.accountType).toBeUndefined();
    const youtube = (await get(`/youtube/profile/${youtuber.username}/report`)).body as { profile: unknown };
    const parsed = ReportResponseSchema.parse(youtube).profile;
    const extras = YoutubeReportExtrasSchema.parse(parsed);
    expect(extras.profile.handle).toBe(`@${youtuber.username}`);
    expect(extras.description).toBe(youtuber.bio);
    expect(parsed.bio).toBeUndefined();
    expect(Object.keys(parsed.statsByContentType).sort()).toEqual(['shorts', 'videos']);
  });

  it('answers 404 handle_not_found for unknown accounts and 403 private_account for private ones', async () => {
    await errorOf(get('/instagram/profile/no.such.person/report'), 404, 'handle_not_found');
    await errorOf(get(`/instagram/profile/${privateProfile.username}/report`), 403, 'private_account');
    await errorOf(get('/facebook/profile/cleo.creates/report'), 404, 'entity_not_found');
  });
});

describe('audience overlap', () => {
  it('answers fractions per creator and the unique total, the same every time', async () => {
    const body = { influencers: ['cleo.creates', 'fjallkaffe', dataset.byPlatform.instagram[40]?.userId] };
    const first = await post('/instagram/reports/audience/overlap', body);
    expect(first.status).toBe(200);
    const result = OverlapResponseSchema.parse(first.body);
    expect(result.data.map((entry) => entry.username)).toEqual([
      'cleo.creates',
      'fjallkaffe',
      dataset.byPlatform.instagram[40]?.username,
    ]);
    for (const entry of result.data) expect(entry.uniquePercentage + entry.overlappingPercentage).toBeCloseTo(1, 6);
    expect(result.reportInfo.totalFollowers).toBe(result.data.reduce((sum, entry) => sum + entry.followers, 0));
    expect(result.reportInfo.totalUniqueFollowers).toBeLessThanOrEqual(result.reportInfo.totalFollowers);
    expect((await post('/instagram/reports/audience/overlap', body)).body).toEqual(first.body);
  });

  it('needs 2 to 10 known, distinct creators on Instagram or YouTube', async () => {
    await errorOf(
      post('/instagram/reports/audience/overlap', { influencers: ['cleo.creates'] }),
      400,
      'invalid_body_params',
    );
    await errorOf(
      post('/instagram/reports/audience/overlap', { influencers: ['cleo.creates', 'cleo.creates'] }),
      400,
      'invalid_body_params',
    );
    await errorOf(
      post('/instagram/reports/audience/overlap', { influencers: ['cleo.creates', 'nobody.x'] }),
      404,
      'handle_not_found',
    );
    await errorOf(
      post('/tiktok/reports/audience/overlap', { influencers: ['cleocreates', 'x'] }),
      404,
      'entity_not_found',
    );
    const youtube = dataset.byPlatform.youtube.filter((p) => !p.isPrivate).slice(0, 2);
    const answer = await post('/youtube/reports/audience/overlap', { influencers: youtube.map((p) => p.username) });
    expect(OverlapResponseSchema.parse(answer.body).data).toHaveLength(2);
  });
});

describe('performance data', () => {
  it('answers snake_case blocks per content type and platform', async () => {
    const instagram = (await get('/instagram/performance-data?url=cleo.creates')).body as Record<string, unknown>;
    const posts = PerformanceBlockSchema.parse(instagram.posts);
    PerformanceBlockSchema.parse(instagram.reels);
    expect(posts.likes.mean.map((metric) => metric.numberOfItems)).toEqual([6, 12, 30]);
    expect(instagram.posts).toHaveProperty('posts_with_hidden_likes');
    const tiktok = (await get('/tiktok/performance-data?url=cleocreates')).body as Record<string, unknown>;
    expect(Object.keys(tiktok).sort()).toEqual(['error', 'posts']);
    PerformanceBlockSchema.parse(tiktok.posts);
    const youtube = (await get(`/youtube/performance-data?url=${youtuber.userId}`)).body as Record<string, unknown>;
    PerformanceBlockSchema.parse(youtube.videos);
    PerformanceBlockSchema.parse(youtube.shorts);
    const small = dataset.byPlatform.youtube.find((p) => !p.isPrivate && p.postsCount < 15) as SampleProfile;
    const few = (await get(`/youtube/performance-data?url=${small.username}`)).body as Record<string, unknown>;
    const videos = PerformanceBlockSchema.parse(few.videos);
    const count = Array.from({ length: small.postsCount }, (_, i) => postAt(small, i)).filter(
      (item) => item?.kind === 'video',
    ).length;
    expect(videos.total).toBe(count);
    expect(videos.likes.mean.map((metric) => metric.numberOfItems)).toEqual(count > 6 ? [6, count] : [count]);
    await errorOf(get('/instagram/performance-data'), 400, 'bad_request');
    await errorOf(get('/instagram/performance-data?url=nobody.x'), 404, 'handle_not_found');
  });
});

describe('e-mail search', () => {
  it('matches contact e-mails across platforms and lists the rest as not matched', async () => {
    const someone = dataset.byPlatform.youtube.find((p) => p.email && !p.isPrivate) as SampleProfile;
    const answer = await post('/email-search', {
      emails: ['cleo@example.com', someone.email, 'nobody@example.com'],
    });
    const result = EmailSearchResponseSchema.parse(answer.body);
    expect(result.matchedEmails.map((match) => match.email)).toEqual(['cleo@example.com', someone.email]);
    expect(result.matchedEmails[0]?.users.map((user) => `${user.platform}:${user.username}`)).toEqual([
      'instagram:cleo.creates',
      'tiktok:cleocreates',
    ]);
    expect(result.notMatchedEmails).toEqual(['nobody@example.com']);
    expect(result.totalMatches).toBe(2);
    await errorOf(post('/email-search', { emails: [] }), 400, 'invalid_body_params');
  });
});

describe('account and credits', () => {
  it('starts at 3000 credits and 40000 raw requests and counts down per metered call and key', async () => {
    const fresh = createSampleProvider();
    const info = async () => UserInfoResponseSchema.parse((await call(fresh, 'GET', '/user/info')).body).billing;
    expect(await info()).toEqual({ credits: 3000, rawRequests: 40_000 });
    await call(fresh, 'POST', '/instagram/search', {}); // 15 hits
    expect((await info()).credits).toBe(2999.85);
    await call(fresh, 'GET', '/instagram/profile/cleo.creates/report');
    expect((await info()).credits).toBe(2998.85);
    await call(fresh, 'GET', '/instagram/performance-data?url=cleo.creates');
    expect((await info()).credits).toBe(2998.6);
    await call(fresh, 'POST', '/email-search', { emails: ['cleo@example.com', 'nobody@example.com'] });
    expect((await info()).credits).toBe(2998.58);
    await call(fresh, 'POST', '/instagram/reports/audience/overlap', { influencers: ['cleo.creates', 'fjallkaffe'] });
    expect((await info()).credits).toBe(2997.58);
    await call(fresh, 'GET', '/instagram/profile/nobody.x/report'); // errors are free
    await call(fresh, 'GET', '/instagram/locations?query=sto'); // dictionaries are free
    expect((await info()).credits).toBe(2997.58);
    await call(fresh, 'GET', '/raw/ig/user-info?url=cleo.creates');
    await call(fresh, 'GET', '/raw/ig/user-info?url=nobody.x'); // raw 404s are billed
    await call(fresh, 'GET', '/raw/ig/user-info'); // a missing parameter is not
    expect(await info()).toEqual({ credits: 2997.58, rawRequests: 39_998 });
    const other = await call(fresh, 'GET', '/user/info', undefined, { authorization: 'Bearer another' });
    expect(UserInfoResponseSchema.parse(other.body).billing).toEqual({ credits: 3000, rawRequests: 40_000 });
  });
});

describe('dictionaries', () => {
  it('answers locations with titles, filtered by query (case and accents folded), limited, with the total', async () => {
    const answer = await get('/instagram/locations?query=GOTEBORG');
    expect(answer.body).toEqual({
      error: false,
      locations: [{ id: 2002, name: 'Göteborg', title: 'Göteborg, Sweden' }],
      total: 1,
    });
    const all = (await get('/tiktok/locations')).body as { locations: unknown[]; total: number };
    expect(all.locations).toHaveLength(10);
    expect(all.total).toBe(65);
    const many = (await get('/youtube/locations?limit=500')).body as { locations: unknown[] };
    expect(many.locations).toHaveLength(65);
    const sweden = (await get('/instagram/locations?query=sweden&limit=3')).body as {
      locations: { title: string }[];
      total: number;
    };
    expect(sweden.locations.map((location) => location.title)).toEqual([
      'Sweden',
      'Stockholm, Sweden',
      'Göteborg, Sweden',
    ]);
    expect(sweden.total).toBe(13);
    await errorOf(get('/instagram/locations?limit=zero'), 400, 'invalid_body_params');
  });

  it('answers languages, interests, brands, topics and hashtags', async () => {
    expect((await get('/instagram/languages?query=swe')).body).toEqual({
      error: false,
      languages: [{ code: 'sv', name: 'Swedish' }],
      total: 1,
    });
    const interests = (await get('/instagram/interests?limit=100')).body as {
      interests: { id: number; name: string }[];
    };
    expect(interests.interests).toHaveLength(27);
    expect((await get('/tiktok/interests?query=coffee')).body).toEqual({
      error: false,
      interests: [{ id: 15, name: 'Coffee, Tea & Beverages' }],
      total: 1,
    });
    const brands = (await get('/instagram/brands?query=fjäll')).body as {
      brands: { id: number; name: string; count: number }[];
    };
    expect(brands.brands[0]).toEqual({
      id: 301,
      name: 'Fjällkaffe',
      count: dataset.byPlatform.instagram.filter((p) => p.brands.includes(301)).length,
    });
    const topics = (await get('/youtube/topics?query=kaffe')).body as { tags: string[] };
    expect(topics.tags).toContain('kaffe');
    const hashtags = (await get('/instagram/hashtags?query=%23fik')).body as { tags: string[] };
    expect(hashtags.tags).toEqual(['fika']);
    await errorOf(get('/tiktok/brands'), 404, 'entity_not_found');
    await errorOf(get('/youtube/hashtags'), 404, 'entity_not_found');
  });

  it('looks up users by handle or name, handles starting with the query first', async () => {
    const answer = await get('/instagram/users?query=cleo&limit=5');
    const { users, total } = answer.body as { users: Record<string, unknown>[]; total: number };
    expect(users[0]).toEqual({
      userId: cleo.userId,
      username: 'cleo.creates',
      fullname: 'Cleo Creator',
      picture: cleo.picture,
      followers: 8_600,
      isVerified: false,
    });
    const expected = dataset.byPlatform.instagram.filter(
      (p) => !p.isPrivate && (p.username.includes('cleo') || p.fullname.toLowerCase().includes('cleo')),
    );
    expect(total).toBe(expected.length);
  });
});

describe('raw endpoints', () => {
  it('answers Instagram user info, paged feeds and the media behind a shortcode', async () => {
    const info = IgUserInfoSchema.parse(
      (await get('/raw/ig/user-info?url=https://www.instagram.com/cleo.creates/')).body,
    );
    expect(info).toMatchObject({ pk: cleo.userId, username: 'cleo.creates', follower_count: 8_600 });
    const first = IgFeedSchema.parse((await get('/raw/ig/user-feed?url=cleo.creates')).body);
    expect(first.items).toHaveLength(12);
    expect(first.more_available).toBe(true);
    const second = IgFeedSchema.parse(
      (await get(`/raw/ig/user-feed?url=cleo.creates&after=${encodeURIComponent(first.end_cursor ?? '')}`)).body,
    );
    expect(second.items[0]?.code).toBe(postAt(cleo, 12)?.code);
    const code = first.items[3]?.code ?? '';
    expect(IgMediaSchema.parse((await get(`/raw/ig/media-info?code=${code}`)).body)).toEqual(first.items[3]);
    const reels = IgFeedSchema.parse((await get('/raw/ig/user-reels?url=cleo.creates')).body);
    expect(reels.items.every((item) => item.product_type === 'clips')).toBe(true);
    IgFeedSchema.parse((await get('/raw/ig/user-tags-feed?url=cleo.creates')).body);
    const tagged = IgFeedSchema.parse((await get('/raw/ig/hashtag-feed?hashtag=fika&type=top')).body);
    expect(tagged.items.every((item) => item.caption.text.includes('#fika'))).toBe(true);
    const search = (await get('/raw/ig/search?keyword=cleo')).body as {
      users: { username: string }[];
      hashtags: unknown[];
    };
    expect(search.users[0]?.username).toBe('cleo.creates');
  });

  it('pages Instagram comments and replies and describes audio', async () => {
    const media = postAt(cleo, 0);
    const comments = (await get(`/raw/ig/media-comments?code=${media?.code}`)).body as {
      comments: { pk: string; child_comment_count: number }[];
      comment_count: number;
    };
    expect(comments.comment_count).toBe(media?.comments);
    const withReplies = comments.comments.find((comment) => comment.child_comment_count > 0);
    if (withReplies) {
      const replies = (await get(`/raw/ig/media-comment-replies?code=${media?.code}&comment_id=${withReplies.pk}`))
        .body as {
        child_comments: unknown[];
      };
      expect(replies.child_comments).toHaveLength(withReplies.child_comment_count);
    }
    const audio = (await get('/raw/ig/audio-info?url=https://www.instagram.com/reels/audio/42/')).body as {
      metadata: { audio_id: string };
      items: unknown[];
    };
    expect(audio.metadata.audio_id).toBe('42');
    expect(audio.items.length).toBeGreaterThan(0);
  });

  it('answers TikTok payloads in TikTok web style', async () => {
    const info = TiktokUserInfoSchema.parse((await get('/raw/tiktok/user-info?url=@cleocreates')).body);
    expect(info.user_info.userInfo.stats.followerCount).toBe(14_200);
    const feedBody = (await get('/raw/tiktok/user-feed?url=cleocreates')).body;
    TiktokFeedSchema('user_feed').parse(feedBody);
    const feed = feedBody as { user_feed: { items: { id: string }[] } };
    expect(feed.user_feed.items).toHaveLength(30);
    const videoUrl = `https://www.tiktok.com/@cleocreates/video/${feed.user_feed.items[0]?.id}`;
    const media = (await get(`/raw/tiktok/media-info?url=${encodeURIComponent(videoUrl)}`)).body as {
      media_info: { itemInfo: { itemStruct: unknown } };
    };
    expect(TiktokVideoSchema.parse(media.media_info.itemInfo.itemStruct)).toEqual(feed.user_feed.items[0]);
    const comments = (await get(`/raw/tiktok/comments?url=${encodeURIComponent(videoUrl)}`)).body as {
      comments: unknown[];
    };
    expect(Array.isArray(comments.comments)).toBe(true);
    TiktokFeedSchema('challenge_feed').parse((await get('/raw/tiktok/challenge-feed?hashtag=fika')).body);
    expect((await get('/raw/tiktok/challenge-info?hashtag=fika')).status).toBe(200);
    const music = (await get('/raw/tiktok/music-info?url=https://www.tiktok.com/music/x-6900000000000000042')).body as {
      music_info: { musicInfo: { music: { id: string } } };
    };
    expect(music.music_info.musicInfo.music.id).toBe('6900000000000000042');
    TiktokFeedSchema('music_feed').parse((await get('/raw/tiktok/music-feed?url=6900000000000000042')).body);
    const users = (await get('/raw/tiktok/search-users?keyword=cleo')).body as {
      user_list: { user_info: { unique_id: string } }[];
    };
    expect(users.user_list[0]?.user_info.unique_id).toBe('cleocreates');
    expect((await get(`/raw/tiktok/media-download?url=${encodeURIComponent(videoUrl)}`)).status).toBe(200);
    expect((await get(`/raw/tiktok/comments-replies?url=${encodeURIComponent(videoUrl)}&comment_id=x`)).status).toBe(
      404,
    );
  });

  it('answers YouTube payloads in YouTube Data API style', async () => {
    const channel = (await get(`/raw/youtube/channel-info?url=https://www.youtube.com/@${youtuber.username}`)).body as {
      id: string;
      statistics: { subscriberCount: string };
      playlists: string[];
    };
    expect(channel.id).toBe(youtuber.userId);
    expect(channel.statistics.subscriberCount).toBe(String(youtuber.followers));
    const videos = YoutubeListSchema.parse((await get(`/raw/youtube/uploaded-videos?url=${youtuber.userId}`)).body);
    const first = YoutubeVideoSchema.parse(videos.items[0]);
    const popular = YoutubeListSchema.parse(
      (await get(`/raw/youtube/uploaded-videos?url=${youtuber.userId}&sorted_by=popular`)).body,
    );
    const views = popular.items.map((item) => Number(YoutubeVideoSchema.parse(item).statistics.viewCount));
    expect(views).toEqual([...views].sort((a, b) => b - a));
    YoutubeListSchema.parse((await get(`/raw/youtube/uploaded-shorts?url=${youtuber.userId}`)).body);
    YoutubeListSchema.parse((await get(`/raw/youtube/uploaded-lives?url=${youtuber.userId}`)).body);
    YoutubeListSchema.parse(
      (await get(`/raw/youtube/playlist-videos?url=${encodeURIComponent(channel.playlists[0] ?? '')}`)).body,
    );
    const video = (await get(`/raw/youtube/video-info?url=https://www.youtube.com/watch?v=${first.id}`)).body;
    expect(video).toEqual(first);
    const comments = YoutubeListSchema.parse((await get(`/raw/youtube/video-comments?url=${first.id}`)).body);
    expect(comments.items.length).toBeGreaterThan(0);
    await errorOf(get(`/raw/youtube/short-info?url=${first.id}`), 404, 'media_not_found');
    await errorOf(get(`/raw/youtube/uploaded-videos?url=${youtuber.userId}&sorted_by=random`), 400, 'bad_request');
  });

  it('answers 400 bad_request for a missing parameter and 404 for unknown accounts, posts and endpoints', async () => {
    await errorOf(get('/raw/ig/user-info'), 400, 'bad_request');
    await errorOf(get('/raw/ig/search'), 400, 'bad_request');
    await errorOf(get('/raw/ig/media-comment-replies?code=S0000x00000'), 400, 'bad_request');
    await errorOf(get('/raw/tiktok/user-feed'), 400, 'bad_request');
    await errorOf(get('/raw/youtube/video-comments'), 400, 'bad_request');
    await errorOf(get('/raw/ig/user-feed?url=cleo.creates&after=garbage'), 400, 'bad_request');
    await errorOf(get('/raw/ig/user-info?url=nobody.x'), 404, 'handle_not_found');
    await errorOf(get(`/raw/ig/user-info?url=${privateProfile.username}`), 404, 'handle_not_found');
    await errorOf(get('/raw/ig/media-info?code=Szzzzxzzzzz'), 404, 'media_not_found');
    await errorOf(get('/raw/ig/nothing'), 404, 'entity_not_found');
    await errorOf(get('/raw/snapchat/user-info?url=x'), 404, 'entity_not_found');
    await errorOf(get('/raw/ig/toString?url=x'), 404, 'entity_not_found');
    await errorOf(get('/raw/constructor/name?url=x'), 404, 'entity_not_found');
    await errorOf(get('/nothing/at/all/here'), 404, 'entity_not_found');
  });
});

describe('over real HTTP', () => {
  it('serves the same contract through @hono/node-server', async () => {
    const server = serve({
      fetch: createSampleProvider({ apiKeys: [TEST_KEY] }).fetch,
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/tiktok/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sort: { field: 'views' }, filter: { influencer: { location: [1001] } } }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const result = SearchResponseSchema.parse(await res.json());
      const sweden = dataset.byPlatform.tiktok.filter((p) => !p.isPrivate && p.countryId === 1001);
      expect(result.total).toBe(sweden.length);
      const denied = await fetch(`${base}/user/info`, { headers: { authorization: 'Bearer wrong' } });
      expect(denied.status).toBe(401);
      expect(ErrorBodySchema.parse(await denied.json()).code).toBe('api_token_invalid');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
