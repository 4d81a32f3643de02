import { z } from 'zod';
import { keysetPageParams, sortParams } from './list-query.ts';

export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'awaiting_payment',
  'partially_paid',
  'paid',
  'failed',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What funding a campaign (or adding slots to a live one) costs, in öre. */
export const QuoteSchema = z
  .object({
    purpose: z.enum(['funding', 'top_up']),
    slots: z.number(),
    payoutOre: z.number(),
    creatorBudgetOre: z.number().meta({ description: 'payout × slots; held in the campaign’s escrow' }),
    feeBasisPoints: z.number().meta({ description: 'Kollab’s fee rate, 1500 = 15 %' }),
    feeOre: z.number(),
    vatBasisPoints: z.number().meta({ description: 'The moms rate on the fee, 2500 = 25 %' }),
    vatOre: z.number(),
    totalOre: z.number(),
    creditAppliedOre: z.number().meta({ description: 'Brand credit used first' }),
    amountDueOre: z.number(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof QuoteSchema>;

export const QuoteQuerySchema = z
  .object({
    slots: z.coerce.number().int('invalid_slots').min(1, 'invalid_slots').max(1000, 'invalid_slots').optional(),
  })
  .strict();

export const PaymentSchema = z
  .object({
    id: z.string(),
    campaignId: z.string(),
    campaignTitle: z.string(),
    purpose: z.enum(['funding', 'top_up']),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    slots: z.number(),
    creatorBudgetOre: z.number(),
    feeOre: z.number(),
    vatOre: z.number(),
    creditAppliedOre: z.number(),
    amountOre: z.number().meta({ description: 'What is left to pay after credit' }),
    receivedOre: z.number(),
    failureCode: z.string().nullable().meta({ description: 'Why the last card attempt failed (decline code)' }),
    nextActionUrl: z.string().nullable().meta({ description: 'The 3-D Secure page to send the cardholder to' }),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof PaymentSchema>;

export const CreatePaymentBodySchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { message: 'invalid_method' }),
    slots: z.number().int('invalid_slots').min(1, 'invalid_slots').max(1000, 'invalid_slots').optional(),
  })
  .strict();

/** A card: Stripe's test payment-method token (`pm_card_visa`), or the card's details from Kollab's own form. */
export const CardBodySchema = z
  .object({
    paymentMethodId: z
      .string()
      .regex(/^pm_[A-Za-z0-9_]{1,100}$/, 'invalid_payment_method')
      .optional(),
    card: z
      .object({
        number: z
          .string()
          .transform((value) => value.replace(/[\s-]/g, ''))
          .pipe(z.string().regex(/^\d{12,19}$/, 'invalid_card_number')),
        expMonth: z.number().int('invalid_expiry').min(1, 'invalid_expiry').max(12, 'invalid_expiry'),
        expYear: z.number().int('invalid_expiry').min(2000, 'invalid_expiry').max(2100, 'invalid_expiry'),
        cvc: z.string().regex(/^\d{3,4}$/, 'invalid_cvc'),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => Boolean(body.paymentMethodId) !== Boolean(body.card), {
    message: 'card_or_payment_method',
    path: ['card'],
  });
export type CardBody = z.infer<typeof CardBodySchema>;

export const RefundSchema = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    amountOre: z.number(),
    status: z.enum(['pending', 'succeeded', 'failed']),
    failureCode: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Refund' });

export const BillingSchema = z
  .object({
    creditOre: z.number().meta({ description: 'The brand’s credit with Kollab' }),
    availableCreditOre: z.number().meta({ description: 'Credit not promised to an open payment' }),
    payments: z.array(PaymentSchema),
    refunds: z.array(RefundSchema),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof BillingSchema>;

export const RefundBodySchema = z
  .object({ amountOre: z.number({ message: 'required' }).int('invalid_amount').positive('invalid_amount') })
  .strict();

export const AdminPaymentSchema = PaymentSchema.extend({
  brand: z.object({ id: z.string(), name: z.string(), email: z.string() }),
}).meta({ id: 'AdminPayment' });

export const ListPaymentsQuerySchema = z
  .object({
    ...keysetPageParams,
    status: z.enum(PAYMENT_STATUSES).optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    ...sortParams(['createdAt', 'amountOre'] as const, 'createdAt'),
  })
  .strict();
export type ListPaymentsQuery = z.infer<typeof ListPaymentsQuerySchema>;

/** One funded campaign's escrow: paid in − paid to creators − returned = held (escrow + reserved). */
export const EscrowRowSchema = z
  .object({
    id: z.string().meta({ description: 'The campaign id (one row per campaign)' }),
    campaignId: z.string(),
    campaignTitle: z.string(),
    brandName: z.string(),
    fundedAt: z.string(),
    closedAt: z.string().nullable(),
    paidInOre: z.number(),
    paidToCreatorsOre: z.number(),
    returnedOre: z.number(),
    escrowOre: z.number().meta({ description: 'Not yet promised to a claim' }),
    reservedOre: z.number().meta({ description: 'Promised to claims under way' }),
  })
  .meta({ id: 'EscrowRow' });

export const ListEscrowQuerySchema = z
  .object({
    ...keysetPageParams,
    open: z.enum(['yes', 'no']).optional(),
    ...sortParams(['fundedAt'] as const, 'fundedAt'),
  })
  .strict();
export type ListEscrowQuery = z.infer<typeof ListEscrowQuerySchema>;
