import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

/**
 * The next number of each document series (ADR 024). A number is taken by `UPDATE … RETURNING`
 * inside the transaction that writes the document, so the row stays locked until that commit and
 * a rolled-back document gives its number back: the series has no gaps, unlike a sequence.
 */
export const billingCounters = pgTable('billing_counters', {
  series: text().primaryKey(),
  nextNumber: bigint({ mode: 'number' }).notNull(),
});

/** The buyer's address printed on invoices (17 kap. 24 § ML), kept by the brand on the billing page. */
export const billingAddresses = pgTable('billing_addresses', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  street: text().notNull(),
  postalCode: text().notNull(),
  city: text().notNull(),
  country: text().notNull().default('SE'),
  ...timestamps,
});

export const billingDocumentKind = pgEnum('billing_document_kind', ['invoice', 'receipt', 'credit_note']);

export interface BillingParty {
  name: string;
  addressLines: string[];
  orgNumber: string | null;
  vatNumber?: string | null;
}

export interface BillingLine {
  /** What was sold, e.g. `platform_fee` or `creator_budget`; the PDF describes it in the buyer's language. */
  item: 'platform_fee' | 'creator_budget' | 'credit_applied';
  description: string;
  netOre: number;
  /** Basis points (2500 = 25 %); 0 with `vatNote` for amounts outside Kollab's taxable turnover. */
  vatRateBp: number;
  vatOre: number;
  vatNote?: string | null;
}

/**
 * Invoices, receipts (card payments) and credit notes. Immutable once issued except for the
 * payment state of an invoice; seller and buyer are snapshots taken at issue time.
 */
export const billingDocuments = pgTable(
  'billing_documents',
  {
    id: id(),
    kind: billingDocumentKind().notNull(),
    /** The series and its running number, e.g. `F` 1001 → "F1001". */
    series: text().notNull(),
    number: integer().notNull(),
    documentNumber: text().notNull(),
    brandId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: text().references(() => campaigns.id, { onDelete: 'set null' }),
    /** The brand payment (or refund) this document is for; one document of a kind per payment. */
    paymentRef: text(),
    /** A credit note's original invoice or receipt (17 kap. 22 § ML). */
    creditsDocumentId: text(),
    locale: text().notNull().default('sv'),
    issuedOn: date({ mode: 'string' }).notNull(),
    dueOn: date({ mode: 'string' }),
    /** Invoices only: the OCR reference the brand pays with. */
    ocr: text(),
    seller: jsonb().$type<BillingParty & { bankgiro: string }>().notNull(),
    buyer: jsonb().$type<BillingParty>().notNull(),
    lines: jsonb().$type<BillingLine[]>().notNull(),
    netOre: bigint({ mode: 'number' }).notNull(),
    vatOre: bigint({ mode: 'number' }).notNull(),
    totalOre: bigint({ mode: 'number' }).notNull(),
    /** Invoices: what has come in so far; paid when it reaches the total. */
    paidOre: bigint({ mode: 'number' }).notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
    /** Set when an admin marks the invoice paid by hand (also in the audit log). */
    paidNote: text(),
    /** When the PDF was mailed to the brand (the `mailBillingDocuments` job claims unsent ones). */
    mailedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('billing_documents_series_number_key').on(table.series, table.number),
    uniqueIndex('billing_documents_document_number_key').on(table.documentNumber),
    uniqueIndex('billing_documents_ocr_key').on(table.ocr),
    uniqueIndex('billing_documents_kind_payment_key').on(table.kind, table.paymentRef),
    index('billing_documents_brand_idx').on(table.brandId, table.issuedOn),
    index('billing_documents_kind_due_idx').on(table.kind, table.dueOn),
    // The mailing job's queue (billing.jobs.ts): only documents not mailed yet, oldest first.
    index('billing_documents_unmailed_idx').on(table.createdAt).where(sql`${table.mailedAt} is null`),
    check('billing_documents_amounts_check', sql`${table.netOre} + ${table.vatOre} = ${table.totalOre}`),
    check('billing_documents_paid_check', sql`${table.paidOre} >= 0`),
  ],
);

export const bankFileFormat = pgEnum('bank_file_format', ['bgmax', 'camt054']);

/** Uploaded bank files; a file is imported at most once (its SHA-256 is unique). */
export const bankFiles = pgTable('bank_files', {
  id: id(),
  sha256: text().notNull().unique('bank_files_sha256_key'),
  format: bankFileFormat().notNull(),
  fileName: text().notNull(),
  uploadedBy: text().references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  paymentCount: integer().notNull(),
  matchedOre: bigint({ mode: 'number' }).notNull(),
});

export const bankPaymentOutcome = pgEnum('bank_payment_outcome', [
  'paid',
  'partial',
  'overpaid',
  'already_paid',
  'unknown_reference',
  'not_incoming',
]);

/** Every payment line of an imported file; the bank's own reference is unique, so no line moves money twice. */
export const bankPayments = pgTable(
  'bank_payments',
  {
    id: id(),
    bankFileId: text()
      .notNull()
      .references(() => bankFiles.id, { onDelete: 'restrict' }),
    bankReference: text().notNull().unique('bank_payments_bank_reference_key'),
    references: text().array().notNull(),
    amountOre: bigint({ mode: 'number' }).notNull(),
    bookedOn: date({ mode: 'string' }).notNull(),
    payerName: text(),
    invoiceId: text().references(() => billingDocuments.id, { onDelete: 'restrict' }),
    outcome: bankPaymentOutcome().notNull(),
    /** The part applied to the invoice; the rest (over-payment) waits for an admin. */
    appliedOre: bigint({ mode: 'number' }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_payments_invoice_idx').on(table.invoiceId)],
);

export type BillingDocument = typeof billingDocuments.$inferSelect;
export type BankPayment = typeof bankPayments.$inferSelect;
