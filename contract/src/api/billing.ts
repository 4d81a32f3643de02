import { z } from 'zod';
import { keysetPageParams, sortParams } from './list-query.ts';

/** Invoices, receipts (card payments) and credit notes (ADR 024). */
export const BILLING_DOCUMENT_KINDS = ['invoice', 'receipt', 'credit_note'] as const;
/** An invoice's payment state; `overdue` is open past its due date. */
export const INVOICE_STATES = ['open', 'overdue', 'paid', 'credited'] as const;

export const BillingLineSchema = z.object({
  item: z.enum(['platform_fee', 'creator_budget', 'credit_applied']),
  description: z.string(),
  netOre: z.number(),
  vatRateBp: z.number().meta({ description: 'Basis points: 2500 = 25 %' }),
  vatOre: z.number(),
  vatNote: z.string().nullable(),
});

export const BillingDocumentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(BILLING_DOCUMENT_KINDS),
    documentNumber: z.string().meta({ example: 'F1001' }),
    issuedOn: z.string(),
    dueOn: z.string().nullable(),
    ocr: z.string().nullable(),
    bankgiro: z.string(),
    campaignId: z.string().nullable(),
    creditsDocumentNumber: z.string().nullable(),
    buyerName: z.string(),
    lines: z.array(BillingLineSchema),
    netOre: z.number(),
    vatOre: z.number(),
    totalOre: z.number(),
    paidOre: z.number(),
    state: z.enum(INVOICE_STATES),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'BillingDocument' });
export type BillingDocumentView = z.infer<typeof BillingDocumentSchema>;

export const BillingAddressSchema = z
  .object({
    street: z.string({ message: 'required' }).trim().min(1, 'required').max(200, 'too_long'),
    postalCode: z
      .string({ message: 'required' })
      .trim()
      .regex(/^\d{3} ?\d{2}$|^[A-Za-z0-9 -]{3,10}$/, 'invalid_postal_code'),
    city: z.string({ message: 'required' }).trim().min(1, 'required').max(100, 'too_long'),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, 'invalid_country')
      .default('SE'),
  })
  .strict()
  .meta({ id: 'BillingAddress' });
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

export const ListInvoicesQuerySchema = z
  .object({
    ...keysetPageParams,
    ...sortParams(['issuedOn', 'dueOn', 'totalOre', 'documentNumber'] as const, 'issuedOn'),
    kind: z.enum(BILLING_DOCUMENT_KINDS).optional(),
    state: z.enum(INVOICE_STATES).optional(),
  })
  .strict();
export type ListInvoicesQuery = z.infer<typeof ListInvoicesQuerySchema>;

export const AdminBillingDocumentSchema = BillingDocumentSchema.extend({
  brand: z.object({ id: z.string(), name: z.string(), email: z.string() }),
}).meta({ id: 'AdminBillingDocument' });

export const MarkPaidBodySchema = z
  .object({ reason: z.string({ message: 'required' }).trim().min(3, 'too_short').max(500, 'too_long') })
  .strict()
  .meta({ id: 'MarkInvoicePaidBody' });

/** What importing a bank file does with one payment line. */
export const BANK_PAYMENT_OUTCOMES = [
  'paid',
  'partial',
  'overpaid',
  'already_paid',
  'unknown_reference',
  'not_incoming',
  'duplicate',
] as const;

export const BankFilePreviewSchema = z
  .object({
    format: z.enum(['bgmax', 'camt054']),
    sha256: z.string(),
    account: z.string(),
    alreadyImported: z.boolean(),
    payments: z.array(
      z.object({
        bankReference: z.string(),
        references: z.array(z.string()),
        amountOre: z.number(),
        bookedOn: z.string(),
        payerName: z.string().nullable(),
        outcome: z.enum(BANK_PAYMENT_OUTCOMES),
        invoice: z
          .object({ id: z.string(), documentNumber: z.string(), totalOre: z.number(), openOre: z.number() })
          .nullable(),
        appliedOre: z.number(),
        excessOre: z.number(),
      }),
    ),
    totals: z.object({ matchedOre: z.number(), unmatchedOre: z.number(), invoicesPaid: z.number() }),
  })
  .meta({ id: 'BankFilePreview' });
export type BankFilePreview = z.infer<typeof BankFilePreviewSchema>;

export const SieQuerySchema = z
  .object({
    from: z.iso.date({ message: 'invalid_date' }),
    to: z.iso.date({ message: 'invalid_date' }),
  })
  .strict()
  .refine((query) => query.from <= query.to, { message: 'from_after_to', path: ['to'] });
