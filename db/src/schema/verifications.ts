import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/** The platforms whose accounts a creator can prove they own (bio code, ADR 032). */
export const verifiedPlatform = pgEnum('verified_platform', ['instagram', 'tiktok']);

/**
 * A creator's linked Instagram or TikTok account and whether they proved owning it: one row per
 * creator and platform, written whenever the profile's handle changes (a new handle starts over:
 * no code, not verified, no reminder). `code` is the one-time text to put in the account's bio; it
 * is kept in clear because it is no secret — it only proves something once it sits in a bio
 * only the owner can edit. `followers` is what the provider said at the successful check. One
 * handle can be verified by one creator at a time (the partial unique index).
 */
export const accountVerifications = pgTable(
  'account_verifications',
  {
    id: id(),
    creatorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: verifiedPlatform().notNull(),
    /** The profile's handle this row is about (lowercase, without `@`). */
    handle: text().notNull(),
    /** When this handle was linked to the profile: the reminder counts from here. */
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    code: text(),
    codeCreatedAt: timestamp({ withTimezone: true }),
    codeExpiresAt: timestamp({ withTimezone: true }),
    verifiedAt: timestamp({ withTimezone: true }),
    followers: integer(),
    reminderSentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('account_verifications_creator_platform_key').on(table.creatorId, table.platform),
    uniqueIndex('account_verifications_verified_handle_key')
      .on(table.platform, table.handle)
      .where(sql`${table.verifiedAt} is not null`),
    index('account_verifications_unverified_idx')
      .on(table.linkedAt)
      .where(sql`${table.verifiedAt} is null and ${table.reminderSentAt} is null`),
  ],
);

export type AccountVerification = typeof accountVerifications.$inferSelect;
