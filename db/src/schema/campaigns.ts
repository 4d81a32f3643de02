import {
  type AgeGroup,
  CAMPAIGN_STATUSES,
  type CreatorTier,
  type Gender,
  INVITATION_STATUSES,
  type Objective,
  type Platform,
  USAGE_RIGHTS,
} from '@kollab/contract/campaigns';
import { CLAIM_STATUSES } from '@kollab/contract/claims';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/** The brand behind campaigns, with the "client social profile" shown on campaign details. */
export const brandProfiles = pgTable('brand_profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text().notNull(),
  orgNumber: text(),
  website: text(),
  instagramHandle: text(),
  instagramPosts: integer(),
  instagramFollowers: integer(),
  instagramFollowing: integer(),
  ...timestamps,
});

export const campaignStatus = pgEnum('campaign_status', CAMPAIGN_STATUSES);
export const usageRights = pgEnum('usage_rights', USAGE_RIGHTS);

/** Money in öre. Shown state (coming soon / active / over) is derived from dates, slots and status. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    description: text().notNull(),
    // Typed as the vocabularies the API accepts (the request schemas check them on the way in).
    objectives: text().array().$type<Objective[]>().notNull(),
    categories: text().array().notNull(),
    platforms: text().array().$type<Platform[]>().notNull(),
    creatorTiers: text().array().$type<CreatorTier[]>().notNull(),
    audienceCountries: text().array().notNull().default(sql`'{}'::text[]`),
    audienceAgeGroups: text().array().$type<AgeGroup[]>().notNull().default(sql`'{}'::text[]`),
    audienceGender: text().$type<Gender>().notNull().default('any'),
    budgetOre: bigint({ mode: 'number' }).notNull(),
    payoutOre: bigint({ mode: 'number' }).notNull(),
    slots: integer().notNull(),
    /** Claims holding a slot (approved, submitted, changes_requested, accepted); never above `slots`. */
    slotsTaken: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    hashtags: text().array().notNull().default(sql`'{}'::text[]`),
    preferredCreatorType: text(),
    brandLink: text(),
    productLink: text(),
    guidelines: text().array().notNull().default(sql`'{}'::text[]`),
    usageRights: usageRights().notNull().default('organic'),
    usageMonths: integer(),
    maxRevisions: integer().notNull().default(2),
    /** Only creators whose identity is verified with BankID may claim (ADR 026). */
    requireVerifiedCreators: boolean().notNull().default(false),
    coverKey: text(),
    status: campaignStatus().notNull().default('draft'),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    // A brand's campaigns newest first (the desk's default order) walked without a sort; a brand with
    // thousands of campaigns was otherwise a walk of everyone's by created_at (migration 0038).
    index('campaigns_brand_created_at_id_idx').on(table.brandId, table.createdAt.desc().nullsFirst(), table.id),
    index('campaigns_status_starts_at_idx').on(table.status, table.startsAt),
    // Pages in the lists' orders with the id as tiebreaker, walked without a sort (ADR 036).
    index('campaigns_status_starts_at_id_idx').on(table.status, table.startsAt.desc().nullsFirst(), table.id),
    index('campaigns_created_at_id_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    // The campaigns that have ended, for the jobs that expire their pending claims and close their
    // escrow every minute: without it each run read all of campaigns (ADR 036, migration 0042).
    index('campaigns_ends_at_idx').on(table.endsAt),
    index('campaigns_categories_idx').using('gin', table.categories),
    index('campaigns_platforms_idx').using('gin', table.platforms),
    check(
      'campaigns_money_check',
      sql`${table.payoutOre} > 0 and ${table.payoutOre} * ${table.slots} <= ${table.budgetOre}`,
    ),
    check('campaigns_slots_check', sql`${table.slots} > 0 and ${table.slotsTaken} between 0 and ${table.slots}`),
    check('campaigns_dates_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export const invitationStatus = pgEnum('invitation_status', INVITATION_STATUSES);

/** A matched creator invited to a published campaign, with the match's score and reasons. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: integer().notNull(),
    reasons: jsonb().notNull(),
    respondBy: timestamp({ withTimezone: true }).notNull(),
    status: invitationStatus().notNull().default('pending'),
    respondedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_campaign_creator_key').on(table.campaignId, table.creatorId),
    index('invitations_creator_status_idx').on(table.creatorId, table.status),
    index('invitations_status_respond_by_idx').on(table.status, table.respondBy),
  ],
);

export const claimStatus = pgEnum('claim_status', CLAIM_STATUSES);

/**
 * A creator's claim on a campaign. A creator has one live or accepted claim per campaign; the slot
 * invariant is kept by the campaign's `slots_taken` counter.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: claimStatus().notNull().default('pending'),
    guidelinesConfirmedAt: timestamp({ withTimezone: true }).notNull(),
    /** The payout when the claim was made; credited when it is accepted. */
    payoutOre: bigint({ mode: 'number' }).notNull(),
    revisionsUsed: integer().notNull().default(0),
    /** When a submitted claim is accepted automatically if the brand stays silent. */
    autoAcceptAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('claims_campaign_status_idx').on(table.campaignId, table.status),
    // A creator's claims newest first (their claims list), as above (migration 0038).
    index('claims_creator_created_at_id_idx').on(table.creatorId, table.createdAt.desc().nullsFirst(), table.id),
    // The admin claims table: by status, newest first (ADR 036).
    index('claims_status_created_at_idx').on(table.status, table.createdAt.desc().nullsFirst(), table.id),
    index('claims_created_at_idx').on(table.createdAt.desc().nullsFirst(), table.id),
    uniqueIndex('claims_live_key')
      .on(table.campaignId, table.creatorId)
      .where(sql`${table.status} in ('pending', 'approved', 'submitted', 'changes_requested', 'accepted')`),
    index('claims_auto_accept_idx').on(table.autoAcceptAt).where(sql`${table.status} = 'submitted'`),
  ],
);

/** Every claim transition: who, when, why. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: id(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStatus: claimStatus(),
    toStatus: claimStatus().notNull(),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text().notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('claim_events_claim_id_idx').on(table.claimId)],
);

/** A submitted video link and its review. */
export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** The post's address; null once the creator's account was erased (it leads to their social account, ADR 022). */
    url: text(),
    platform: text().notNull(),
    kind: text().notNull(),
    adLabelConfirmed: timestamp({ withTimezone: true }).notNull(),
    reviewNote: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('submissions_claim_id_idx').on(table.claimId)],
);

/** Admin actions and state changes of money, claims and campaigns. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    actorRole: text().notNull(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text().notNull(),
    details: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_created_at_idx').on(table.createdAt),
  ],
);

/**
 * One row whose `version` grows with every statement that inserts or deletes campaigns or changes
 * what decides who sees them and what the list filters on (triggers of migration 0011). The
 * campaign list keeps its expensive totals in memory per version: the same version read in the
 * same snapshot as a total means that total still holds.
 */
export const campaignListVersion = pgTable(
  'campaign_list_version',
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [check('campaign_list_version_single_row', sql`${table.id} = 1`)],
);

export type Campaign = typeof campaigns.$inferSelect;
export type Claim = typeof claims.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
