import { z } from 'zod';
import { keysetPageParams, sortParams } from './list-query.ts';

/** Payout rails (ADR 029): bank batches as pain.001 files, the bank's answers, Swish payouts. */
export const PayoutStatusSchema = z.enum(['sent', 'paid', 'returned']);

export const PayoutSchema = z
  .object({
    id: z.string(),
    /** The creator's withdrawal, or (for a brand's bank refund of its credit) null with `refundId`. */
    withdrawalId: z.string().nullable(),
    refundId: z.string().nullable(),
    rail: z.enum(['bank', 'swish']),
    endToEndId: z.string(),
    amountOre: z.number(),
    status: PayoutStatusSchema,
    returnReason: z.string().nullable(),
    settledAt: z.string().nullable(),
    createdAt: z.string(),
    creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    method: z.string().nullable().meta({ description: 'The payout method as shown when requested (withdrawals)' }),
  })
  .meta({ id: 'Payout' });
export type PayoutView = z.infer<typeof PayoutSchema>;

export const PayoutBatchSchema = z
  .object({
    id: z.string(),
    messageId: z.string().meta({ description: "The pain.001 file's GrpHdr/MsgId" }),
    payoutCount: z.number(),
    totalOre: z.number(),
    executionDate: z.string(),
    exportCount: z.number(),
    firstExportedAt: z.string().nullable(),
    createdAt: z.string(),
    counts: z.object({ sent: z.number(), paid: z.number(), returned: z.number() }),
  })
  .meta({ id: 'PayoutBatch' });
export type PayoutBatchView = z.infer<typeof PayoutBatchSchema>;

export const SkipReasonSchema = z.enum([
  'not_found',
  'not_requested',
  'held_for_review',
  'not_a_bank_method',
  'method_deleted',
  'invalid_account_details',
]);

export const CreateBatchBodySchema = z
  .object({
    withdrawalIds: z.array(z.string().min(1).max(64)).max(500, 'too_many').default([]),
    /** Brands' bank refunds of their credit to pay in the same file (ADR 029). */
    refundIds: z.array(z.string().min(1).max(64)).max(500, 'too_many').default([]),
    executionDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
      .optional(),
  })
  .strict()
  .refine((body) => body.withdrawalIds.length + body.refundIds.length > 0, {
    path: ['withdrawalIds'],
    message: 'required',
  })
  .meta({ id: 'CreatePayoutBatchBody' });

export const CreateBatchResultSchema = z
  .object({
    data: PayoutBatchSchema,
    skipped: z.array(
      z.object({ withdrawalId: z.string().optional(), refundId: z.string().optional(), reason: SkipReasonSchema }),
    ),
  })
  .meta({ id: 'CreatePayoutBatchResult' });

export const ListPayoutsQuerySchema = z.object({
  ...keysetPageParams,
  ...sortParams(['createdAt'] as const, 'createdAt'),
  rail: z.enum(['bank', 'swish']).optional(),
  batchId: z.string().max(64).optional(),
  status: PayoutStatusSchema.optional(),
});
export type ListPayoutsQuery = z.infer<typeof ListPayoutsQuerySchema>;

/** The payout batches, newest first (or oldest, `order=asc`). */
export const ListPayoutBatchesQuerySchema = z.object({
  ...keysetPageParams,
  ...sortParams(['createdAt'] as const, 'createdAt'),
});
export type ListPayoutBatchesQuery = z.infer<typeof ListPayoutBatchesQuerySchema>;

export const PayoutAnswerPreviewSchema = z
  .object({
    format: z.enum(['camt054', 'pain002']),
    sha256: z.string(),
    alreadyImported: z.boolean(),
    lines: z.array(
      z.object({
        endToEndId: z.string(),
        outcome: z.enum(['paid', 'returned', 'pending']),
        amountOre: z.number().nullable(),
        reason: z.string().nullable(),
        withdrawalId: z.string().nullable(),
        /** A brand's bank refund of its credit (ADR 029), when the line is one. */
        refundId: z.string().nullable(),
        effect: z.enum(['paid', 'returned', 'no_change', 'unknown_reference', 'amount_mismatch']),
      }),
    ),
    totals: z.object({ paid: z.number(), returned: z.number(), paidOre: z.number(), returnedOre: z.number() }),
  })
  .meta({ id: 'PayoutAnswerPreview' });
export type PayoutAnswerPreview = z.infer<typeof PayoutAnswerPreviewSchema>;

export const BlockedPayeeSchema = z
  .object({
    /** The withdrawal's id (the table's row id). */
    id: z.string(),
    withdrawalId: z.string(),
    amountOre: z.number(),
    method: z.string(),
    paymentMethodType: z.enum(['bank_account', 'iban', 'swish', 'paypal']),
    problem: z.enum([
      'no_personal_number',
      'invalid_swish_number',
      'invalid_account_details',
      'method_deleted',
      'held_for_review',
    ]),
    heldUntil: z.string().nullable(),
    createdAt: z.string(),
    creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'BlockedPayee' });
export type BlockedPayeeView = z.infer<typeof BlockedPayeeSchema>;

/** What Swish posts to the callback URL of a payout (Swish Payouts API v1). */
export const SwishPayoutCallbackSchema = z
  .object({
    payoutInstructionUUID: z.string().max(64),
    payerPaymentReference: z.string().max(64).nullish(),
    status: z.string().max(32),
    paymentReference: z.string().max(64).nullish(),
    errorCode: z.string().max(64).nullish(),
    errorMessage: z.string().max(500).nullish(),
  })
  .passthrough()
  .meta({ id: 'SwishPayoutCallback' });

const text = (code: string, max = 64) => z.string({ message: 'required' }).trim().min(1, 'required').max(max, code);

/** A brand asks for its invoice-paid credit back to a bank account, Bankgiro or IBAN (ADR 029). */
export const BankRefundBodySchema = z
  .object({
    amountOre: z.number({ message: 'required' }).int('invalid_amount').positive('invalid_amount'),
    account: z.discriminatedUnion(
      'type',
      [
        z.object({
          type: z.literal('bank_account'),
          clearingNumber: text('invalid_clearing_number', 16),
          accountNumber: text('invalid_account_number', 24),
        }),
        z.object({ type: z.literal('bankgiro'), number: text('invalid_bankgiro', 16) }),
        z.object({ type: z.literal('iban'), iban: text('invalid_iban', 48), bic: text('invalid_bic', 16) }),
      ],
      { message: 'invalid_type' },
    ),
  })
  .strict()
  .meta({ id: 'BankRefundBody' });

export const BankRefundSchema = z
  .object({
    id: z.string(),
    amountOre: z.number(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    reference: z.string().nullable().meta({ description: "The payout's EndToEndId once it is in a batch" }),
    returnReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BankRefund' });

export const UnbatchedRefundSchema = z
  .object({
    id: z.string(),
    amountOre: z.number(),
    createdAt: z.string(),
    brand: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'UnbatchedBankRefund' });
