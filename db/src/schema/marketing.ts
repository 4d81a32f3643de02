import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locale, users } from './users.ts';

/** Newsletter subscribers (double opt-in: only rows with `confirmedAt` count). */
export const subscribers = pgTable(
  'subscribers',
  {
    id: id(),
    email: text().notNull(),
    instagramName: text(),
    tiktokName: text(),
    categories: text().array().notNull(),
    /** Version of the consent text the subscriber agreed to, and when. */
    consentVersion: text().notNull(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    locale: locale().notNull().default('sv'),
    confirmTokenHash: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribeTokenHash: text().notNull(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('subscribers_email_key').on(sql`lower(${table.email})`)],
);

export const deletionRequestSource = pgEnum('deletion_request_source', ['account', 'public']);
export const deletionRequestStatus = pgEnum('deletion_request_status', ['pending', 'completed', 'cancelled']);

/** Requests to erase personal data; due 14 days after they are made. */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: id(),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    /** The language of the mails about the request (confirmation, completion). */
    locale: locale().notNull().default('sv'),
    source: deletionRequestSource().notNull(),
    status: deletionRequestStatus().notNull().default('pending'),
    /** Public requests must be confirmed from the mailbox before they are acted on. */
    confirmTokenHash: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('deletion_requests_status_due_at_idx').on(table.status, table.dueAt)],
);
