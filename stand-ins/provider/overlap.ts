/** `POST /{platform}/reports/audience/overlap` (CONTRACT.md §4). */
import { z } from 'zod';
import type { Platform } from './constants.ts';
import type { SampleDataset } from './dataset.ts';
import { invalidParams, ProviderError } from './errors.ts';
import { requireProfile, round4 } from './reports-common.ts';
import { audienceSimilarity } from './similarity.ts';

const overlapBody = z.strictObject({
  influencers: z.array(z.string().min(1)).min(2).max(10),
  access_token: z.string().optional(),
});

/**
 * Audience overlap. The share of A's followers who also follow B is
 * `similarity(A, B)² × 0.5 × min(1, √(followers B / followers A))`; a creator's overlapping share is
 * the chance of following at least one of the others, and a follower counted in two lists counts
 * once towards `totalUniqueFollowers`.
 */
export function buildOverlap(dataset: SampleDataset, platform: Platform, body: unknown) {
  const parsed = overlapBody.safeParse(body);
  if (!parsed.success) throw invalidParams(parsed.error);
  const profiles = parsed.data.influencers.map((key) => requireProfile(dataset, platform, key));
  if (new Set(profiles).size !== profiles.length)
    throw new ProviderError(400, 'invalid_body_params', 'influencers: each creator may appear only once.');
  const data = profiles.map((a) => {
    let none = 1;
    for (const b of profiles) {
      if (a === b) continue;
      const share = audienceSimilarity(a, b) ** 2 * 0.5 * Math.min(1, Math.sqrt(b.followers / a.followers));
      none *= 1 - Math.min(0.6, share);
    }
    const overlappingPercentage = round4(1 - none);
    return {
      userId: a.userId,
      username: a.username,
      followers: a.followers,
      uniquePercentage: round4(1 - overlappingPercentage),
      overlappingPercentage,
    };
  });
  const totalFollowers = data.reduce((sum, entry) => sum + entry.followers, 0);
  const totalUniqueFollowers = Math.round(
    data.reduce((sum, entry) => sum + entry.followers * (entry.uniquePercentage + entry.overlappingPercentage / 2), 0),
  );
  return { error: false as const, reportInfo: { totalFollowers, totalUniqueFollowers }, data };
}
