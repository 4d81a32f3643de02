import { z } from 'zod';
import { keysetPageParams } from './list-query.ts';

export const WithdrawalSchema = z
  .object({
    id: z.string(),
    amountOre: z.number(),
    paymentMethodType: z.enum(['bank_account', 'iban', 'swish', 'paypal']),
    paymentMethodMasked: z.string(),
    status: z.enum(['requested', 'sent', 'paid', 'returned', 'rejected']),
    reason: z.string().nullable(),
    reference: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    heldUntil: z.string().nullable().meta({
      description: 'The first withdrawal to a newly added payout method is not paid before this time',
    }),
  })
  .meta({ id: 'Withdrawal' });
export type WithdrawalView = z.infer<typeof WithdrawalSchema>;

export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  creator: z.object({ id: z.string(), name: z.string(), email: z.string() }),
}).meta({ id: 'AdminWithdrawal' });

export const EarningsSchema = z
  .object({
    availableOre: z.number(),
    pendingOre: z.number(),
    paidOutOre: z.number(),
    minimumWithdrawalOre: z.number(),
    entries: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['earning', 'withdrawal']),
        description: z.string(),
        amountOre: z.number(),
        status: z.enum(['credited', 'requested', 'sent', 'paid', 'returned', 'rejected']),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'Earnings' });
export type Earnings = z.infer<typeof EarningsSchema>;

export const RequestWithdrawalBodySchema = z
  .object({
    amountOre: z.number({ message: 'required' }).int('invalid_amount').positive('invalid_amount'),
    paymentMethodId: z.string({ message: 'required' }).min(1, 'required').max(64, 'not_found'),
  })
  .strict()
  .meta({ id: 'RequestWithdrawalBody' });

export const PayBodySchema = z
  .object({ reference: z.string({ message: 'required' }).trim().min(1, 'required').max(200, 'too_long') })
  .strict()
  .meta({ id: 'PayWithdrawalBody' });
export const RejectBodySchema = z
  .object({ reason: z.string({ message: 'required' }).trim().min(1, 'required').max(2000, 'too_long') })
  .strict()
  .meta({ id: 'RejectWithdrawalBody' });

export const ListWithdrawalsQuerySchema = z.object({
  ...keysetPageParams,
  status: z.enum(['requested', 'sent', 'paid', 'returned', 'rejected']).optional(),
  sort: z.enum(['createdAt', 'amountOre']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListWithdrawalsQuery = z.infer<typeof ListWithdrawalsQuerySchema>;
