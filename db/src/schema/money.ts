import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { id } from './columns.ts';
import { deletionRequests } from './marketing.ts';
import { paymentMethodType } from './profiles.ts';
import { users } from './users.ts';

/**
 * Ledger accounts. Per-creator accounts carry the creator's id as `holderId`; platform accounts
 * have none. `holderId` is deliberately not a foreign key: entries are immutable bookkeeping that
 * outlive an erased user, whose id then no longer points at anyone (ADR 007).
 */
export const ledgerAccount = pgEnum('ledger_account', [
  'creator_available',
  'creator_pending',
  'platform_payouts',
  'platform_cash',
  /** Money a brand paid for one campaign's creators, not yet promised to a claim (holder: the campaign). */
  'campaign_escrow',
  /** Escrow promised to claims that hold a slot and are not yet accepted (holder: the campaign). */
  'campaign_reserved',
  /** Money a brand has with Kollab: payments received, campaign leftovers (holder: the brand). */
  'brand_credit',
  /** Kollab's fee on campaigns (revenue, without moms). */
  'platform_fee_revenue',
  /** Output VAT (utgående moms) on Kollab's fee, owed to Skatteverket. */
  'platform_vat_output',
  /** Preliminary tax withheld from private-person creators' pay, owed to Skatteverket (ADR 028). */
  'platform_tax_withheld',
  /** Employer contributions on private-person creators' pay, owed to Skatteverket (ADR 028). */
  'platform_employer_contributions',
  /** Input VAT (ingående moms) on self-billing invoices of VAT-registered F-skatt creators (ADR 028). */
  'platform_vat_input',
]);

/** Accounts whose balance can never go below zero (a CHECK on `balances`, and conditional debits in `post`). */
export const NON_NEGATIVE_ACCOUNTS = [
  'creator_available',
  'creator_pending',
  'campaign_escrow',
  'campaign_reserved',
  'brand_credit',
] as const;

/** A balanced group of entries: one business event (claim accepted, withdrawal requested, paid, rejected). */
export const postings = pgTable('postings', {
  id: id(),
  kind: text().notNull(),
  /** Unique business reference, e.g. `claim:<id>:accepted`: posting the same event twice is impossible. */
  reference: text().notNull().unique('postings_reference_key'),
  memo: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Immutable entries; every posting's entries sum to zero (enforced by a deferred trigger). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    postingId: text()
      .notNull()
      .references(() => postings.id),
    account: ledgerAccount().notNull(),
    holderId: text(),
    amountOre: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_holder_account_idx').on(table.holderId, table.account),
    index('ledger_entries_posting_id_idx').on(table.postingId),
    check('ledger_entries_amount_check', sql`${table.amountOre} <> 0`),
  ],
);

/** Running balances per holder and account; creator, escrow and brand-credit balances can never go below zero. */
export const balances = pgTable(
  'balances',
  {
    holderId: text().notNull(),
    account: ledgerAccount().notNull(),
    amountOre: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.holderId, table.account] }),
    check(
      'balances_non_negative',
      sql`${table.account}::text not in ('creator_available', 'creator_pending', 'campaign_escrow', 'campaign_reserved', 'brand_credit') or ${table.amountOre} >= 0`,
    ),
  ],
);

/**
 * requested → paid (manual, PayPal) | rejected; requested → sent (in a payout batch's file or to
 * Swish) → paid | returned (the bank or Swish gave the money back; ADR 029).
 */
export const withdrawalStatus = pgEnum('withdrawal_status', ['requested', 'paid', 'rejected', 'sent', 'returned']);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: id(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountOre: bigint({ mode: 'number' }).notNull(),
    paymentMethodId: text(),
    paymentMethodType: paymentMethodType().notNull(),
    /** The method as shown when requested (the method itself may be changed or deleted later). */
    paymentMethodMasked: text().notNull(),
    status: withdrawalStatus().notNull().default('requested'),
    reason: text(),
    reference: text(),
    settledBy: text().references(() => users.id, { onDelete: 'set null' }),
    settledAt: timestamp({ withTimezone: true }),
    /** The first withdrawal to a newly added payout method is not paid before this time (admin review). */
    heldUntil: timestamp({ withTimezone: true }),
    /**
     * Set on the payout an account's erasure makes of its whole balance (ADR 022). One per request
     * and payout method, so processing the request again or concurrently never pays twice.
     */
    deletionRequestId: text().references(() => deletionRequests.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('withdrawals_user_id_idx').on(table.userId),
    index('withdrawals_status_created_at_idx').on(table.status, table.createdAt),
    uniqueIndex('withdrawals_deletion_request_method_key')
      .on(table.deletionRequestId, table.paymentMethodId)
      .where(sql`${table.deletionRequestId} is not null`),
    check('withdrawals_amount_check', sql`${table.amountOre} > 0`),
  ],
);

/** Stored results of money-moving requests, keyed by the caller's `Idempotency-Key`. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer().notNull(),
    responseBody: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

export type Withdrawal = typeof withdrawals.$inferSelect;
