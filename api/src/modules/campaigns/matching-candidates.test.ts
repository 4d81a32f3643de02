import { creatorProfiles } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  type CampaignTarget,
  type CreatorCandidate,
  type MatchPlatform,
  type MatchTier,
  scoreCreator,
} from '../../lib/matching.ts';
import { candidatesFor } from './publishing.service.ts';

/*
 * Publishing asks the database only for the creators who can be eligible (issue 21: 100,000
 * creators). That pre-selection must never leave out a creator matching would invite: for every
 * kind of target, it keeps exactly the creators `scoreCreator` calls eligible.
 */
let t: TestApp;
const everyone: CreatorCandidate[] = [];

const HANDLES = [null, '', '   ', 'cleo.creates'];
const FOLLOWERS = [null, 999, 1_000, 10_000, 10_001, 100_000, 100_001];
const CATEGORIES = [[], ['food'], ['travel', 'fitness'], ['food', 'travel']];

beforeAll(async () => {
  t = await createTestApp();
  let n = 0;
  for (const instagramHandle of HANDLES)
    for (const tiktokHandle of HANDLES)
      for (const [index, instagramFollowers] of FOLLOWERS.entries()) {
        const tiktokFollowers = FOLLOWERS[(index + n) % FOLLOWERS.length] ?? null;
        const categories = CATEGORIES[n % CATEGORIES.length] ?? [];
        n++;
        const user = await createUser(t.db, { role: 'creator' });
        const profile = { instagramHandle, instagramFollowers, tiktokHandle, tiktokFollowers, categories };
        await t.db.update(creatorProfiles).set(profile).where(eq(creatorProfiles.userId, user.id));
        everyone.push({ creatorId: user.id, ...profile });
      }
  // Never candidates, whatever they have: unverified e-mail, suspended.
  const unverified = await createUser(t.db, { role: 'creator', verified: false });
  await t.db
    .update(creatorProfiles)
    .set({ instagramHandle: 'x', instagramFollowers: 5_000, categories: ['food'] })
    .where(eq(creatorProfiles.userId, unverified.id));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const PLATFORMS: MatchPlatform[][] = [[], ['instagram'], ['tiktok'], ['instagram', 'tiktok']];
const TIERS: MatchTier[][] = [[], ['nano'], ['micro'], ['nano', 'micro'], ['ugc'], ['nano', 'ugc']];
const WANTED: string[][] = [[], ['food'], ['fitness', 'food']];

describe('the creators publishing asks the database for', () => {
  it('include every creator matching finds eligible, for every kind of target', async () => {
    let checked = 0;
    for (const platforms of PLATFORMS)
      for (const tiers of TIERS)
        for (const categories of WANTED) {
          const target: CampaignTarget = { platforms, tiers, categories, audienceCountries: [], audienceAgeGroups: [] };
          const eligible = (list: CreatorCandidate[]) =>
            list
              .filter((candidate) => scoreCreator(target, candidate).eligible)
              .map((candidate) => candidate.creatorId)
              .sort();
          const fromDatabase = await candidatesFor(t.db, target);
          // Exactly those: nobody matching would invite is left out, nobody who cannot fit is sent.
          expect(fromDatabase.map((candidate) => candidate.creatorId).sort(), JSON.stringify(target)).toEqual(
            eligible(everyone),
          );
          checked++;
        }
    expect(checked).toBe(72);
  }, 120_000);
});
