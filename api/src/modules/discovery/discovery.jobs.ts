import { invitations } from '@kollab/db/schema';
import { and, eq, lt } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';
import { purgeExpiredCache } from './cache.ts';

/** Invitations nobody answered by their respond-by date expire. */
export const expireOverdueInvitations = defineJob({
  name: 'invitationsExpired',
  async run({ db }, now) {
    const expired = await db
      .update(invitations)
      .set({ status: 'expired' })
      .where(and(eq(invitations.status, 'pending'), lt(invitations.respondBy, now)))
      .returning({ id: invitations.id });
    return expired.length;
  },
});

/** Provider answers past their time to live are dropped from the cache. */
export const purgeProviderCache = defineJob({
  name: 'providerCachePurged',
  run: ({ db }, now) => purgeExpiredCache(db, now),
});
