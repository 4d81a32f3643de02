/**
 * Where a verified identity is required (ADR 026): withdrawals from `IDENTITY_REQUIRED_FROM` on (a
 * typed personal number is enough until then), and claims on campaigns whose brand asks for it.
 */
import type { Database } from '@kollab/db';
import { campaigns, invitations } from '@kollab/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { identityRequiredOn, requireVerifiedIdentity } from './identity.service.ts';

export async function requireIdentityForWithdrawal(db: Database, env: Env, creatorId: string, now = new Date()) {
  if (identityRequiredOn(env, now)) await requireVerifiedIdentity(db, creatorId);
}

export async function requireIdentityForCampaign(
  db: Database,
  creatorId: string,
  campaign: { requireVerifiedCreators: boolean },
) {
  if (campaign.requireVerifiedCreators) await requireVerifiedIdentity(db, creatorId);
}

/** Accepting an invitation claims its campaign: the same rule. An unknown invitation is left to the claims module. */
export async function requireIdentityForInvitation(db: Database, creatorId: string, invitationId: string) {
  const [row] = await db
    .select({ requireVerifiedCreators: campaigns.requireVerifiedCreators })
    .from(invitations)
    .innerJoin(campaigns, eq(campaigns.id, invitations.campaignId))
    .where(and(eq(invitations.id, invitationId), eq(invitations.creatorId, creatorId)));
  if (row) await requireIdentityForCampaign(db, creatorId, row);
}
