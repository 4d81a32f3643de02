import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { withdrawals } from './money.ts';
import { paymentRefunds } from './payments.ts';
import { users } from './users.ts';

/**
 * A payout batch (ADR 029): requested withdrawals to bank accounts and IBANs, exported as one ISO
 * 20022 pain.001.001.03 credit-transfer file. `messageId` is the file's GrpHdr/MsgId: exporting
 * the batch again writes the same file (same MsgId, same EndToEndIds), which a bank refuses as a
 * duplicate, so nothing is paid twice.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: id(),
  messageId: text().notNull().unique('payout_batches_message_id_key'),
  createdBy: text().references(() => users.id, { onDelete: 'set null' }),
  payoutCount: integer().notNull(),
  totalOre: bigint({ mode: 'number' }).notNull(),
  /** The requested execution date written in the file, YYYY-MM-DD. */
  executionDate: text().notNull(),
  exportCount: integer().notNull().default(0),
  firstExportedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const payoutRail = pgEnum('payout_rail', ['bank', 'swish']);
export const payoutStatus = pgEnum('payout_status', ['sent', 'paid', 'returned']);

/**
 * One withdrawal sent out, by bank file or Swish. A withdrawal has at most one payout (unique), so
 * it is in at most one batch and is never sent twice; `endToEndId` is the reference the bank's
 * answer (camt.054, pain.002) and Swish (payerPaymentReference) carry back.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    /** The creator's withdrawal paid out, or (for a brand) the bank refund of its credit: exactly one. */
    withdrawalId: text().references(() => withdrawals.id, { onDelete: 'restrict' }),
    refundId: text().references(() => paymentRefunds.id, { onDelete: 'restrict' }),
    batchId: text().references(() => payoutBatches.id, { onDelete: 'restrict' }),
    rail: payoutRail().notNull(),
    endToEndId: text().notNull(),
    /** Swish's payoutInstructionUUID (32 upper-case hex digits), for Swish payouts. */
    instructionId: text(),
    amountOre: bigint({ mode: 'number' }).notNull(),
    /**
     * The payee's name and account as sent (encrypted JSON): exporting the batch again writes the
     * same file even if the creator changed or deleted the payout method since.
     */
    creditorEncrypted: text(),
    status: payoutStatus().notNull().default('sent'),
    /** The bank's or Swish's reason code for a return (e.g. AC04, MD06, ACMT07). */
    returnReason: text(),
    /** Swish's paymentReference, or the bank's reference of the entry that settled it. */
    settlementReference: text(),
    settledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_withdrawal_id_key').on(table.withdrawalId),
    uniqueIndex('payouts_refund_id_key').on(table.refundId),
    check('payouts_subject_check', sql`(${table.withdrawalId} is null) <> (${table.refundId} is null)`),
    uniqueIndex('payouts_end_to_end_id_key').on(table.endToEndId),
    uniqueIndex('payouts_instruction_id_key').on(table.instructionId).where(sql`${table.instructionId} is not null`),
    index('payouts_batch_id_idx').on(table.batchId),
    check('payouts_amount_check', sql`${table.amountOre} > 0`),
    check('payouts_rail_check', sql`(${table.rail} = 'bank') = (${table.batchId} is not null)`),
  ],
);

/** Bank answers (camt.054, pain.002) imported for payouts; the same file twice is refused by its hash. */
export const payoutAnswerFiles = pgTable('payout_answer_files', {
  id: id(),
  sha256: text().notNull().unique('payout_answer_files_sha256_key'),
  format: text().notNull(),
  fileName: text().notNull(),
  uploadedBy: text().references(() => users.id, { onDelete: 'set null' }),
  paidCount: integer().notNull().default(0),
  returnedCount: integer().notNull().default(0),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type PayoutBatch = typeof payoutBatches.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
