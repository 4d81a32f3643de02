import {
  type CampaignView,
  type CreateCampaignBody,
  campaignRuleIssues,
  type UpdateCampaignBody,
} from '@kollab/contract/api/campaigns';
import type { Database } from '@kollab/db';
import { type Campaign, campaigns, claims, type User } from '@kollab/db/schema';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { toCampaignViews } from './campaign-view.ts';

const MONEY_TERMS = ['budgetOre', 'payoutOre', 'slots'] as const;

/** Who may see which campaigns: brands their own, admins all, creators published ones and ones they claimed. */
function visibility(actor: User): SQL | undefined {
  if (actor.role === 'admin') return undefined;
  if (actor.role === 'brand') return eq(campaigns.brandId, actor.id);
  return sql`(${campaigns.status} = 'published' or exists (select 1 from ${claims} where ${claims.campaignId} = ${campaigns.id} and ${claims.creatorId} = ${actor.id}))`;
}

/**
 * A campaign the actor may see.
 * @throws not_found otherwise (ADR 004)
 */
export async function getVisibleCampaign(db: Database, actor: User, id: string): Promise<Campaign> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), visibility(actor)));
  if (!row) throw new AppError('not_found', 'Campaign not found');
  return row;
}

/**
 * A campaign the actor may change: the owning brand, or an admin.
 * @throws not_found for anyone else
 */
export async function getOwnCampaign(db: Database, actor: User, id: string): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row || (actor.role !== 'admin' && row.brandId !== actor.id))
    throw new AppError('not_found', 'Campaign not found');
  return row;
}

export async function getCampaignView(db: Database, actor: User, id: string): Promise<CampaignView> {
  const [view] = await toCampaignViews(db, actor, [await getVisibleCampaign(db, actor, id)]);
  if (!view) throw new AppError('not_found', 'Campaign not found');
  return view;
}

export async function createCampaign(db: Database, brand: User, input: CreateCampaignBody): Promise<CampaignView> {
  const [row] = await db
    .insert(campaigns)
    .values({
      ...input,
      brandId: brand.id,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      usageMonths: input.usageRights === 'paid_ads' ? (input.usageMonths ?? null) : null,
    })
    .returning();
  if (!row) throw new Error('campaign insert returned nothing');
  await recordAudit(db, brand, 'campaign.create', { type: 'campaign', id: row.id });
  const [view] = await toCampaignViews(db, brand, [row]);
  if (!view) throw new Error('campaign view missing');
  return view;
}

/**
 * Edits a campaign. Once published, its money terms (budget, payout, slots) are locked; a cancelled
 * campaign cannot change. The merged result must still satisfy every campaign rule.
 * @throws not_found, conflict (locked terms or cancelled), validation_failed
 */
export async function updateCampaign(
  db: Database,
  actor: User,
  id: string,
  input: UpdateCampaignBody,
): Promise<CampaignView> {
  const current = await getOwnCampaign(db, actor, id);
  if (current.status === 'cancelled') throw new AppError('conflict', 'A cancelled campaign cannot be changed');
  if (current.status !== 'draft') {
    const changed = MONEY_TERMS.filter((key) => input[key] !== undefined && input[key] !== current[key]);
    if (changed.length) throw new AppError('conflict', `Money terms are locked once published: ${changed.join(', ')}`);
  }
  const merged = {
    budgetOre: input.budgetOre ?? current.budgetOre,
    payoutOre: input.payoutOre ?? current.payoutOre,
    slots: input.slots ?? current.slots,
    startsAt: input.startsAt ?? current.startsAt.toISOString(),
    endsAt: input.endsAt ?? current.endsAt.toISOString(),
    usageRights: input.usageRights ?? current.usageRights,
    usageMonths: input.usageMonths === undefined ? current.usageMonths : input.usageMonths,
  };
  const issues = campaignRuleIssues(merged);
  if (Object.keys(issues).length) throw AppError.validation(issues);
  const { startsAt, endsAt, ...rest } = input;
  const [row] = await db
    .update(campaigns)
    .set({
      ...rest,
      ...(startsAt ? { startsAt: new Date(startsAt) } : {}),
      ...(endsAt ? { endsAt: new Date(endsAt) } : {}),
      ...(merged.usageRights === 'organic' ? { usageMonths: null } : {}),
    })
    .where(eq(campaigns.id, id))
    .returning();
  if (!row) throw new AppError('not_found', 'Campaign not found');
  await recordAudit(db, actor, 'campaign.update', { type: 'campaign', id }, { fields: Object.keys(input) });
  const [view] = await toCampaignViews(db, actor, [row]);
  if (!view) throw new Error('campaign view missing');
  return view;
}

/** What a campaign has committed: accepted payouts, and what is left of the budget. */
export async function getCampaignSpend(
  db: Database,
  actor: User,
  id: string,
): Promise<{ budgetOre: number; committedOre: number; remainingOre: number; acceptedClaims: number }> {
  const campaign = await getOwnCampaign(db, actor, id);
  const [row] = await db
    .select({ committed: sql<string | null>`sum(${claims.payoutOre})`, accepted: count() })
    .from(claims)
    .where(and(eq(claims.campaignId, id), eq(claims.status, 'accepted')));
  const committedOre = Number(row?.committed ?? 0);
  return {
    budgetOre: campaign.budgetOre,
    committedOre,
    remainingOre: campaign.budgetOre - committedOre,
    acceptedClaims: row?.accepted ?? 0,
  };
}
