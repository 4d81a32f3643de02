import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { claims } from './campaigns.ts';
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
