import { describe, expect, it } from 'vitest';
import type { CampaignTarget, CreatorCandidate, MatchReason, MatchScore } from './matching.ts';
import { rankCreators, scoreCreator, tierFor } from './matching.ts';

const target: CampaignTarget = {
  categories: ['beauty', 'fashion', 'lifestyle'],
  platforms: ['instagram', 'tiktok'],
  tiers: ['nano', 'micro'],
  audienceCountries: ['SE', 'NO'],
  audienceAgeGroups: ['18-24', '25-34'],
};

/** A nano Instagram creator in one of the target's three categories, audience unknown (scores 53 on `target`). */
const creator = (overrides: Partial<CreatorCandidate> = {}): CreatorCandidate => ({
  creatorId: 'c-x',
  categories: ['beauty'],
  instagramFollowers: 5_000,
  tiktokFollowers: null,
  instagramHandle: 'x',
  tiktokHandle: null,
  ...overrides,
});

const withTarget = (overrides: Partial<CampaignTarget>): CampaignTarget => ({ ...target, ...overrides });

describe('tierFor', () => {
  it.each([
    [null, null],
    [0, null],
    [-5, null],
    [500, null],
    [999, null],
    [1_000, 'nano'],
    [5_000, 'nano'],
    [10_000, 'nano'],
    [10_001, 'micro'],
    [50_000, 'micro'],
    [100_000, 'micro'],
    [100_001, null],
    [2_500_000, null],
    [Number.NaN, null],
  ])('%s followers → %s', (followers, tier) => {
    expect(tierFor(followers)).toBe(tier);
  });
});

describe('scoreCreator', () => {
  const cat13: MatchReason = { code: 'categories', matched: 1, total: 3 };
  const ig: MatchReason = { code: 'platform', platforms: ['instagram'] };
  const tt: MatchReason = { code: 'platform', platforms: ['tiktok'] };
  const both: MatchReason = { code: 'platform', platforms: ['instagram', 'tiktok'] };
  const nano: MatchReason = { code: 'tier', tier: 'nano' };
  const micro: MatchReason = { code: 'tier', tier: 'micro' };
  const ugc: MatchReason = { code: 'tier', tier: 'ugc' };

  it.each<[string, CampaignTarget, CreatorCandidate, MatchScore]>([
    ['a plain nano fit', target, creator(), { eligible: true, score: 53, reasons: [cat13, ig, nano] }],
    [
      'every category',
      target,
      creator({ categories: ['lifestyle', 'fashion', 'beauty', 'food'] }),
      { eligible: true, score: 80, reasons: [{ code: 'categories', matched: 3, total: 3 }, ig, nano] },
    ],
    ['no handle at all', target, creator({ instagramHandle: null }), { eligible: false, score: 23, reasons: [cat13] }],
    ['a blank handle', target, creator({ instagramHandle: '  ' }), { eligible: false, score: 23, reasons: [cat13] }],
    [
      'no category in common',
      target,
      creator({ categories: ['gaming'] }),
      { eligible: false, score: 40, reasons: [ig, nano] },
    ],
    ['no categories at all', target, creator({ categories: [] }), { eligible: false, score: 40, reasons: [ig, nano] }],
    [
      'too many followers',
      target,
      creator({ instagramFollowers: 250_000 }),
      { eligible: false, score: 33, reasons: [cat13, ig] },
    ],
    [
      'too few followers',
      target,
      creator({ instagramFollowers: 500 }),
      { eligible: false, score: 33, reasons: [cat13, ig] },
    ],
    [
      'unknown followers',
      target,
      creator({ instagramFollowers: null }),
      { eligible: false, score: 33, reasons: [cat13, ig] },
    ],
    [
      'a micro TikTok creator',
      target,
      creator({ instagramHandle: null, tiktokHandle: 't', tiktokFollowers: 20_000 }),
      { eligible: true, score: 53, reasons: [cat13, tt, micro] },
    ],
    [
      'the tier on a platform without a handle does not count',
      target,
      creator({ instagramHandle: null, tiktokHandle: 't', tiktokFollowers: 200_000 }),
      { eligible: false, score: 33, reasons: [cat13, tt] },
    ],
    [
      'both platforms, tier on one',
      target,
      creator({ tiktokHandle: 't', tiktokFollowers: 200_000 }),
      { eligible: true, score: 63, reasons: [cat13, both, nano] },
    ],
    [
      'both platforms, the tier of the bigger one',
      target,
      creator({ tiktokHandle: 't', tiktokFollowers: 40_000 }),
      { eligible: true, score: 63, reasons: [cat13, both, micro] },
    ],
    [
      'ugc accepts 500 followers',
      withTarget({ tiers: ['ugc'] }),
      creator({ instagramFollowers: 500 }),
      { eligible: true, score: 53, reasons: [cat13, ig, ugc] },
    ],
    [
      'ugc accepts unknown followers',
      withTarget({ tiers: ['ugc'] }),
      creator({ instagramFollowers: null }),
      { eligible: true, score: 53, reasons: [cat13, ig, ugc] },
    ],
    [
      'ugc still needs a handle',
      withTarget({ tiers: ['ugc'] }),
      creator({ instagramHandle: null }),
      { eligible: false, score: 43, reasons: [cat13, ugc] },
    ],
    [
      'nano before ugc',
      withTarget({ tiers: ['nano', 'ugc'] }),
      creator(),
      { eligible: true, score: 53, reasons: [cat13, ig, nano] },
    ],
    [
      'ugc when the tier differs',
      withTarget({ tiers: ['micro', 'ugc'] }),
      creator(),
      { eligible: true, score: 53, reasons: [cat13, ig, ugc] },
    ],
    [
      'no tiers wanted',
      withTarget({ tiers: [] }),
      creator({ instagramFollowers: 250_000 }),
      { eligible: true, score: 53, reasons: [cat13, ig] },
    ],
    [
      'no categories wanted',
      withTarget({ categories: [] }),
      creator({ categories: [] }),
      { eligible: true, score: 80, reasons: [ig, nano] },
    ],
    [
      'duplicate categories count once',
      withTarget({ categories: ['beauty', 'beauty'] }),
      creator(),
      { eligible: true, score: 80, reasons: [{ code: 'categories', matched: 1, total: 1 }, ig, nano] },
    ],
    [
      'the only platform covered',
      withTarget({ platforms: ['instagram'] }),
      creator(),
      { eligible: true, score: 63, reasons: [cat13, ig, nano] },
    ],
    [
      'duplicate platforms count once',
      withTarget({ platforms: ['instagram', 'instagram'] }),
      creator(),
      { eligible: true, score: 63, reasons: [cat13, ig, nano] },
    ],
    [
      'no platforms wanted means any',
      withTarget({ platforms: [] }),
      creator(),
      { eligible: true, score: 53, reasons: [cat13, ig, nano] },
    ],
    [
      'the wrong platform',
      withTarget({ platforms: ['tiktok'] }),
      creator(),
      { eligible: false, score: 23, reasons: [cat13] },
    ],
  ])('%s', (_name, campaign, candidate, expected) => {
    expect(scoreCreator(campaign, candidate)).toEqual(expected);
  });

  it.each<[string, CampaignTarget, CreatorCandidate['audience'], number, MatchScore['reasons']]>([
    [
      'country and age known',
      target,
      { countries: { SE: 0.5, US: 0.3 }, ageGroups: { '18-24': 0.3, '25-34': 0.1 } },
      51,
      [
        { code: 'audience_country', country: 'SE', share: 0.5 },
        { code: 'audience_age', ageGroup: '18-24', share: 0.3 },
      ],
    ],
    [
      'a lowercase country, age unknown',
      target,
      { countries: { se: 0.5 } },
      53,
      [{ code: 'audience_country', country: 'SE', share: 0.5 }],
    ],
    [
      'the best of the wanted countries',
      target,
      { countries: { SE: 0.2, NO: 0.6 } },
      54,
      [{ code: 'audience_country', country: 'NO', share: 0.6 }],
    ],
    [
      'the best of the wanted age groups',
      target,
      { ageGroups: { '18-24': 0.2, '25-34': 0.45 } },
      53,
      [{ code: 'audience_age', ageGroup: '25-34', share: 0.45 }],
    ],
    ['known but none wanted', target, { countries: { US: 0.9 }, ageGroups: { '45-54': 1 } }, 43, []],
    ['empty shares are unknown', target, { countries: {}, ageGroups: {} }, 53, []],
    [
      'shares are clamped to 0..1',
      target,
      { countries: { SE: 1.7, NO: -1 } },
      58,
      [{ code: 'audience_country', country: 'SE', share: 1 }],
    ],
    ['a non-number share counts as 0', target, { countries: { SE: Number.NaN } }, 48, []],
    [
      'no audience wanted',
      withTarget({ audienceCountries: [], audienceAgeGroups: [] }),
      { countries: { US: 1 }, ageGroups: { '65+': 1 } },
      63,
      [],
    ],
  ])('audience: %s', (_name, campaign, audience, score, audienceReasons) => {
    expect(scoreCreator(campaign, creator({ audience }))).toEqual({
      eligible: true,
      score,
      reasons: [cat13, ig, nano, ...audienceReasons],
    });
  });

  it('gives 100 to a perfect fit', () => {
    const perfect = creator({
      categories: ['beauty', 'fashion', 'lifestyle'],
      tiktokHandle: 't',
      tiktokFollowers: 12_000,
      audience: { countries: { SE: 1 }, ageGroups: { '25-34': 1 } },
    });
    expect(scoreCreator(target, perfect).score).toBe(100);
  });

  it('gives 0 to a creator who fits nothing', () => {
    const misfit = creator({
      categories: [],
      instagramHandle: null,
      audience: { countries: { US: 1 }, ageGroups: { '65+': 1 } },
    });
    expect(scoreCreator(target, misfit)).toEqual({ eligible: false, score: 0, reasons: [] });
  });
});

describe('rankCreators', () => {
  const clearFit = creator({
    creatorId: 'c-anna',
    categories: ['beauty', 'fashion', 'food'],
    instagramHandle: 'anna',
    instagramFollowers: 8_500,
    tiktokHandle: 'anna.tt',
    tiktokFollowers: 45_000,
    audience: { countries: { SE: 0.62, NO: 0.08, US: 0.1 }, ageGroups: { '18-24': 0.41, '25-34': 0.35 } },
  });
  const poorFit = creator({
    creatorId: 'c-bo',
    categories: ['lifestyle', 'gaming'],
    instagramHandle: 'bo',
    instagramFollowers: 2_000,
  });
  const ineligible = [
    creator({ creatorId: 'c-no-handle', instagramHandle: null, tiktokHandle: null }),
    creator({ creatorId: 'c-no-category', categories: ['gaming', 'tech'] }),
    creator({ creatorId: 'c-too-big', instagramFollowers: 250_000 }),
    creator({ creatorId: 'c-too-small', instagramFollowers: 500 }),
  ];

  it('puts a clear fit above a poor one, explains both and leaves out the ineligible', () => {
    expect(rankCreators(target, [poorFit, ...ineligible, clearFit], 10)).toEqual([
      {
        creatorId: 'c-anna',
        score: 77,
        reasons: [
          { code: 'categories', matched: 2, total: 3 },
          { code: 'platform', platforms: ['instagram', 'tiktok'] },
          { code: 'tier', tier: 'micro' },
          { code: 'audience_country', country: 'SE', share: 0.62 },
          { code: 'audience_age', ageGroup: '18-24', share: 0.41 },
        ],
      },
      {
        creatorId: 'c-bo',
        score: 53,
        reasons: [
          { code: 'categories', matched: 1, total: 3 },
          { code: 'platform', platforms: ['instagram'] },
          { code: 'tier', tier: 'nano' },
        ],
      },
    ]);
  });

  it('lets ugc campaigns include a 500-follower creator', () => {
    const ranked = rankCreators(withTarget({ tiers: ['ugc'] }), ineligible, 10);
    expect(ranked.map((r) => r.creatorId)).toEqual(['c-too-big', 'c-too-small']);
  });

  // All score 53; c-d's TikTok followers do not count because it has no TikTok handle.
  const ties = [
    creator({ creatorId: 'c-d', instagramFollowers: 2_000, tiktokFollowers: 900_000 }),
    creator({ creatorId: 'c-c', instagramFollowers: 2_000 }),
    creator({ creatorId: 'c-b', instagramFollowers: 9_000 }),
    creator({ creatorId: 'c-a', instagramFollowers: 9_000 }),
  ];

  it.each([
    [10, ['c-a', 'c-b', 'c-c', 'c-d']],
    [Number.POSITIVE_INFINITY, ['c-a', 'c-b', 'c-c', 'c-d']],
    [4, ['c-a', 'c-b', 'c-c', 'c-d']],
    [2, ['c-a', 'c-b']],
    [2.9, ['c-a', 'c-b']],
    [1, ['c-a']],
    [0, []],
    [-1, []],
    [Number.NaN, []],
  ])('breaks ties by followers then id, limit %s', (limit, ids) => {
    expect(rankCreators(target, ties, limit).map((r) => r.creatorId)).toEqual(ids);
  });

  it('among equal scores ranks by the delivery score brands gave (unrated = 3 of 5) before followers, and says so', () => {
    const rated = [
      creator({ creatorId: 'c-late', instagramFollowers: 9_500, delivery: 2.5 }),
      creator({ creatorId: 'c-new', instagramFollowers: 9_000 }),
      creator({ creatorId: 'c-punctual', instagramFollowers: 1_500, delivery: 4.8 }),
    ];
    const ranked = rankCreators(target, rated, 10);
    expect(ranked.map((r) => [r.creatorId, r.score])).toEqual([
      ['c-punctual', 53],
      ['c-new', 53],
      ['c-late', 53],
    ]);
    expect(ranked[0]?.reasons).toContainEqual({ code: 'delivery', average: 4.8 });
    expect(ranked[1]?.reasons.some((reason) => reason.code === 'delivery')).toBe(false);
  });

  it('among equal scores ranks creators verified on a campaign platform first, before delivery, and says so', () => {
    const candidates = [
      creator({ creatorId: 'c-punctual', instagramFollowers: 9_500, delivery: 5 }),
      creator({ creatorId: 'c-verified', instagramFollowers: 1_500, verifiedPlatforms: ['instagram'] }),
      // Verified only where the campaign does not look: no head start, no reason.
      creator({
        creatorId: 'c-verified-elsewhere',
        instagramFollowers: 9_000,
        tiktokHandle: 'elsewhere',
        tiktokFollowers: 2_000,
        verifiedPlatforms: ['tiktok'],
      }),
      // Verified, but a worse fit: the score still comes first.
      creator({ creatorId: 'c-verified-weak', audience: { countries: { DK: 1 } }, verifiedPlatforms: ['instagram'] }),
    ];
    const instagramOnly = withTarget({ platforms: ['instagram'], categories: ['beauty', 'food'] });

    const ranked = rankCreators(instagramOnly, candidates, 10);

    expect(ranked.map((r) => [r.creatorId, r.score])).toEqual([
      ['c-verified', 70],
      ['c-punctual', 70],
      ['c-verified-elsewhere', 70],
      ['c-verified-weak', 65],
    ]);
    expect(ranked[0]?.reasons).toContainEqual({ code: 'verified', platforms: ['instagram'] });
    expect(ranked.slice(1, 3).flatMap((r) => r.reasons.filter((reason) => reason.code === 'verified'))).toEqual([]);
    expect(scoreCreator(target, candidates[2] as CreatorCandidate).reasons).toContainEqual({
      code: 'verified',
      platforms: ['tiktok'],
    });
  });

  it('does not reorder its input', () => {
    const input = [...ties];
    rankCreators(target, input, 10);
    expect(input.map((c) => c.creatorId)).toEqual(['c-d', 'c-c', 'c-b', 'c-a']);
  });

  it('returns nothing for no candidates', () => {
    expect(rankCreators(target, [], 10)).toEqual([]);
  });
});
