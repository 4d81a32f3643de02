import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { claims } from './campaigns.ts';
import { id } from './columns.ts';
import { users } from './users.ts';

/**
 * Chat messages. A claim *is* its conversation (one per claim; none before a claim exists). Ids come
 * from one identity sequence, so they only grow and a client resumes with "everything after id N".
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    authorRole: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_claim_id_id_idx').on(table.claimId, table.id),
    // The unread-message mail reads only the last two days' messages (chat.notifications.ts).
    index('messages_created_at_idx').on(table.createdAt),
    check('messages_body_check', sql`length(btrim(${table.body})) between 1 and 2000`),
  ],
);

/** How far each participant has read a conversation, and when they were last mailed about it. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadId: bigint({ mode: 'number' }).notNull().default(0),
    lastNotifiedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.claimId, table.userId] })],
);

export type Message = typeof messages.$inferSelect;

/**
 * A moderation case on a conversation: opened by a participant who reports it, or by an admin with
 * a written reason. Admins read a conversation only while it has an open case, and every read is
 * in the audit log (ADR 023). At most one open case per claim.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: id(),
    claimId: text()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    openedBy: text().references(() => users.id, { onDelete: 'set null' }),
    openedByRole: text().$type<'creator' | 'brand' | 'admin'>().notNull(),
    reason: text().notNull(),
    status: text().$type<'open' | 'closed'>().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('moderation_cases_one_open_per_claim').on(table.claimId).where(sql`${table.status} = 'open'`),
    index('moderation_cases_status_idx').on(table.status, table.createdAt),
    check('moderation_cases_reason_check', sql`length(btrim(${table.reason})) between 1 and 1000`),
    check('moderation_cases_status_check', sql`${table.status} in ('open', 'closed')`),
    check('moderation_cases_closed_check', sql`(${table.status} = 'closed') = (${table.closedAt} is not null)`),
  ],
);

export type ModerationCase = typeof moderationCases.$inferSelect;
