import type { PaymentStatus } from '@kollab/contract/api/payments';
import type { MessageKey } from '../../providers/i18n-provider';

/** The API's answers, as the contract defines them (contract/src/api/payments.ts); amounts in öre. */
export type { Billing, PaymentStatus, PaymentView as Payment, Quote } from '@kollab/contract/api/payments';

/**
 * The payment statuses and methods as values, for filters and chips. The portal takes only types
 * from the contract's API schemas (contract/src/boundaries.test.ts); `satisfies` keeps this list
 * the contract's.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'requires_action',
  'awaiting_payment',
  'partially_paid',
  'paid',
  'failed',
  'cancelled',
] as const satisfies readonly PaymentStatus[];
export const PAYMENT_METHODS = ['card', 'invoice'] as const;

const DECLINES = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_number',
  'processing_error',
  'payment_intent_authentication_failure',
] as const;

/** The text for a card's decline code (the API's `fields.card` or a payment's `failureCode`). */
export function declineKey(code: string | null | undefined): MessageKey {
  return (DECLINES as readonly string[]).includes(code ?? '')
    ? (`payments.declined.${code}` as MessageKey)
    : 'payments.declined.other';
}
