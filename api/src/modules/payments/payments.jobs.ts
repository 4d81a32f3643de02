import { campaignFunding, campaigns } from '@kollab/db/schema';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { defineJob } from '../../jobs/job.ts';
import { closeCampaignEscrow } from './escrow-lifecycle.ts';

/** Funded campaigns that have ended (or were cancelled) give what is left in escrow back to the brand as credit. */
export const closeEndedCampaignEscrows = defineJob({
  name: 'escrowsClosed',
  async run(deps, now) {
    const due = await deps.db
      .select({ id: campaigns.id, brandId: campaigns.brandId })
      .from(campaignFunding)
      .innerJoin(campaigns, eq(campaigns.id, campaignFunding.campaignId))
      .where(and(isNull(campaignFunding.closedAt), or(lte(campaigns.endsAt, now), eq(campaigns.status, 'cancelled'))))
      .limit(500);
    let closed = 0;
    for (const campaign of due) {
      if ((await deps.db.transaction((tx) => closeCampaignEscrow(tx, campaign))) !== null) closed += 1;
    }
    return closed;
  },
});
