import type { Database } from '@kollab/db';
import {
  brandProfiles,
  type Campaign,
  type Claim,
  campaignFunding,
  campaigns,
  claims,
  creatorProfiles,
  type Invitation,
  invitations,
  paymentReceipts,
  payments,
  type User,
  users,
} from '@kollab/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { reserveClaimPayout } from '../../src/modules/ledger/escrow.ts';
import { PLATFORM, post } from '../../src/modules/ledger/ledger.service.ts';
import { isFunded } from '../../src/modules/payments/escrow-lifecycle.ts';
import { fundCampaignInFull } from '../../src/modules/payments/funding.ts';

let sequence = 0;

export interface UserOptions {
  role?: User['role'];
  email?: string;
  password?: string;
  fullName?: string;
  verified?: boolean;
  locale?: User['locale'];
  /** Admins: false for one that has not turned two-factor on yet (default: on, without a secret). */
  twoFactor?: boolean;
}

/** Inserts a user (creators get an empty creator profile, as sign-up does). */
export async function createUser(db: Database, options: UserOptions = {}): Promise<User> {
  sequence += 1;
  const role = options.role ?? 'creator';
  const [user] = await db
    .insert(users)
    .values({
      email: options.email ?? `${role}${sequence}-${Date.now()}@example.se`,
      passwordHash: options.password ? await hashPassword(options.password) : null,
      role,
      fullName: options.fullName ?? `Test ${role} ${sequence}`,
      locale: options.locale ?? 'sv',
      emailVerifiedAt: options.verified === false ? null : new Date(),
      // Every working admin has two-factor on (ADR 024); the tests of turning it on pass false.
      twoFactorEnabledAt: role === 'admin' && options.twoFactor !== false ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  if (role === 'creator') await db.insert(creatorProfiles).values({ userId: user.id });
  return user;
}

const DAY_MS = 86_400_000;

/**
 * Inserts a campaign row directly: unless overridden, a published campaign that started yesterday,
 * ends in 30 days and pays 2 500 kr to each of 10 creators (food on Instagram, nano and micro tiers).
 * A campaign that is not a draft is funded as its brand would have paid for it (escrow, 15 % fee,
 * moms), unless `options.funded` is false.
 */
export async function createCampaign(
  db: Database,
  brandId: string,
  overrides: Partial<typeof campaigns.$inferInsert> = {},
  options: { funded?: boolean } = {},
): Promise<Campaign> {
  sequence += 1;
  const now = Date.now();
  const status = overrides.status ?? 'published';
  const [campaign] = await db
    .insert(campaigns)
    .values({
      brandId,
      title: `Testkampanj ${sequence}`,
      description: 'Visa hur du använder produkten i vardagen.',
      objectives: ['awareness'],
      categories: ['food'],
      platforms: ['instagram'],
      creatorTiers: ['nano', 'micro'],
      budgetOre: 2_500_000,
      payoutOre: 250_000,
      slots: 10,
      startsAt: new Date(now - DAY_MS),
      endsAt: new Date(now + 30 * DAY_MS),
      publishedAt: status === 'draft' ? null : new Date(now - DAY_MS),
      ...overrides,
      status,
    })
    .returning();
  if (!campaign) throw new Error('campaign insert returned nothing');
  if (options.funded ?? status !== 'draft') await fundCampaign(db, campaign, { publish: false });
  return campaign;
}

/**
 * Funds a campaign in full, as a paid invoice would (the payments service's own path). A draft
 * stays a draft (the brand's "publish" then succeeds) unless `publish` is true.
 */
export async function fundCampaign(db: Database, campaign: { id: string }, options: { publish?: boolean } = {}) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  if (!row) throw new Error(`no campaign ${campaign.id}`);
  return db.transaction((tx) =>
    fundCampaignInFull(tx, row, {
      feeBasisPoints: 1500,
      source: 'test',
      reference: `test-funding:${campaign.id}`,
      publish: options.publish ?? false,
    }),
  );
}

/**
 * Deletes a campaign row behind the API's back (tests of caches that must notice), with the
 * payment records that would otherwise keep it (its funding, payments and their receipts).
 */
export async function deleteCampaignRow(db: Database, campaignId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: payments.id }).from(payments).where(eq(payments.campaignId, campaignId));
    if (rows.length) {
      await tx.delete(paymentReceipts).where(
        inArray(
          paymentReceipts.paymentId,
          rows.map((row) => row.id),
        ),
      );
      await tx.delete(payments).where(eq(payments.campaignId, campaignId));
    }
    await tx.delete(campaignFunding).where(eq(campaignFunding.campaignId, campaignId));
    await tx.delete(campaigns).where(eq(campaigns.id, campaignId));
  });
}

/**
 * Gives a creator `payoutOre` to withdraw without a campaign behind it (tests of withdrawals,
 * erasure and re-authentication that only need a balance): a balanced `test_grant` posting.
 */
export async function creditCreator(db: Database, grant: { id: string; creatorId: string; payoutOre: number }) {
  return db.transaction((tx) =>
    post(tx, {
      kind: 'test_grant',
      reference: `test-grant:${grant.id}`,
      entries: [
        { account: 'platform_payouts', holderId: PLATFORM, amountOre: -grant.payoutOre },
        { account: 'creator_available', holderId: grant.creatorId, amountOre: grant.payoutOre },
      ],
    }),
  );
}

/** Inserts or replaces a brand's profile (company name "Testbolag AB" unless overridden). */
export async function createBrandProfile(
  db: Database,
  brandId: string,
  overrides: Partial<typeof brandProfiles.$inferInsert> = {},
) {
  const values = { companyName: 'Testbolag AB', ...overrides };
  const [profile] = await db
    .insert(brandProfiles)
    .values({ userId: brandId, ...values })
    .onConflictDoUpdate({ target: brandProfiles.userId, set: values })
    .returning();
  if (!profile) throw new Error('brand profile insert returned nothing');
  return profile;
}

const SLOT_HOLDING: ReadonlySet<Claim['status']> = new Set(['approved', 'submitted', 'changes_requested', 'accepted']);

/**
 * Inserts a claim directly in any status (pending unless overridden). A claim that holds a slot
 * (approved, submitted, changes_requested, accepted) also takes one of the campaign's slots, and
 * its payout is reserved from a funded campaign's escrow.
 */
export async function createClaim(
  db: Database,
  campaign: Pick<Campaign, 'id' | 'payoutOre'>,
  creatorId: string,
  overrides: Partial<typeof claims.$inferInsert> = {},
): Promise<Claim> {
  const [claim] = await db
    .insert(claims)
    .values({
      campaignId: campaign.id,
      creatorId,
      guidelinesConfirmedAt: new Date(),
      payoutOre: campaign.payoutOre,
      ...overrides,
    })
    .returning();
  if (!claim) throw new Error('claim insert returned nothing');
  if (SLOT_HOLDING.has(claim.status)) {
    await db
      .update(campaigns)
      .set({ slotsTaken: sql`${campaigns.slotsTaken} + 1` })
      .where(eq(campaigns.id, campaign.id));
    // As an approval would, the payout is set aside from a funded campaign's escrow (an accepted
    // claim made here is not credited: `creditAcceptedClaim` pays it from that reservation).
    if (await isFunded(db, campaign.id)) {
      await db.transaction((tx) => reserveClaimPayout(tx, claim));
    }
  }
  return claim;
}

/** Inserts a pending invitation answerable for 5 more days (score 80) unless overridden. */
export async function createInvitation(
  db: Database,
  campaignId: string,
  creatorId: string,
  overrides: Partial<typeof invitations.$inferInsert> = {},
): Promise<Invitation> {
  const [invitation] = await db
    .insert(invitations)
    .values({
      campaignId,
      creatorId,
      score: 80,
      reasons: [{ code: 'categories', matched: 1, total: 1 }],
      respondBy: new Date(Date.now() + 5 * DAY_MS),
      ...overrides,
    })
    .returning();
  if (!invitation) throw new Error('invitation insert returned nothing');
  return invitation;
}
