// The results page of one campaign with RESULT_POSTS accepted posts and READINGS_PER_POST readings
// each (issue 18): seeded into the bench database for `npm run bench`'s "campaign results" row.
import type { DatabaseHandle } from '@kollab/db';
import { campaigns, claims, postReadings, submissions, trackedPosts, users } from '@kollab/db/schema';
import type { Seeded } from './seed.ts';

export const RESULT_POSTS = 50;
export const READINGS_PER_POST = 30;
const HOUR_MS = 60 * 60 * 1000;

/** Seeds the campaign and returns the path of its results. */
export async function seedResults(db: DatabaseHandle['db'], seeded: Seeded): Promise<string> {
  const start = Date.now() - 40 * 24 * HOUR_MS;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      brandId: seeded.brandId,
      title: 'Resultatkampanj',
      description: 'Benchmark campaign with tracked posts',
      objectives: ['awareness'],
      categories: ['food'],
      platforms: ['instagram'],
      creatorTiers: ['nano'],
      hashtags: ['bench'],
      budgetOre: RESULT_POSTS * 150_000,
      payoutOre: 150_000,
      slots: RESULT_POSTS,
      slotsTaken: RESULT_POSTS,
      startsAt: new Date(start),
      endsAt: new Date(start + 60 * 24 * HOUR_MS),
      status: 'published',
    })
    .returning();
  if (!campaign) throw new Error('results campaign not created');
  const creators = await db
    .insert(users)
    .values(
      Array.from({ length: RESULT_POSTS }, (_, n) => ({
        email: `bench-results-${n}@example.se`,
        role: 'creator' as const,
        fullName: `Resultat Kreatör ${n}`,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const claimRows = await db
    .insert(claims)
    .values(
      creators.map((creator) => ({
        campaignId: campaign.id,
        creatorId: creator.id,
        status: 'accepted' as const,
        payoutOre: campaign.payoutOre,
        guidelinesConfirmedAt: new Date(start),
        acceptedAt: new Date(start + 24 * HOUR_MS),
      })),
    )
    .returning({ id: claims.id, creatorId: claims.creatorId });
  const submissionRows = await db
    .insert(submissions)
    .values(
      claimRows.map((claim, n) => ({
        claimId: claim.id,
        url: `https://www.instagram.com/reel/Bench${String(n).padStart(6, '0')}/`,
        platform: 'instagram',
        kind: 'reel',
        adLabelConfirmed: new Date(start),
        reviewedAt: new Date(start + 24 * HOUR_MS),
      })),
    )
    .returning({ id: submissions.id, claimId: submissions.claimId, url: submissions.url });
  const posts = await db
    .insert(trackedPosts)
    .values(
      submissionRows.map((submission, n) => ({
        submissionId: submission.id,
        claimId: submission.claimId,
        campaignId: campaign.id,
        creatorId: claimRows[n]?.creatorId ?? '',
        brandId: seeded.brandId,
        platform: 'instagram' as const,
        url: submission.url,
        status: 'finished' as const,
        postedAt: new Date(start),
        caption: 'Reklam för Bench. #bench',
        adLabelOk: n % 10 !== 0,
        adLabel: { ok: n % 10 !== 0, problems: n % 10 === 0 ? [{ code: 'no_label' }] : [] },
        adLabelCheckedAt: new Date(start),
      })),
    )
    .returning({ id: trackedPosts.id });
  // Thirty readings a post (the benchmark's shape; a real post has five), 1,500 rows in all.
  const milestones = ['check', '1h', '24h', '7d', '30d'] as const;
  await db.insert(postReadings).values(
    posts.flatMap((post, n) =>
      Array.from({ length: READINGS_PER_POST }, (_, r) => {
        const views = Math.round((1000 + n * 37) * (1 - Math.exp(-r / 8)));
        return {
          trackedPostId: post.id,
          // Only the five milestones are unique per post; the rest stand in as extra points.
          milestone: (r < milestones.length ? milestones[r] : `${r}x`) as (typeof milestones)[number],
          readAt: new Date(start + r * 12 * HOUR_MS),
          views,
          likes: Math.round(views * 0.06),
          comments: Math.round(views * 0.004),
          shares: null,
          typicalViews: 900 + n,
          brandId: seeded.brandId,
        };
      }),
    ),
  );
  return `/api/campaigns/${campaign.id}/results`;
}
