import type { Database } from '@kollab/db';
import type { Campaign } from '@kollab/db/schema';
import type { Env } from '../../env.ts';
import { fundCampaignInFull } from './funding.ts';
import { feeBasisPoints } from './pricing.ts';

/** The demo seed's funding of its live campaigns: paid in full by invoice, as a bank file would settle it. */
export function seedFunding(env: Pick<Env, 'PLATFORM_FEE_PERCENT'>) {
  return (tx: Database, campaign: Campaign) =>
    fundCampaignInFull(tx, campaign, {
      feeBasisPoints: feeBasisPoints(env),
      source: 'demo_seed',
      reference: `demo-seed:${campaign.id}`,
    });
}
