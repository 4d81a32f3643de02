import { z } from 'zod';

/** A payout as Swish returns it (GET /api/v1/payouts/{payoutInstructionUUID}). */
export const SwishPayoutSchema = z.object({
  payoutInstructionUUID: z.string(),
  payerPaymentReference: z.string().nullish(),
  paymentReference: z.string().nullish(),
  payerAlias: z.string().nullish(),
  payeeAlias: z.string().nullish(),
  payeeSSN: z.string().nullish(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  errorCode: z.string().nullish(),
  errorMessage: z.string().nullish(),
  dateCreated: z.string().nullish(),
  datePaid: z.string().nullish(),
});
export type SwishPayout = z.infer<typeof SwishPayoutSchema>;

/** Swish's error answer: a list of codes and messages. */
export const SwishErrorsSchema = z.array(
  z.object({ errorCode: z.string(), errorMessage: z.string().nullish(), additionalInformation: z.string().nullish() }),
);

export interface SwishPayoutRequest {
  /** 32 upper-case hex digits, chosen by us: sending it again is the same payout. */
  payoutInstructionUUID: string;
  payerPaymentReference: string;
  payeeAlias: string;
  /** YYYYMMDDNNNN, the payee's personal number. */
  payeeSSN: string;
  amountOre: number;
  message: string;
  callbackUrl: string;
}
