import { z } from 'zod';

/** Payout rails (ADR 029): bank batches as pain.001 files, the bank's answers, Swish payouts. */
export const PayoutStatusSchema = z.enum(['sent', 'paid', 'returned']);

export const PayoutSchema = z
  .object({
    id: z.string(),
    withdrawalId: z.string(),
    rail: z.enum(['bank', 'swish']),
    endToEndId: z.string(),
    amountOre: z.number(),
    status: PayoutStatusSchema,
    returnReason: z.string().nullable(),
    settledAt: z.string().nullable(),
    createdAt: z.string(),
    creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    method: z.string().meta({ description: 'The payout method as shown when requested' }),
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
    withdrawalIds: z.array(z.string().min(1).max(64)).min(1, 'required').max(500, 'too_many'),
    executionDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date')
      .optional(),
  })
  .strict()
  .meta({ id: 'CreatePayoutBatchBody' });

export const CreateBatchResultSchema = z
  .object({
    data: PayoutBatchSchema,
    skipped: z.array(z.object({ withdrawalId: z.string(), reason: SkipReasonSchema })),
  })
  .meta({ id: 'CreatePayoutBatchResult' });

export const ListPayoutsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  rail: z.enum(['bank', 'swish']).optional(),
  batchId: z.string().max(64).optional(),
  status: PayoutStatusSchema.optional(),
});
export type ListPayoutsQuery = z.infer<typeof ListPayoutsQuerySchema>;

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
