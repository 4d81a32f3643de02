import { z } from 'zod';

export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    type: z.enum(['bank_account', 'iban', 'swish', 'paypal']),
    masked: z.string().meta({ example: 'Swish •••• 4567' }),
    isDefault: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentMethod' });

export type PaymentMethodView = z.infer<typeof PaymentMethodSchema>;

const field = (code: string, max = 64) => z.string({ message: 'required' }).trim().min(1, 'required').max(max, code);

export const AddPaymentMethodBodySchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('bank_account'),
        clearingNumber: field('invalid_clearing_number', 16),
        accountNumber: field('invalid_account_number', 24),
        isDefault: z.boolean().optional(),
      }),
      z.object({
        type: z.literal('iban'),
        iban: field('invalid_iban', 48),
        bic: field('invalid_bic', 16),
        isDefault: z.boolean().optional(),
      }),
      z.object({
        type: z.literal('swish'),
        number: field('invalid_swish_number', 24),
        isDefault: z.boolean().optional(),
      }),
      z.object({
        type: z.literal('paypal'),
        email: field('invalid_email', 254).pipe(z.email({ message: 'invalid_email' })),
        isDefault: z.boolean().optional(),
      }),
    ],
    { message: 'invalid_type' },
  )
  .meta({ id: 'AddPaymentMethodBody' });

export type AddPaymentMethodBody = z.infer<typeof AddPaymentMethodBodySchema>;

export const UpdatePaymentMethodBodySchema = z
  .object({ id: z.string().min(1).max(64), isDefault: z.literal(true, { message: 'invalid_value' }) })
  .meta({ id: 'UpdatePaymentMethodBody' });

export const PaymentMethodEnvelopeSchema = z
  .object({ data: PaymentMethodSchema })
  .meta({ id: 'PaymentMethodResponse' });
export const PaymentMethodListSchema = z
  .object({ data: z.array(PaymentMethodSchema) })
  .meta({ id: 'PaymentMethodList' });
