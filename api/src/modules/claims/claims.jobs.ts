import { campaigns, claims, submissions, trackedPosts } from '@kollab/db/schema';
import { and, eq, isNull, lt, notExists, or } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';
import { AppError } from '../../lib/errors.ts';
import { transitionClaim } from './claims.service.ts';

/** Pending claims on campaigns that have ended expire (the slot is given back). */
export const expireStaleClaims = defineJob({
  name: 'claimsExpired',
  async run(deps, now) {
    const stale = await deps.db
      .select({ id: claims.id })
      .from(claims)
      .innerJoin(campaigns, eq(campaigns.id, claims.campaignId))
      .where(and(eq(claims.status, 'pending'), lt(campaigns.endsAt, now)));
    let expired = 0;
    for (const claim of stale) if (await quietly(() => transitionClaim(deps, 'system', claim.id, 'expired'))) expired++;
    return expired;
  },
});

/**
 * Submissions the brand left unreviewed past `autoAcceptAt` are accepted for them — unless the
 * post's caption failed the ad-label check or the post is gone (ADR 030/033): then the brand or
 * an admin decides.
 */
export const autoAcceptDueSubmissions = defineJob({
  name: 'claimsAutoAccepted',
  async run(deps, now) {
    const due = await deps.db
      .select({ id: claims.id })
      .from(claims)
      .where(
        and(
          eq(claims.status, 'submitted'),
          lt(claims.autoAcceptAt, now),
          notExists(
            deps.db
              .select({ id: trackedPosts.id })
              .from(trackedPosts)
              .innerJoin(submissions, eq(submissions.id, trackedPosts.submissionId))
              .where(
                and(
                  eq(trackedPosts.claimId, claims.id),
                  or(eq(trackedPosts.adLabelOk, false), eq(trackedPosts.status, 'disappeared')),
                  isNull(submissions.reviewedAt),
                ),
              ),
          ),
        ),
      );
    let accepted = 0;
    for (const claim of due) if (await quietly(() => transitionClaim(deps, 'system', claim.id, 'accepted'))) accepted++;
    return accepted;
  },
});

/** Another instance may have moved the claim first: a state conflict is not an error here. */
async function quietly(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') return false;
    throw error;
  }
}
