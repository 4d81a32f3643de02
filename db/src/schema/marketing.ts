import { DELETION_HOLD_REASONS } from '@kollab/contract/api/deletion-requests';
import { sql } from 'drizzle-orm';
import { bigint, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** When the confirmation link stops working (ADR 021). */
    confirmTokenExpiresAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribeTokenHash: text().notNull(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('subscribers_email_key').on(sql`lower(${table.email})`)],
);

/**
 * A change to a confirmed subscription, held until the owner confirms it from the link mailed to the
 * address (single use: the row is deleted when used; expires). One per subscriber: a newer request
 * replaces it, and its link stops working.
 */
export const subscriberChanges = pgTable('subscriber_changes', {
  subscriberId: text()
    .primaryKey()
    .references(() => subscribers.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique('subscriber_changes_token_hash_key'),
  instagramName: text(),
  tiktokName: text(),
  categories: text().array().notNull(),
  consentVersion: text().notNull(),
  locale: locale().notNull(),
  requestedAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

export const consentEventKind = pgEnum('consent_event_kind', ['given', 'changed', 'withdrawn']);

/**
 * The history of a subscriber's marketing consent, appended to and never changed: given (double
 * opt-in confirmed), changed (a confirmed change of details) and withdrawn (unsubscribed). It keeps
 * no handles or categories, which unsubscribing erases.
 */
export const subscriberConsentEvents = pgTable(
  'subscriber_consent_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriberId: text()
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    kind: consentEventKind().notNull(),
    /** Version of the consent text in force (`CONSENT_VERSIONS`) and the language it was shown in. */
    consentVersion: text().notNull(),
    locale: locale().notNull(),
    /** Where it was stated: `subscribe_form` (the site's form) or `unsubscribe_link`. */
    source: text().notNull(),
    /** When the form was sent (given, changed) or the link used (withdrawn). */
    statedAt: timestamp({ withTimezone: true }).notNull(),
    /** When it took effect: the confirmation link was used, or the unsubscribe. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriber_consent_events_subscriber_id_idx').on(table.subscriberId, table.id)],
);

export const deletionRequestSource = pgEnum('deletion_request_source', ['account', 'public']);
export const deletionRequestStatus = pgEnum('deletion_request_status', ['pending', 'completed', 'cancelled']);
export const deletionHoldReason = pgEnum('deletion_hold_reason', DELETION_HOLD_REASONS);

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
    /** When the confirmation link stops working (ADR 021). */
    confirmTokenExpiresAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    /** Set while a due request waits for the account's money to be settled (ADR 022). */
    heldReason: deletionHoldReason(),
    /** For a completed request: the last day its anonymised bookkeeping records must be kept. */
    bookkeepingKeptUntil: date({ mode: 'string' }),
    ...timestamps,
  },
  (table) => [index('deletion_requests_status_due_at_idx').on(table.status, table.dueAt)],
);
