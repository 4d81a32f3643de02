import type { Database } from '@kollab/db';
import { creatorProfiles, invitations, type User, users } from '@kollab/db/schema';
import { desc, eq, sql } from 'drizzle-orm';
import { avatarUrl } from '../auth/session-view.ts';
import { getOwnCampaign } from './campaigns.service.ts';

/**
 * The creators a published campaign invited, best match first (equal scores: verified accounts
 * first, as matching ranked them; ADR 032), with the reasons for each.
 */
export async function listMatches(db: Database, actor: User, campaignId: string) {
  await getOwnCampaign(db, actor, campaignId);
  const rows = await db
    .select({ invitation: invitations, user: users, profile: creatorProfiles })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.creatorId))
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, invitations.creatorId))
    .where(eq(invitations.campaignId, campaignId))
    .orderBy(
      desc(invitations.score),
      desc(sql`${invitations.reasons} @> '[{"code":"verified"}]'::jsonb`),
      invitations.id,
    );
  return rows.map(({ invitation, user, profile }) => ({
    invitationId: invitation.id,
    creator: {
      id: user.id,
      name: user.fullName,
      image: avatarUrl(user),
      instagramHandle: profile?.instagramHandle ?? null,
      instagramFollowers: profile?.instagramFollowers ?? null,
      tiktokHandle: profile?.tiktokHandle ?? null,
      tiktokFollowers: profile?.tiktokFollowers ?? null,
    },
    score: invitation.score,
    reasons: invitation.reasons as Record<string, unknown>[],
    status: invitation.status,
    respondBy: invitation.respondBy.toISOString(),
  }));
}
