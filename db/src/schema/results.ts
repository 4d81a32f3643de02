import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns, claims, submissions } from './campaigns.ts';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * Where a submitted post stands (ADR 033): `checking` until the provider has shown it once (the
 * ad-label check), `tracking` between the reads after acceptance, `finished` after the last one,
 * `disappeared` when the provider no longer finds it.
 */
export const trackedPostStatus = pgEnum('tracked_post_status', ['checking', 'tracking', 'finished', 'disappeared']);

/** The reads of a post: the check at submission, then about 1 h, 24 h, 7 d and 30 d after posting. */
export const POST_READ_MILESTONES = ['check', '1h', '24h', '7d', '30d'] as const;
export type PostReadMilestone = (typeof POST_READ_MILESTONES)[number];

/**
 * One submitted video link as the data provider sees it: its caption and the ad-label verdict, and
 * the schedule of its next read. `nextReadAt` is set while a read is due; the scheduler takes due
 * rows with a conditional update, so each read is queued once whatever the number of instances.
 */
export const trackedPosts = pgTable(
  'tracked_posts',
  {
    id: id(),
    submissionId: text()
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    creatorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The brand the reads are metered against. */
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().$type<'instagram' | 'tiktok'>().notNull(),
    /** As the submission's: null once the creator's account was erased, and then never read again. */
    url: text(),
    status: trackedPostStatus().notNull().default('checking'),
    /** When it was posted, as the provider reports it. */
    postedAt: timestamp({ withTimezone: true }),
    caption: text(),
    /** The ad-label verdict of the caption (contract/ad-label.ts); null until the provider answered. */
    adLabelOk: boolean(),
    adLabel: jsonb().$type<{ ok: boolean; problems: { code: string; value?: string }[] }>(),
    adLabelCheckedAt: timestamp({ withTimezone: true }),
    nextMilestone: text().$type<PostReadMilestone>(),
    nextReadAt: timestamp({ withTimezone: true }),
    /** Why reads wait: `cap_reached` (the brand's monthly tracking cap) or null. */
    pausedReason: text(),
    disappearedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('tracked_posts_submission_key').on(table.submissionId),
    index('tracked_posts_campaign_idx').on(table.campaignId),
    index('tracked_posts_claim_idx').on(table.claimId),
    index('tracked_posts_creator_idx').on(table.creatorId),
    index('tracked_posts_due_idx').on(table.nextReadAt).where(sql`${table.nextReadAt} is not null`),
    index('tracked_posts_ad_label_failing_idx').on(table.adLabelCheckedAt).where(sql`${table.adLabelOk} = false`),
    check('tracked_posts_schedule_check', sql`(${table.nextReadAt} is null) = (${table.nextMilestone} is null)`),
  ],
);

/**
 * One read of a post's public numbers. The same milestone is read once per post (unique), so a
 * retried or doubled job never adds a point; what a read cost is kept to meter the brand's month.
 */
export const postReadings = pgTable(
  'post_readings',
  {
    id: id(),
    trackedPostId: text()
      .notNull()
      .references(() => trackedPosts.id, { onDelete: 'cascade' }),
    milestone: text().$type<PostReadMilestone>().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
    views: integer().notNull(),
    likes: integer().notNull(),
    comments: integer().notNull(),
    /** Null where the platform shows no count (Instagram shares). */
    shares: integer(),
    /** The account's median views over its recent posts (performance data), when known: the benchmark. */
    typicalViews: integer(),
    /** Credits in hundredths and raw requests this read cost (0 for the check, which Kollab pays). */
    creditHundredths: integer().notNull().default(0),
    rawRequests: integer().notNull().default(0),
    /** Whose month the cost counts in (the campaign's brand). */
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    uniqueIndex('post_readings_post_milestone_key').on(table.trackedPostId, table.milestone),
    index('post_readings_brand_read_at_idx').on(table.brandId, table.readAt),
    check(
      'post_readings_counts_check',
      sql`${table.views} >= 0 and ${table.likes} >= 0 and ${table.comments} >= 0 and coalesce(${table.shares}, 0) >= 0`,
    ),
  ],
);

/**
 * What tracking spent per brand and Swedish month (YYYY-MM), booked before each read with a
 * conditional update, so concurrent reads on any instance never pass the monthly cap together.
 */
export const trackingUsage = pgTable(
  'tracking_usage',
  {
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text().notNull(),
    creditHundredths: integer().notNull().default(0),
    rawRequests: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.brandId, table.month] })],
);

export type TrackedPost = typeof trackedPosts.$inferSelect;
export type PostReading = typeof postReadings.$inferSelect;
