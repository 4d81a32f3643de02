import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/** How a brand pays: by card through the payment provider, or by invoice to Kollab's Bankgiro. */
export const paymentMethodKind = pgEnum('payment_method_kind', ['card', 'invoice']);

/** What a payment buys: a campaign's first funding, or more slots for a live campaign. */
export const paymentPurpose = pgEnum('payment_purpose', ['funding', 'top_up']);

/**
 * `pending` (created, card not answered yet), `requires_action` (3-D Secure), `awaiting_payment`
 * (invoice sent), `partially_paid` (some money received), `paid`, `failed` (declined or the provider
 * failed), `cancelled`.
 */
export const paymentStatus = pgEnum('payment_status', [
  'pending',
  'requires_action',
  'awaiting_payment',
  'partially_paid',
  'paid',
  'failed',
  'cancelled',
]);

/**
 * A brand's payment for a campaign. Amounts in öre: `creator_budget_ore` (payout × slots) goes to
 * the campaign's escrow, `fee_ore` to Kollab's revenue, `vat_ore` (moms on the fee) to output VAT;
 * `credit_applied_ore` is taken from the brand's credit and `amount_ore` is what is left to pay.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: text()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    purpose: paymentPurpose().notNull().default('funding'),
    method: paymentMethodKind().notNull(),
    status: paymentStatus().notNull(),
    /** Slots this payment funds (all of them for `funding`, the added ones for `top_up`). */
    slots: integer().notNull(),
    payoutOre: bigint({ mode: 'number' }).notNull(),
    creatorBudgetOre: bigint({ mode: 'number' }).notNull(),
    /** The fee rate used, in basis points (1500 = 15 %). */
    feeBasisPoints: integer().notNull(),
    feeOre: bigint({ mode: 'number' }).notNull(),
    /** The moms rate used, in basis points, from `vat_rates` on the day of the quote. */
    vatBasisPoints: integer().notNull(),
    vatOre: bigint({ mode: 'number' }).notNull(),
    creditAppliedOre: bigint({ mode: 'number' }).notNull().default(0),
    amountOre: bigint({ mode: 'number' }).notNull(),
    /** Money received so far (card capture, bank payments, manual marks). */
    receivedOre: bigint({ mode: 'number' }).notNull().default(0),
    /** The provider's PaymentIntent id (`pi_…`) for card payments. */
    providerPaymentId: text(),
    failureCode: text(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('payments_brand_id_idx').on(table.brandId, table.createdAt),
    index('payments_campaign_id_idx').on(table.campaignId),
    uniqueIndex('payments_provider_payment_id_key').on(table.providerPaymentId),
    // One open payment per campaign: a second "pay" while one is under way is a conflict.
    uniqueIndex('payments_one_open_per_campaign')
      .on(table.campaignId)
      .where(sql`${table.status} in ('pending', 'requires_action', 'awaiting_payment', 'partially_paid')`),
    check(
      'payments_amounts_check',
      sql`${table.slots} > 0 and ${table.payoutOre} > 0 and ${table.creatorBudgetOre} = ${table.payoutOre} * ${table.slots}
        and ${table.feeOre} >= 0 and ${table.vatOre} >= 0 and ${table.creditAppliedOre} >= 0 and ${table.receivedOre} >= 0
        and ${table.amountOre} = ${table.creatorBudgetOre} + ${table.feeOre} + ${table.vatOre} - ${table.creditAppliedOre}`,
    ),
  ],
);

/**
 * Money received for a payment, once per source and reference (a provider charge, a BgMax or
 * camt.054 transaction, an admin's manual mark): the same bank line or webhook never counts twice.
 */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: id(),
    paymentId: text()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountOre: bigint({ mode: 'number' }).notNull(),
    /** `card`, `bgmax`, `camt054`, `manual`. */
    source: text().notNull(),
    reference: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_receipts_source_reference_key').on(table.source, table.reference),
    index('payment_receipts_payment_id_idx').on(table.paymentId),
    check('payment_receipts_amount_check', sql`${table.amountOre} > 0`),
  ],
);

export const refundStatus = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/** Brand credit paid back to the card it came from, through the provider. */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: text()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountOre: bigint({ mode: 'number' }).notNull(),
    status: refundStatus().notNull().default('pending'),
    /**
     * `card`: back to the card through the provider; `bank`: invoice-paid credit paid to the brand's
     * bank account in a payout batch (ADR 029), whose answer settles it.
     */
    method: text().notNull().default('card'),
    /** A bank refund's payee (the brand's name and account as given), encrypted JSON. */
    creditorEncrypted: text(),
    providerRefundId: text(),
    failureCode: text(),
    ...timestamps,
  },
  (table) => [
    index('payment_refunds_brand_id_idx').on(table.brandId),
    index('payment_refunds_payment_id_idx').on(table.paymentId),
    uniqueIndex('payment_refunds_provider_refund_id_key').on(table.providerRefundId),
    check('payment_refunds_amount_check', sql`${table.amountOre} > 0`),
    check('payment_refunds_method_check', sql`${table.method} in ('card', 'bank')`),
  ],
);

/** Every provider webhook event handled, by its id: a copy delivered again is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The moms (VAT) rates by date: the rate on a day is the row with the latest `valid_from` on or
 * before it. Rows are legal data with their source (ADR 024), added by migration, never edited.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    validFrom: date({ mode: 'string' }).primaryKey(),
    basisPoints: integer().notNull(),
    source: text().notNull(),
  },
  (table) => [check('vat_rates_basis_points_check', sql`${table.basisPoints} between 0 and 10000`)],
);

/** When a campaign's funding arrived and when its leftover escrow went back to the brand. */
export const campaignFunding = pgTable(
  'campaign_funding',
  {
    campaignId: text()
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    fundedAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the campaign ended and what was left in escrow was returned to the brand as credit. */
    closedAt: timestamp({ withTimezone: true }),
  },
  // The closing job's candidates (payments.jobs.ts): the escrows still open, whatever the history.
  (table) => [index('campaign_funding_open_idx').on(table.campaignId).where(sql`${table.closedAt} is null`)],
);

export type Payment = typeof payments.$inferSelect;
export type PaymentReceipt = typeof paymentReceipts.$inferSelect;
export type PaymentRefund = typeof paymentRefunds.$inferSelect;
