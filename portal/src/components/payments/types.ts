import type { MessageKey } from '../../providers/i18n-provider';

/** `GET /api/campaigns/{id}/quote` (contract/src/api/payments.ts), amounts in öre. */
export interface Quote {
  purpose: 'funding' | 'top_up';
  slots: number;
  payoutOre: number;
  creatorBudgetOre: number;
  feeBasisPoints: number;
  feeOre: number;
  vatBasisPoints: number;
  vatOre: number;
  totalOre: number;
  creditAppliedOre: number;
  amountDueOre: number;
}

/** The API's payment statuses and methods (contract/src/api/payments.ts; the portal takes only types from it). */
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
export const PAYMENT_METHODS = ['card', 'invoice'] as const;

export interface Payment {
  id: string;
  campaignId: string;
  campaignTitle: string;
  purpose: 'funding' | 'top_up';
  method: 'card' | 'invoice';
  status: PaymentStatus;
  slots: number;
  creatorBudgetOre: number;
  feeOre: number;
  vatOre: number;
  creditAppliedOre: number;
  amountOre: number;
  receivedOre: number;
  failureCode: string | null;
  nextActionUrl: string | null;
  createdAt: string;
  paidAt: string | null;
}

export interface Billing {
  creditOre: number;
  availableCreditOre: number;
  payments: Payment[];
  refunds: { id: string; paymentId: string; amountOre: number; status: string; createdAt: string }[];
}

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
