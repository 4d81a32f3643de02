import { describe, expect, it } from 'vitest';
import { searchBody } from './search-body';
import { emptySearch, type SearchState } from './search-state';
import { parseSearch, searchToParams, switchPlatform } from './search-url';

const FULL: SearchState = {
  ...emptySearch('instagram'),
  page: 3,
  sort: 'audienceGeo',
  dir: 'asc',
  followersMin: 10000,
  followersMax: 50000,
  engagementRate: 2.3,
  gender: 'FEMALE',
  ageMin: 25,
  ageMax: 35,
  locations: [{ id: '148838', name: 'Sweden' }],
  language: { id: 'sv', name: 'Swedish' },
  interests: [{ id: '13', name: 'Food: Drink' }],
  brands: [{ id: '8001', name: 'Sample Pantry Co' }],
  accountTypes: [2, 3],
  keywords: 'kanelbulle',
  bio: 'fika',
  tags: ['#fika', '@oatly'],
  verified: true,
  lastPosted: 90,
  contacts: [
    { type: 'email', action: 'must' },
    { type: 'tiktok', action: 'not' },
  ],
  growth: { metric: 'followers', interval: 'i3months', operator: 'gte', value: 5 },
  audienceLocations: [{ id: '148838', name: 'Sweden', weight: 40 }],
  audienceLanguage: { id: 'sv', name: 'Swedish', weight: 30 },
  audienceGender: { id: 'FEMALE', weight: 60 },
  audienceAges: [
    { id: '18-24', weight: 30 },
    { id: '25-34', weight: 25 },
  ],
  audienceInterests: [{ id: '13', name: 'Food: Drink', weight: 30 }],
  credibility: 75,
};

describe('search state in the URL', () => {
  it('survives a round trip through the query string, names with colons included', () => {
    const query = searchToParams(FULL).toString();
    expect(parseSearch(new URLSearchParams(query))).toEqual(FULL);
  });

  it('writes readable parameters and leaves defaults out', () => {
    expect(
      searchToParams({
        ...emptySearch('tiktok'),
        followersMin: 5000,
        locations: [{ id: '1', name: 'Sverige' }],
      }).toString(),
    ).toBe('platform=tiktok&followersMin=5000&location=1%3ASverige');
  });

  it('drops malformed values, filters of other platforms and sorts whose filter is missing', () => {
    const state = parseSearch(
      new URLSearchParams(
        'platform=youtube&page=-2&sort=reelsPlays&gender=OTHER&ageMin=20&er=abc&tag=%23fika&interest=1:Food&credibility=80&contact=fax:must&growth=i9months:gte:5&lastPosted=7',
      ),
    );
    expect(state).toEqual(emptySearch('youtube'));
    expect(parseSearch(new URLSearchParams('platform=instagram&sort=audienceGeo')).sort).toBe('followers');
  });

  it('treats an unknown platform as Instagram', () => {
    expect(parseSearch(new URLSearchParams('platform=myspace')).platform).toBe('instagram');
  });

  it('keeps shared filters and drops Instagram-only ones when the platform changes', () => {
    const next = switchPlatform(FULL, 'youtube');
    expect(next).toEqual({
      ...emptySearch('youtube'),
      dir: 'asc',
      sort: 'audienceGeo',
      followersMin: 10000,
      followersMax: 50000,
      engagementRate: 2.3,
      gender: 'FEMALE',
      ageMin: 25,
      ageMax: 35,
      locations: FULL.locations,
      language: FULL.language,
      keywords: 'kanelbulle',
      bio: 'fika',
      verified: true,
      lastPosted: 90,
      contacts: FULL.contacts,
      growth: FULL.growth,
      audienceLocations: FULL.audienceLocations,
      audienceLanguage: FULL.audienceLanguage,
      audienceGender: FULL.audienceGender,
      audienceAges: FULL.audienceAges,
    });
  });
});

describe('search body', () => {
  it('turns percentages into fractions and pages into 0-based ones, with every filter', () => {
    expect(searchBody(FULL)).toEqual({
      page: 2,
      sort: { field: 'audienceGeo', direction: 'asc', value: 148838 },
      filter: {
        influencer: {
          followers: { min: 10000, max: 50000 },
          engagementRate: 0.023,
          gender: 'FEMALE',
          age: { min: 25, max: 35 },
          location: [148838],
          language: 'sv',
          keywords: 'kanelbulle',
          bio: 'fika',
          textTags: [
            { type: 'hashtag', value: 'fika' },
            { type: 'mention', value: 'oatly' },
          ],
          isVerified: true,
          lastposted: 90,
          hasContactDetails: [
            { contactType: 'email', filterAction: 'must' },
            { contactType: 'tiktok', filterAction: 'not' },
          ],
          followersGrowthRate: { interval: 'i3months', operator: 'gte', value: 0.05 },
          interests: [13],
          brands: [8001],
          accountTypes: [2, 3],
        },
        audience: {
          location: [{ id: 148838, weight: 0.4 }],
          language: { id: 'sv', weight: 0.3 },
          gender: { id: 'FEMALE', weight: 0.6 },
          age: [
            { id: '18-24', weight: 0.3 },
            { id: '25-34', weight: 0.25 },
          ],
          interests: [{ id: 13, weight: 0.3 }],
          credibility: 0.75,
        },
      },
    });
  });

  it('sends no filter groups for an empty search', () => {
    expect(searchBody(emptySearch('tiktok'))).toEqual({
      page: 0,
      sort: { field: 'followers', direction: 'desc' },
      filter: {},
    });
  });

  it('sends likes and views growth on the platforms that have them, and sorts by them', () => {
    const tiktok = parseSearch(new URLSearchParams('platform=tiktok&growth=i2months:gt:-3:likes&sort=likesGrowth'));
    expect(tiktok.growth).toEqual({ metric: 'likes', interval: 'i2months', operator: 'gt', value: -3 });
    expect(searchBody(tiktok)).toEqual({
      page: 0,
      sort: { field: 'likesGrowth', direction: 'desc' },
      filter: { influencer: { likesGrowthRate: { interval: 'i2months', operator: 'gt', value: -0.03 } } },
    });
    expect(searchToParams(tiktok).get('growth')).toBe('i2months:gt:-3:likes');
    expect(parseSearch(new URLSearchParams('platform=instagram&growth=i2months:gt:3:likes')).growth).toBeUndefined();
    expect(switchPlatform(tiktok, 'youtube').growth).toBeUndefined();
  });

  it('sorts by followers when the chosen sort lacks its filter', () => {
    expect(searchBody({ ...emptySearch(), sort: 'keywords' }).sort).toEqual({ field: 'followers', direction: 'desc' });
  });
});
