import type { Database } from '@kollab/db';
import { type Campaign, campaignFunding } from '@kollab/db/schema';
import { eq } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { returnEscrow } from '../ledger/escrow.ts';

/** Whether a campaign's funding has arrived (it may then go live). */
export async function isFunded(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaignFunding.campaignId })
    .from(campaignFunding)
    .where(eq(campaignFunding.campaignId, campaignId));
  return Boolean(row);
}

/**
 * Whether the campaign's leftover escrow has gone back to the brand (its escrow is closed). The
 * funding row is share-locked, so a closing under way finishes first and a release that follows
 * sees it (the release then goes to the brand's credit instead of a closed escrow).
 */
export async function isEscrowClosed(tx: Database, campaignId: string): Promise<boolean> {
  const [row] = await tx
    .select({ closedAt: campaignFunding.closedAt })
    .from(campaignFunding)
    .where(eq(campaignFunding.campaignId, campaignId))
    .for('share');
  return Boolean(row?.closedAt);
}

/** Records that a campaign is funded (once; later top-ups keep the first date). */
export async function markFunded(tx: Database, campaignId: string, at = new Date()): Promise<void> {
  await tx.insert(campaignFunding).values({ campaignId, fundedAt: at }).onConflictDoNothing();
}

/**
 * Closes a campaign's escrow when it has ended or was cancelled: what no claim holds goes back to
 * the brand as credit. Claims still holding a slot keep their reservation; if one is released
 * later, its payout goes straight to the brand's credit. Runs once per campaign (the funding row is
 * locked and `closed_at` set in the same transaction). Returns the amount returned, or null when
 * the campaign was never funded or is already closed.
 */
export async function closeCampaignEscrow(
  tx: Database,
  campaign: Pick<Campaign, 'id' | 'brandId'>,
  actor: Actor = 'system',
): Promise<number | null> {
  const [funding] = await tx
    .select()
    .from(campaignFunding)
    .where(eq(campaignFunding.campaignId, campaign.id))
    .for('update');
  if (!funding || funding.closedAt) return null;
  const returned = await returnEscrow(tx, campaign);
  await tx.update(campaignFunding).set({ closedAt: new Date() }).where(eq(campaignFunding.campaignId, campaign.id));
  await recordAudit(
    tx,
    actor,
    'campaign.escrow_closed',
    { type: 'campaign', id: campaign.id },
    { returnedOre: returned },
  );
  return returned;
}
