/**
 * Ranks creators for a campaign's target group and explains each match with plain data the UI translates.
 * Score (0–100): categories 40, platforms 20, tier 20, audience 20 (country 10 + age group 10).
 * Among equal scores, creators with a verified account (ADR 032: a code in the bio, checked at the
 * provider) on one of the campaign's platforms come first, then those whom brands rated as
 * delivering on time (unrated count as a neutral 3 of 5, so a poor record ranks below none), then
 * those with more followers. Verification orders ties rather than adding points: the score says
 * how well the creator fits the target group, which a proven handle does not change, but among
 * equally good fits a brand should meet the ones who proved who they are first. The `verified`
 * reason tells the brand so.
 */

export type MatchPlatform = 'instagram' | 'tiktok';
export type MatchTier = 'nano' | 'micro' | 'ugc';

export type CampaignTarget = {
  categories: string[];
  /** Empty: any platform. */
  platforms: MatchPlatform[];
  /** Empty: any tier. 'ugc' accepts any creator regardless of followers. */
  tiers: MatchTier[];
  /** ISO 3166-1 alpha-2 codes. */
  audienceCountries: string[];
  /** '18-24' etc. */
  audienceAgeGroups: string[];
};

export type CreatorCandidate = {
  creatorId: string;
  categories: string[];
  instagramFollowers: number | null;
  tiktokFollowers: number | null;
  instagramHandle: string | null;
  tiktokHandle: string | null;
  /** Audience shares 0..1 by country code and by age group, when known. */
  audience?: { countries?: Record<string, number>; ageGroups?: Record<string, number> };
  /** The visible average "delivery on time" score brands gave (1–5), when rated. */
  delivery?: number | null;
  /** Platforms on which the creator proved owning the linked account (ADR 032). */
  verifiedPlatforms?: MatchPlatform[];
};

export type MatchReason =
  | { code: 'categories'; matched: number; total: number }
  | { code: 'platform'; platforms: MatchPlatform[] }
  | { code: 'tier'; tier: MatchTier }
  | { code: 'audience_country'; country: string; share: number }
  | { code: 'audience_age'; ageGroup: string; share: number }
  | { code: 'delivery'; average: number }
  | { code: 'verified'; platforms: MatchPlatform[] };

export type MatchScore = { eligible: boolean; score: number; reasons: MatchReason[] };
export type RankedCreator = { creatorId: string; score: number; reasons: MatchReason[] };

/** Where an unrated creator stands among rated ones when scores tie. */
const NEUTRAL_DELIVERY = 3;

const ALL_PLATFORMS: readonly MatchPlatform[] = ['instagram', 'tiktok'];

/** Followers of each sized tier, both ends included (UGC creators come in any size). */
export const TIER_FOLLOWERS = { nano: [1_000, 10_000], micro: [10_001, 100_000] } as const;

/** 'nano' for 1,000–10,000 followers, 'micro' for 10,001–100,000, otherwise null. */
export function tierFor(followers: number | null): 'nano' | 'micro' | null {
  if (followers === null) return null;
  for (const tier of ['nano', 'micro'] as const) {
    const [min, max] = TIER_FOLLOWERS[tier];
    if (followers >= min && followers <= max) return tier;
  }
  return null;
}

function handleOn(candidate: CreatorCandidate, platform: MatchPlatform): string | null {
  const handle = platform === 'instagram' ? candidate.instagramHandle : candidate.tiktokHandle;
  return handle === null || handle.trim() === '' ? null : handle;
}

function followersOn(candidate: CreatorCandidate, platform: MatchPlatform): number | null {
  return platform === 'instagram' ? candidate.instagramFollowers : candidate.tiktokFollowers;
}

/** The campaign's platforms (all when none are listed), without duplicates. */
export function targetPlatforms(target: CampaignTarget): MatchPlatform[] {
  return target.platforms.length === 0 ? [...ALL_PLATFORMS] : ALL_PLATFORMS.filter((p) => target.platforms.includes(p));
}

/** The campaign's platforms on which the creator has a handle. */
function coveredPlatforms(target: CampaignTarget, candidate: CreatorCandidate): MatchPlatform[] {
  return targetPlatforms(target).filter((platform) => handleOn(candidate, platform) !== null);
}

/** The matching tier (on the covered platform with the most followers; 'ugc' as fallback), or null. */
function matchedTier(target: CampaignTarget, candidate: CreatorCandidate, covered: MatchPlatform[]): MatchTier | null {
  let best: { tier: MatchTier; followers: number } | null = null;
  for (const platform of covered) {
    const followers = followersOn(candidate, platform);
    const tier = tierFor(followers);
    if (tier !== null && followers !== null && target.tiers.includes(tier) && (!best || followers > best.followers)) {
      best = { tier, followers };
    }
  }
  if (best) return best.tier;
  return target.tiers.includes('ugc') ? 'ugc' : null;
}

/**
 * Audience points (0–10) for one dimension: full when the campaign wants nothing, 5 (neutral) when the
 * creator's shares are unknown, else 10 × the best share (clamped to 0..1) among the wanted keys.
 */
function audiencePart(
  wanted: string[],
  shares: Record<string, number> | undefined,
  normalise: (key: string) => string,
): { points: number; best: { key: string; share: number } | null } {
  if (wanted.length === 0) return { points: 10, best: null };
  if (!shares || Object.keys(shares).length === 0) return { points: 5, best: null };
  const byKey = new Map(Object.entries(shares).map(([key, share]) => [normalise(key.trim()), share] as const));
  let best: { key: string; share: number } | null = null;
  for (const key of wanted.map((k) => normalise(k.trim()))) {
    const raw = byKey.get(key) ?? 0;
    const share = Number.isFinite(raw) ? Math.min(1, Math.max(0, raw)) : 0;
    if (share > 0 && (!best || share > best.share)) best = { key, share };
  }
  return { points: 10 * (best?.share ?? 0), best };
}

/** Whether the creator fits the campaign (eligible), how well (0–100) and why. */
export function scoreCreator(target: CampaignTarget, candidate: CreatorCandidate): MatchScore {
  const reasons: MatchReason[] = [];
  let score = 0;

  const wantedCategories = [...new Set(target.categories)];
  const matched = wantedCategories.filter((category) => candidate.categories.includes(category)).length;
  if (wantedCategories.length === 0) {
    score += 40;
  } else {
    score += (40 * matched) / wantedCategories.length;
    if (matched > 0) reasons.push({ code: 'categories', matched, total: wantedCategories.length });
  }

  const covered = coveredPlatforms(target, candidate);
  score += (20 * covered.length) / targetPlatforms(target).length;
  if (covered.length > 0) reasons.push({ code: 'platform', platforms: covered });

  const tier = target.tiers.length === 0 ? null : matchedTier(target, candidate, covered);
  if (target.tiers.length === 0 || tier !== null) score += 20;
  if (tier !== null) reasons.push({ code: 'tier', tier });

  const country = audiencePart(target.audienceCountries, candidate.audience?.countries, (key) => key.toUpperCase());
  score += country.points;
  if (country.best) reasons.push({ code: 'audience_country', country: country.best.key, share: country.best.share });
  const age = audiencePart(target.audienceAgeGroups, candidate.audience?.ageGroups, (key) => key);
  score += age.points;
  if (age.best) reasons.push({ code: 'audience_age', ageGroup: age.best.key, share: age.best.share });

  if (candidate.delivery !== undefined && candidate.delivery !== null) {
    reasons.push({ code: 'delivery', average: candidate.delivery });
  }
  const verified = verifiedOn(candidate, covered);
  if (verified.length > 0) reasons.push({ code: 'verified', platforms: verified });

  const eligible =
    covered.length > 0 &&
    (wantedCategories.length === 0 || matched > 0) &&
    (target.tiers.length === 0 || tier !== null);
  return { eligible, score: Math.min(100, Math.max(0, Math.round(score))), reasons };
}

/** The campaign's platforms on which the creator has a handle and verified it. */
function verifiedOn(candidate: CreatorCandidate, covered: MatchPlatform[]): MatchPlatform[] {
  return covered.filter((platform) => candidate.verifiedPlatforms?.includes(platform));
}

/** Followers on the campaign's platforms where the creator has a handle (for breaking ties). */
function reach(target: CampaignTarget, candidate: CreatorCandidate): number {
  return coveredPlatforms(target, candidate).reduce((sum, p) => sum + Math.max(0, followersOn(candidate, p) ?? 0), 0);
}

/** The eligible creators, best first (ties: verified, delivery, more followers, then creatorId), at most `limit`. */
export function rankCreators(target: CampaignTarget, candidates: CreatorCandidate[], limit: number): RankedCreator[] {
  const max = Number.isNaN(limit) ? 0 : Math.max(0, Math.floor(limit));
  const scored = candidates
    .map((candidate) => ({
      candidate,
      result: scoreCreator(target, candidate),
      reach: reach(target, candidate),
      verified: verifiedOn(candidate, coveredPlatforms(target, candidate)).length > 0 ? 1 : 0,
    }))
    .filter((entry) => entry.result.eligible);
  scored.sort(
    (a, b) =>
      b.result.score - a.result.score ||
      b.verified - a.verified ||
      (b.candidate.delivery ?? NEUTRAL_DELIVERY) - (a.candidate.delivery ?? NEUTRAL_DELIVERY) ||
      b.reach - a.reach ||
      (a.candidate.creatorId < b.candidate.creatorId ? -1 : a.candidate.creatorId > b.candidate.creatorId ? 1 : 0),
  );
  return scored
    .slice(0, max)
    .map(({ candidate, result }) => ({ creatorId: candidate.creatorId, score: result.score, reasons: result.reasons }));
}
